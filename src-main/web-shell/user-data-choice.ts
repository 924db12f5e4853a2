// Which user-data folder and keychain service `npm run dev:web` runs on (docs/security.md, "The
// browser version's key"; README, "Set up"):
// - by default the desktop app's folder, the one the CLI uses too (src-main/cli/user-data-dir.ts:
//   LEDGER_EXPLORER_USER_DATA, else ~/.config/ledger-explorer or the platform's equivalent), with the
//   desktop app's keychain service, so the address book, theme, environments, history, the synced
//   store and the profiles' saved secrets are the same in all three;
// - `--user-data-dir D`: that folder (tests, a second setup), same keychain service as the CLI run on it;
// - `--temp-user-data`: a new folder under the OS temp folder and a keychain service of its own, both
//   removed when the server stops: a throwaway run leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultUserDataDir } from '../cli/user-data-dir.ts';
import { KEYCHAIN_SERVICE } from '../services/credentials/credential-store.ts';

export interface UserDataChoice {
  dir: string;
  /** shared: the desktop app's and the CLI's folder; chosen: --user-data-dir; temporary: --temp-user-data. */
  kind: 'shared' | 'chosen' | 'temporary';
  keychainService: string;
  /** The keychain service was made up for this run: its entries are deleted when the server stops. */
  throwawayKeychain: boolean;
}

export class UserDataUsageError extends Error {}

export async function chooseUserData(
  options: { userDataDir?: string; temporary: boolean; keychainService?: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<UserDataChoice> {
  if (options.temporary && options.userDataDir !== undefined) {
    throw new UserDataUsageError('--temp-user-data and --user-data-dir name two folders: give one of them');
  }
  if (options.temporary) {
    const throwaway = options.keychainService === undefined;
    return {
      dir: await mkdtemp(join(tmpdir(), 'ledger-explorer-temp-')),
      kind: 'temporary',
      keychainService: options.keychainService ?? `ledger-explorer-temp-${randomBytes(6).toString('hex')}`,
      throwawayKeychain: throwaway,
    };
  }
  const dir = resolve(options.userDataDir ?? defaultUserDataDir(env));
  // Owner-only, as the desktop app's settings store makes it (a folder that exists keeps its mode).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    dir,
    kind: options.userDataDir === undefined ? 'shared' : 'chosen',
    keychainService: options.keychainService ?? KEYCHAIN_SERVICE,
    throwawayKeychain: false,
  };
}
