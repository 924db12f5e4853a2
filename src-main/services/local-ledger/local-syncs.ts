// The local ledger's single syncs (LocalLedger's: local-ledger.ts): each a job with the status the
// screen and the CLI poll, running runSync (sync/sync-run.ts) into the profile's store. Apart from
// local-ledger.ts so the jobs' bookkeeping reads on its own; the ledger answers its sync channels
// through it, and stops its jobs before a forget and at close.
import { randomBytes } from 'node:crypto';
import type { BridgeErrorShape } from '../../../src-shared/contract/errors.ts';
import type { SyncRequest, SyncStatus } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { LedgerContext, LedgerSources } from './store/ledger-sources.ts';
import type { LegWriter } from './store/leg-access.ts';
import { storeError } from './store/store-errors.ts';
import { runSync, type SyncProgress } from './sync/sync-run.ts';

interface SyncJob {
  status: SyncStatus;
  controller: AbortController;
  done: Promise<void>;
}

/** What the syncs use of the local ledger (LocalLedger). */
export interface SyncsLedger {
  readonly ctx: LedgerContext;
  readonly sources: LedgerSources;
  writer(profileId: string): Promise<LegWriter>;
}

export class LocalSyncs {
  private readonly jobs = new Map<string, SyncJob>();
  /** Per profile and party, the start under way (start). */
  private readonly starting = new Map<string, Promise<void>>();
  private readonly ledger: SyncsLedger;
  /** How long a sync waits for the file or for another program's sync of the same party. */
  private readonly waitMs: number;

  constructor(ledger: SyncsLedger, waitMs: number) {
    this.ledger = ledger;
    this.waitMs = waitMs;
  }

  /** Starts a sync (or returns the one already running for the party). */
  startSync(request: SyncRequest): Promise<SyncStatus> {
    // Two quick starts for one party (a double click, the CLI beside the app's window in one
    // process) must not both resume the same run: the second waits for the first to register.
    const key = `${request.profileId}\u0000${request.party}`;
    const before = this.starting.get(key) ?? Promise.resolve();
    const starting = before.catch(() => {}).then(() => this.startSyncNow(request));
    const settled = starting.then(
      () => {},
      () => {},
    );
    this.starting.set(key, settled);
    void settled.then(() => {
      if (this.starting.get(key) === settled) this.starting.delete(key);
    });
    return starting;
  }

  private async startSyncNow(request: SyncRequest): Promise<SyncStatus> {
    const profile = this.ledger.ctx.profile(request.profileId);
    const running = this.runningStatus(request.profileId, request.party);
    if (running) return running;
    const [store, source] = await Promise.all([
      this.ledger.writer(request.profileId),
      this.ledger.sources.transfers(request.profileId),
    ]);
    const nodeId = request.nodeId ?? profile.defaultNodeId ?? null;
    const controller = new AbortController();
    const started = Date.now();
    const status: SyncStatus = {
      jobId: randomBytes(8).toString('hex'),
      profileId: request.profileId,
      party: request.party,
      nodeId,
      state: 'running',
      window: { after: request.range.after ?? null, before: request.range.before ?? null },
      incremental: false,
      resumed: false,
      legs: 0,
      newLegs: null,
      changedLegs: null,
      goneLegs: null,
      pages: 0,
      legsPerSecond: 0,
      etaSeconds: null,
      waitingFor: null,
      startedAt: new Date(started).toISOString(),
      finishedAt: null,
      error: null,
    };
    const update = (p: SyncProgress) => {
      const seconds = (Date.now() - started) / 1000;
      Object.assign(status, {
        window: p.window,
        incremental: p.incremental,
        resumed: p.resumed,
        legs: p.legs,
        newLegs: p.newLegs,
        changedLegs: p.changedLegs,
        goneLegs: p.goneLegs,
        pages: p.pages,
        state:
          status.state === 'running' || status.state === 'waiting' ? (p.waiting ? 'waiting' : 'running') : status.state,
        waitingFor: p.waitingFor,
        legsPerSecond: seconds > 0 ? Math.round(p.legs / seconds) : 0,
        // One page gives no pace, and once the last page is in (covered null) nothing is left to fetch.
        etaSeconds:
          p.pages >= 2 && p.covered && p.covered > 0 && p.covered < 1
            ? Math.round((seconds * (1 - p.covered)) / p.covered)
            : null,
      });
    };
    const plan = {
      party: request.party,
      nodeId,
      after: request.range.after ?? null,
      before: request.range.before ?? null,
    };
    const done = runSync(store, source, plan, controller.signal, update, this.waitMs)
      .then(
        (p) => {
          update(p);
          status.state = 'done';
          status.etaSeconds = null;
          status.waitingFor = null;
        },
        (error) => {
          status.state = controller.signal.aborted ? 'cancelled' : 'failed';
          status.waitingFor = null;
          status.error = controller.signal.aborted ? null : syncErrorShape(error);
        },
      )
      .finally(() => {
        status.finishedAt = new Date().toISOString();
        // The desktop host may notify (docs/desktop.md).
        const { state, legs, error } = status;
        const elapsedMs = Date.now() - started;
        this.ledger.ctx.host.taskFinished?.({ kind: 'sync', state, legs, elapsedMs, error: error?.message ?? null });
      });
    this.jobs.set(status.jobId, { status, controller, done });
    return status;
  }

  syncStatus(jobId: string): SyncStatus {
    const job = this.jobs.get(jobId);
    if (!job) throw notFound(jobId);
    return job.status;
  }

  async cancelSync(jobId: string): Promise<SyncStatus> {
    const job = this.jobs.get(jobId);
    if (!job) throw notFound(jobId);
    job.controller.abort();
    await job.done;
    return job.status;
  }

  /** Resolves when the job ends (tests, the CLI). */
  async waitForSync(jobId: string): Promise<SyncStatus> {
    const job = this.jobs.get(jobId);
    if (!job) throw notFound(jobId);
    await job.done;
    return job.status;
  }

  /** The status of the party's sync running now, if one is. */
  runningStatus(profileId: string, party: string): SyncStatus | undefined {
    const job = [...this.jobs.values()].find(
      (j) => j.status.profileId === profileId && j.status.party === party && isRunning(j.status),
    );
    return job?.status;
  }

  /** Cancels the profile's syncs (of `party`, or all of them) and waits for each to end: a forget. */
  async stop(profileId: string, party: string | null): Promise<void> {
    const running = [...this.jobs.values()].filter(
      (j) => j.status.profileId === profileId && (party === null || j.status.party === party),
    );
    for (const job of running) {
      job.controller.abort();
      await job.done;
    }
  }

  /** Cancels every sync and waits for them all to end. */
  async close(): Promise<void> {
    for (const job of this.jobs.values()) job.controller.abort();
    await Promise.all([...this.jobs.values()].map((j) => j.done));
  }
}

/** A sync's failure as its status shows it: a store error in the sync's own words when it is no ServiceError. */
function syncErrorShape(error: unknown): BridgeErrorShape {
  const known =
    error instanceof ServiceError ? error : storeError(error, 'The sync could not write to the local store');
  return {
    name: 'BridgeError',
    code: known.code,
    message: known.message,
    ...(known.details ? { details: known.details } : {}),
  };
}

function isRunning(status: SyncStatus): boolean {
  return status.state === 'running' || status.state === 'waiting';
}

function notFound(jobId: string) {
  return new ServiceError('not_found', `No sync job ${jobId} (it ended before the app last started?)`);
}
