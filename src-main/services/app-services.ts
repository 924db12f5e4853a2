// Composes the plain-Node services of main. The Electron shell and the browser test bridge
// both start the app through this, so they run the same handlers against the same services.
import type { AppInfo } from '../../src-shared/contract/schemas.ts';
import { CredentialStore, type CredentialStoreOptions } from './credentials/credential-store.ts';
import { createDispatch, type Dispatch } from './dispatch.ts';
import { abiHandlers } from './handlers/abi-handlers.ts';
import { appHandlers } from './handlers/app-handlers.ts';
import { chainsHandlers } from './handlers/chains-handlers.ts';
import { exportHandlers } from './handlers/export-handlers.ts';
import { localHandlers } from './handlers/local-handlers.ts';
import { notebookHandlers } from './handlers/notebook-handlers.ts';
import { reportHandlers } from './handlers/report-handlers.ts';
import { rpcHandlers } from './handlers/rpc-handlers.ts';
import { secretsHandlers } from './handlers/secrets-handlers.ts';
import { settingsHandlers } from './handlers/settings-handlers.ts';
import { transfersHandlers } from './handlers/transfers-handlers.ts';
import { workspaceHandlers } from './handlers/workspace-handlers.ts';
import type { ShellInbox } from './links/shell-inbox.ts';
import { DownloadRegistry } from './local-ledger/export/download-registry.ts';
import { ExportJobs } from './local-ledger/export/export-jobs.ts';
import { LocalLedgerHost, type LocalLedgerHostOptions } from './local-ledger/local-ledger-host.ts';
import { userText } from './local-ledger/store/store-markers.ts';
import { LocalSandbox, type SandboxNetwork, type SandboxOptions } from './local-sandbox.ts';
import { onFirstUse } from './on-first-use.ts';
import { RequestRegistry } from './request-registry.ts';
import { AbiLibraryHost } from './rpc/abi-library-host.ts';
import { RpcConsole } from './rpc/rpc-console.ts';
import { createServiceContext, type Host, type ServiceContext, type ServiceTimeouts } from './service-context.ts';
import { SettingsStore } from './settings/settings-store.ts';

export interface AppServicesOptions {
  userDataDir: string;
  version: string;
  transport: AppInfo['transport'];
  host: Host;
  keychain?: CredentialStoreOptions;
  /**
   * The local sandbox network for the built-in profile (default true): started with the app when
   * the active profile is the sandbox, else on the first call that uses it. false: no sandbox.
   */
  sandbox?: boolean | SandboxOptions;
  /**
   * How this process shares the local stores with other programs (docs/local-ledger.md, "Two
   * programs, one store"). Default: the app's (a view waits a few seconds, a sync until cancelled),
   * named after the transport; main tells the renderer when another program changed a store.
   */
  localLedger?: Omit<LocalLedgerHostOptions, 'onChange'> & {
    /** false: no watch on other programs' changes (the CLI has no screen to refresh). */
    watch?: boolean;
  };
  /** Shorter waits for tests (the product uses the clients' defaults). */
  timeouts?: ServiceTimeouts;
  log?: (line: string) => void;
}

export interface AppServices {
  dispatch: Dispatch;
  context: ServiceContext;
  exports: ExportJobs;
  /** The browser version: files main wrote that the page may download (the web shell serves them); else null. */
  downloads: DownloadRegistry | null;
  /** The local ledger stores and their syncs (DuckDB loaded on first use). */
  local: LocalLedgerHost;
  /** Where the shell puts links and menu commands for the renderer (docs/links.md). */
  shellInbox: Pick<ShellInbox, 'push'>;
  /** The local sandbox network while it runs, else null. */
  readonly sandbox: SandboxNetwork | null;
  close(): Promise<void>;
}

/**
 * The local ledger, named to other programs after the transport unless the caller names it; another
 * program's change to a store is pushed to the renderer (unless `watch` is false: the CLI).
 */
