// What every service function needs: the stores, the local sandbox, the host, and the rule for
// finding a profile. Services get this instead of reaching for globals.
import type { Profile } from '../../src-shared/contract/schemas.ts';
import type { CredentialStore } from './credentials/credential-store.ts';
import type { TaskFinished } from './desktop/notify-policy.ts';
import { ServiceError } from './errors.ts';
import type { DownloadRegistry } from './local-ledger/export/download-registry.ts';
import type { SqlChildStarter } from './local-ledger/sql/sql-protocol.ts';
import type { LocalSandbox } from './local-sandbox.ts';
import type { RequestRegistry } from './request-registry.ts';
import type { SettingsStore } from './settings/settings-store.ts';

/** What the host (Electron, or the browser test bridge) does for main that plain Node cannot. */
export interface Host {
  /** Asks the user where to save a file; null when they cancel. */
  chooseSavePath(defaultName: string, filters: Array<{ name: string; extensions: string[] }>): Promise<string | null>;
  /** Asks the user for a folder (the notebook's "Open folder…"); null when they cancel. Absent in the browser version. */
  chooseFolder?(): Promise<string | null>;
  /** The HTML (self-contained, no script) printed as a PDF; absent where no Electron runs (the browser version). */
  printToPdf?(html: string): Promise<Uint8Array>;
  /** Shows a folder in the OS file manager (true if it did); absent in the browser version. docs/desktop.md */
  revealPath?(path: string): Promise<boolean>;
  /**
   * Starts the process user SQL runs in (local-ledger/sql/): the desktop app's
   * utilityProcess; absent: Node's fork of the source (the browser version, the CLI, tests).
   */
  startSqlProcess?: SqlChildStarter;
  /** An export or local sync ended: the desktop host may notify (desktop/notify-policy.ts). Must not throw. */
  taskFinished?(event: TaskFinished): void;
}

/**
 * How long main waits for an answer, per interface. Unset: the clients' own defaults (ledger data
 * 20 s, chain listing 15 s). The RPC console has its own per-call timeout. Tests set these short.
 */
export interface ServiceTimeouts {
  transfersMs?: number;
  chainsMs?: number;
  /** How long app:nextEvent waits for a link or command before answering null (tests: short). */
  shellPollMs?: number;
}

export interface ServiceContext {
  settings: SettingsStore;
  credentials: CredentialStore;
  sandbox: LocalSandbox;
  requests: RequestRegistry;
  host: Host;
  version: string;
  transport: 'electron' | 'web';
  log: (line: string) => void;
  timeouts?: ServiceTimeouts;
  /**
   * The browser version only: the files main wrote for the user, which the page may download
   * (local-ledger/export/download-registry.ts). A service that writes one adds it once it is whole.
   */
  downloads?: DownloadRegistry;
  profile(id: string): Profile;
}

export function createServiceContext(parts: Omit<ServiceContext, 'profile'>): ServiceContext {
  return {
    ...parts,
    profile(id) {
      const found = parts.settings.settings.profiles.find((p) => p.id === id);
      if (!found) throw new ServiceError('not_found', `No connection profile "${id}"`);
      return found;
    },
  };
}
