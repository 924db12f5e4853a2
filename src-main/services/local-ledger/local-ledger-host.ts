// The local ledger as main's other services see it: the store paths at once, and the ledger itself in
// one of two places. The app's and the CLI's sync and export: the ledger engine, a process of its own
// (engine/engine-client.ts), so main never loads DuckDB. The CLI's `lake sync` and the tests that
// reach into a store: this process, the DuckDB part (entry.ts) loaded with import() on the first call
// that needs it (docs/architecture.md).
import type { SyncStatus } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import { readableParties } from '../ledger/readable-parties.ts';
import { openTransferSource } from '../ledger/transfer-fetch.ts';
import type { ServiceContext } from '../service-context.ts';
import { EngineClient, type EngineStarter } from './engine/engine-client.ts';
import type { LocalLedger, LocalLedgerOptions } from './local-ledger.ts';
import type { LegReader } from './store/leg-access.ts';
import { storeFolder, storePathIn } from './store/store-paths.ts';

export type LocalLedgerModule = typeof import('./entry.ts');

export interface LocalLedgerHostOptions extends LocalLedgerOptions {
  /**
   * Run the ledger in an engine process started this way (the app: Node's fork in the browser
   * version and the CLI, Electron's utilityProcess in the desktop app); absent: in this process (`lake sync`, tests).
   */
  engine?: EngineStarter;
  /** When the engine stops being restarted (engine-client.ts; default: 3 deaths within a minute). */
  engineRestarts?: { limit: number; windowMs: number };
}

export class LocalLedgerHost {
  readonly folder: string;
  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;
  private readonly options: LocalLedgerOptions;
  private loading: Promise<{ module: LocalLedgerModule; ledger: LocalLedger }> | null = null;
  private ledgerNow: LocalLedger | null = null;
  /** The engine the ledger runs in, or null: it runs in this process. */
  readonly engine: EngineClient | null;

  constructor(ctx: ServiceContext, userDataDir: string, hostOptions: LocalLedgerHostOptions = {}) {
    const { engine, engineRestarts, ...options } = hostOptions;
    this.ctx = ctx;
    this.userDataDir = userDataDir;
    this.options = options;
    this.folder = storeFolder(userDataDir);
    const { onChange, ...plain } = options;
    this.engine = engine
      ? new EngineClient(ctx, {
          userDataDir,
          options: plain,
          onChange,
          start: engine,
          restarts: engineRestarts,
        })
      : null;
  }

  storePath(profileId: string): string {
    return storePathIn(this.folder, profileId);
  }

  /** The DuckDB part and the one LocalLedger, loaded once. */
  load(): Promise<{ module: LocalLedgerModule; ledger: LocalLedger }> {
    if (this.engine) {
      return Promise.reject(
        new ServiceError('internal', 'The local ledger runs in the ledger engine: main has no store of its own.'),
      );
    }
    this.loading ??= import('./entry.ts').then((module) => {
      const ledger = new module.LocalLedger(this.ctx, this.userDataDir, {
        ...this.options,
        sources: {
          transfers: (profileId) => openTransferSource(this.ctx, profileId),
          readableParties: (profileId) => readableParties(this.ctx, profileId),
        },
      });
      this.ledgerNow = ledger;
      return { module, ledger };
    });
    return this.loading;
  }

  async ledger(): Promise<LocalLedger> {
    return (await this.load()).ledger;
  }

  async reader(profileId: string): Promise<LegReader> {
    return (await this.ledger()).reader(profileId);
  }

  /** A job's status; a job exists only once the ledger is loaded (its start loaded it). */
  syncStatus(jobId: string): SyncStatus {
    if (!this.ledgerNow) throw new ServiceError('not_found', `No sync job ${jobId}`);
    return this.ledgerNow.syncStatus(jobId);
  }

  async cancelSync(jobId: string): Promise<SyncStatus> {
    return (await this.ledger()).cancelSync(jobId);
  }

  async waitForSync(jobId: string): Promise<SyncStatus> {
    return (await this.ledger()).waitForSync(jobId);
  }

  /** Stops syncs and closes stores (the engine's, or this process's if the ledger was ever loaded). */
  async close(): Promise<void> {
    await this.engine?.close();
    if (this.loading) await (await this.loading).ledger.close();
  }
}