function localLedgerHost(
  context: ServiceContext,
  options: AppServicesOptions,
  pushShellEvent: AppServices['shellInbox']['push'],
): LocalLedgerHost {
  const { watch = true, ...localLedger } = options.localLedger ?? {};
  return new LocalLedgerHost(context, options.userDataDir, {
    ...localLedger,
    access: {
      program: options.transport === 'electron' ? 'Ledger Explorer' : 'Ledger Explorer (npm run dev:web)',
      ...localLedger.access,
    },
    onChange: watch
      ? (change) =>
          pushShellEvent({
            kind: 'local-changed',
            profileId: change.profileId,
            party: change.party,
            by: change.by ? userText(change.by) : null,
          })
      : undefined,
  });
}

export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  const log = options.log ?? (() => {});
  const sandbox = new LocalSandbox(
    options.sandbox === false ? null : typeof options.sandbox === 'object' ? options.sandbox : {},
    log,
  );
  const [settings, credentials] = await Promise.all([
    SettingsStore.open(options.userDataDir),
    CredentialStore.open(options.keychain),
  ]);
  // The sandbox profile is what a new user sees first: have its network ready with the window.
  if (settings.settings.activeProfileId === 'sandbox') await sandbox.start();

  const downloads = options.transport === 'web' ? new DownloadRegistry() : null;
  const context = createServiceContext({
    settings,
    credentials,
    sandbox,
    requests: new RequestRegistry(),
    host: options.host,
    version: options.version,
    transport: options.transport,
    log,
    timeouts: options.timeouts,
    ...(downloads ? { downloads } : {}),
  });
  const exports = new ExportJobs(
    (s) => options.host.taskFinished?.({ ...s, kind: 'export' }),
    downloads ? (path) => downloads.add(path) : undefined,
  );
  const rpc = new RpcConsole(context, options.userDataDir);
  // The old saved requests become its first collection: read from the history file on first open.
  const workspace = onFirstUse(async () => {
    const { RpcWorkspace } = await import('./rpc/rpc-workspace.ts');
    return new RpcWorkspace(context, options.userDataDir, () => rpc.savedRequests());
  });
  const links = onFirstUse(
    async () => new (await import('./links/links-host.ts')).LinksHost(context, options.userDataDir),
  );
  const pushShellEvent: AppServices['shellInbox']['push'] = (event) =>
    void links.get().then((host) => host.inbox.push(event));
  const local = localLedgerHost(context, options, pushShellEvent);
  const abiLibrary = new AbiLibraryHost(context, options.userDataDir);
  const notebook = onFirstUse(async () => {
    const { NotebookFolders } = await import('./notebook/notebook-folders.ts');
    return new NotebookFolders(options.userDataDir, options.host, (id) => context.profile(id));
  });
  const dispatch = createDispatch(
    {
      app: appHandlers(context, links, options.userDataDir),
      // One line each on the links host (loaded on first use); no module of their own: main's start-up bundle.
      views: { recent: async () => (await links.get()).recent(), record: async (l) => (await links.get()).record(l) },
      settings: settingsHandlers(context, (id) => abiLibrary.forgetProfile(id)),
      secrets: secretsHandlers(context),
      chains: chainsHandlers(context),
      transfers: transfersHandlers(context),
      export: exportHandlers(context, exports),
      rpc: rpcHandlers(rpc),
      workspace: workspaceHandlers(workspace),
      abi: abiHandlers(abiLibrary),
      report: reportHandlers(context),
      local: localHandlers(local, context),
      notebook: notebookHandlers(notebook),
    },
    log,
  );
  return {
    dispatch,
    context,
    exports,
    downloads,
    local,
    // In order: callbacks on one promise run in the order they were added.
    shellInbox: { push: pushShellEvent },
    get sandbox() {
      return sandbox.network;
    },
    // Before quitting: running exports are cancelled (their partial files removed), the last RPC
    // history write lands, then the sandbox and its EVM nodes stop.
    close: async () => {
      await exports.cancelAll();
      await local.close();
      await rpc.close();
      await (await workspace.loaded())?.close();
      await abiLibrary.close();
      (await notebook.loaded())?.close();
      await (await links.loaded())?.close();
      await sandbox.close();
    },
  };
}
