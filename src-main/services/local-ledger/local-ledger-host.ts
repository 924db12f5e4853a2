// The local ledger as main's other services see it: the store paths at once, everything else after
// the DuckDB part (entry.ts) is loaded with import() on the first call that needs it, as the
// sandbox is (docs/architecture.md).
import type { SyncStatus } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import type { LocalLedger, LocalLedgerOptions } from './local-ledger.ts';
import type { LegReader } from './store/leg-access.ts';
import { storeFolder, storePathIn } from './store/store-paths.ts';

export type LocalLedgerModule = typeof import('./entry.ts');

export class LocalLedgerHost {
  readonly folder: string;
  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;
  private readonly options: LocalLedgerOptions;
  private loading: Promise<{ module: LocalLedgerModule; ledger: LocalLedger }> | null = null;
  private ledgerNow: LocalLedger | null = null;

  constructor(ctx: ServiceContext, userDataDir: string, options: LocalLedgerOptions = {}) {
    this.ctx = ctx;
    this.userDataDir = userDataDir;
    this.options = options;
    this.folder = storeFolder(userDataDir);
  }

  storePath(profileId: string): string {
    return storePathIn(this.folder, profileId);
  }

  /** The DuckDB part and the one LocalLedger, loaded once. */
  load(): Promise<{ module: LocalLedgerModule; ledger: LocalLedger }> {
    this.loading ??= import('./entry.ts').then((module) => {
      const ledger = new module.LocalLedger(this.ctx, this.userDataDir, this.options);
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

  /** Stops syncs and closes stores, if the ledger was ever loaded. */
  async close(): Promise<void> {
    if (this.loading) await (await this.loading).ledger.close();
  }
}
