// The app's services for one CLI run: the desktop app's user-data folder and keychain, the
// in-process sandbox only for the sandbox profile (no EVM nodes: the CLI reads ledger data only),
// saves going to --out, and LEDGER_EXPLORER_LEDGER_JWT (when set) instead of the keychain's JWT for
// the profile named. The JWT is handed to main's ledger client as the saved one would be; it is
// never printed and never written anywhere (not even to the keychain).
// The commands call the channels as the renderer does: through the typed client (createBridge) over
// main's dispatch, in this process instead of over IPC, so their names and types are the contract's.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createBridge } from '../../src-shared/bridge/create-bridge.ts';
import type { LedgerApi } from '../../src-shared/contract/channels.ts';
import { type AppServices, type AppServicesOptions, startAppServices } from '../services/app-services.ts';

export const JWT_ENV = 'LEDGER_EXPLORER_LEDGER_JWT';

export interface CliServicesOptions {
  userDataDir: string;
  profile: string;
  keychainService: string | null;
  sandboxTransfers: number | null;
  /** Tests: one sandbox party's id is the longest the pattern allows. */
  sandboxLongPartyId?: boolean;
  /** Where an export is written (the host's save dialog, answered in advance). */
  savePath?: string;
  log: (line: string) => void;
  /** How this run shares the store with the app (who it is, how long it waits, what it says meanwhile). */
  localLedger?: AppServicesOptions['localLedger'];
}

/** The app's services, and its channels as the typed client: a failed call rejects with a BridgeErrorShape. */
export type CliServices = AppServices & { readonly api: LedgerApi };

export async function startCliServices(options: CliServicesOptions): Promise<CliServices> {
  const root = resolve(import.meta.dirname, '../..');
  const { version } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8')) as { version: string };
  const services = await startAppServices({
    userDataDir: options.userDataDir,
    version,
    transport: 'web',
    log: options.log,
    keychain: options.keychainService ? { service: options.keychainService } : undefined,
    // Only the built-in profile's id is 'sandbox' (the schema fixes it): any other profile starts none.
    sandbox:
      options.profile === 'sandbox'
        ? {
            evm: false,
            ...(options.sandboxTransfers ? { transfers: options.sandboxTransfers } : {}),
            ...(options.sandboxLongPartyId ? { longPartyId: true } : {}),
          }
        : false,
    host: { chooseSavePath: async () => (options.savePath ? resolve(options.savePath) : null) },
    localLedger: options.localLedger,
  });
  const jwt = process.env[JWT_ENV];
  // Read once and taken out of the environment: nothing this process starts inherits it.
  delete process.env[JWT_ENV];
  if (jwt) {
    const credentials = services.context.credentials;
    const fromKeychain = credentials.get.bind(credentials);
    credentials.get = async (profileId, kind) =>
      profileId === options.profile && kind === 'ledgerJwt' ? jwt : fromKeychain(profileId, kind);
  }
  return Object.assign(services, { api: createBridge(services.dispatch) });
}
