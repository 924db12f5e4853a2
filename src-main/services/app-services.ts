// Composes the plain-Node services of main. The Electron shell and the browser test bridge
// both start the app through this, so they run the same handlers against the same services.
import type { AppInfo } from '../../src-shared/contract/schemas.ts';
import { CredentialStore, type CredentialStoreOptions } from './credentials/credential-store.ts';
import { ExportJobs } from './export/export-jobs.ts';
import { appHandlers } from './handlers/app-handlers.ts';
import { chainsHandlers } from './handlers/chains-handlers.ts';
import { createDispatch, type Dispatch } from './handlers/dispatch.ts';
import { exportHandlers } from './handlers/export-handlers.ts';
import { rpcHandlers } from './handlers/rpc-handlers.ts';
import { secretsHandlers } from './handlers/secrets-handlers.ts';
import { settingsHandlers } from './handlers/settings-handlers.ts';
import { transfersHandlers } from './handlers/transfers-handlers.ts';
import { RequestRegistry } from './request-registry.ts';
import { type SandboxNetwork, type SandboxOptions, startSandboxNetwork } from './sandbox/sandbox-network.ts';
import { createServiceContext, type Host, type ServiceContext, type ServiceTimeouts } from './service-context.ts';
import { SettingsStore } from './settings/settings-store.ts';

export interface AppServicesOptions {
  userDataDir: string;
  version: string;
  transport: AppInfo['transport'];
  host: Host;
  keychain?: CredentialStoreOptions;
  /** Start the in-process sandbox network for the built-in profile (default true). */
  sandbox?: boolean | SandboxOptions;
  /** Shorter waits for tests (the product uses the clients' defaults). */
  timeouts?: ServiceTimeouts;
  log?: (line: string) => void;
}

export interface AppServices {
  dispatch: Dispatch;
  context: ServiceContext;
  exports: ExportJobs;
  sandbox: SandboxNetwork | null;
  close(): Promise<void>;
}

export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  const log = options.log ?? (() => {});
  const [settings, credentials, sandboxResult] = await Promise.all([
    SettingsStore.open(options.userDataDir),
    CredentialStore.open(options.keychain),
    options.sandbox === false
      ? null
      : startSandboxNetwork({ log, ...(typeof options.sandbox === 'object' ? options.sandbox : {}) }).catch(
          (error: Error) => error,
        ),
  ]);
  const sandbox = sandboxResult instanceof Error ? null : sandboxResult;
  const sandboxError =
    sandboxResult instanceof Error ? `The local sandbox network could not start: ${sandboxResult.message}` : null;
  if (sandboxError) log(sandboxError);

  const context = createServiceContext({
    settings,
    credentials,
    sandbox,
    sandboxError,
    requests: new RequestRegistry(),
    host: options.host,
    version: options.version,
    transport: options.transport,
    log,
    timeouts: options.timeouts,
  });
  const exports = new ExportJobs();
  const closers: Array<() => Promise<void>> = [];
  const dispatch = createDispatch(
    {
      app: appHandlers(context),
      settings: settingsHandlers(context),
      secrets: secretsHandlers(context),
      chains: chainsHandlers(context),
      transfers: transfersHandlers(context),
      export: exportHandlers(context, exports),
      rpc: rpcHandlers(context, { userDataDir: options.userDataDir, onClose: (finish) => closers.push(finish) }),
    },
    log,
  );
  return {
    dispatch,
    context,
    exports,
    sandbox,
    // Before quitting: running exports are cancelled (their partial files removed), the last RPC
    // history write lands, then the sandbox and its EVM nodes stop.
    close: async () => {
      await exports.cancelAll();
      await Promise.all(closers.map((finish) => finish()));
      await sandbox?.close();
    },
  };
}
