// "Sync all my parties" (docs/notebook.md, "Parties, sets and portfolios"): every party the
// profile's ledger JWT can read, synced one after another through the one single-party sync
// (LocalLedger.startSync, sync-run.ts), so each party resumes exactly as a single sync does. What
// the run itself must remember across a kill is which parties it has finished: a small file beside
// the store (<profile>.duckdb.sync-all.json, written whole by atomic-write.ts as parties finish)
// that exists only while a run is unfinished. The same request again skips those parties and
// resumes the one that was under way at its cursor. One party's failure (a 403) is that party's;
// the others go on. One after another: measured against bounded concurrency in bench/sync-all-bench.ts
// (the store takes one writer at a time, so parallel fetches only queue on the file).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BridgeErrorShape } from '../../../../src-shared/contract/errors.ts';
import type { SyncRequest, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import {
  type SyncAllParty,
  SyncAllRequest,
  type SyncAllRequest as SyncAllRequestInput,
  type SyncAllStatus,
} from '../../../../src-shared/contract/sync-all.ts';
import { writeFileAtomic } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';
import type { LedgerSources } from '../store/ledger-sources.ts';
import type { LegWriter } from '../store/leg-access.ts';

/** The resume file: the request it belongs to, and the parties it finished. */
interface ResumeFile {
  version: 1;
  key: string;
  finished: string[];
}

/** How often, at most, the resume file is written while parties finish (and always when a run stops). */
const RESUME_WRITE_MS = 5000;

export const resumePath = (storePath: string) => `${storePath}.sync-all.json`;

async function readResume(path: string): Promise<ResumeFile | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as ResumeFile;
    if (parsed?.version !== 1 || typeof parsed.key !== 'string' || !Array.isArray(parsed.finished)) return null;
    return { ...parsed, finished: parsed.finished.filter((p): p is string => typeof p === 'string') };
  } catch {
    return null;
  }
}

/** What a "sync all" uses of the local ledger (LocalLedger): its single-party syncs and its stores. */
export interface SingleSyncs {
  /** Where the parties of "all-readable" come from (main: the profile's JWT, ledger/readable-parties.ts). */
  readonly sources: Pick<LedgerSources, 'readableParties'>;
  writer(profileId: string): Promise<LegWriter>;
  startSync(request: SyncRequest): Promise<SyncStatus>;
  waitForSync(jobId: string): Promise<SyncStatus>;
  cancelSync(jobId: string): Promise<SyncStatus>;
  syncStatus(jobId: string): SyncStatus;
}

interface Job {
  status: SyncAllStatus;
  controller: AbortController;
  done: Promise<void>;
  started: number;
}

export class SyncAllJobs {
  private readonly jobs = new Map<string, Job>();

  private readonly ledger: SingleSyncs;

  constructor(ledger: SingleSyncs) {
    this.ledger = ledger;
  }

  /** Per profile, the start under way: a double click must not start two runs of one profile. */
  private readonly starting = new Map<string, Promise<SyncAllStatus>>();

  start(input: SyncAllRequestInput): Promise<SyncAllStatus> {
    const request = SyncAllRequest.parse(input);
    const before = this.starting.get(request.profileId) ?? Promise.resolve(null);
    const starting = before.catch(() => null).then(() => this.startNow(request));
    this.starting.set(request.profileId, starting);
    void starting
      .catch(() => null)
      .then(() => {
        if (this.starting.get(request.profileId) === starting) this.starting.delete(request.profileId);
      });
    return starting;
  }

  private async startNow(request: SyncAllRequest): Promise<SyncAllStatus> {
    const running = [...this.jobs.values()].find(
      (j) => j.status.profileId === request.profileId && j.status.state === 'running',
    );
    if (running) return this.snapshot(running);
    const { source, parties } =
      request.parties === 'all-readable'
        ? await this.ledger.sources.readableParties(request.profileId)
        : { source: 'request' as const, parties: [...new Set(request.parties)] };
    const store = await this.ledger.writer(request.profileId);
    const path = resumePath(store.path);
    // The same parties, node and range continue an interrupted run; anything else starts over.
    const key = JSON.stringify({ parties: [...parties].sort(), nodeId: request.nodeId, range: request.range });
    const previous = await readResume(path);
    const finished = new Set(previous?.key === key ? previous.finished : []);
    const started = Date.now();
    const status: SyncAllStatus = {
      jobId: randomBytes(8).toString('hex'),
      profileId: request.profileId,
      source,
      state: 'running',
      resumed: previous?.key === key,
      total: parties.length,
      done: 0,
      failed: 0,
      legs: 0,
      legsPerSecond: 0,
      current: null,
      parties: parties.map((party) => ({
        party,
        state: finished.has(party) ? 'skipped' : 'pending',
        legs: 0,
        jobId: null,
        resumed: false,
        error: null,
      })),
      startedAt: new Date(started).toISOString(),
      finishedAt: null,
      error: null,
    };
    // The store's folder, as the store makes it (owner only), when this is the profile's first sync.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFileAtomic(path, JSON.stringify({ version: 1, key, finished: [...finished] } satisfies ResumeFile));
    const controller = new AbortController();
    const job: Job = { status, controller, started, done: Promise.resolve() };
    job.done = this.run(job, request, path, key, finished).finally(() => {
      status.current = null;
      status.finishedAt = new Date().toISOString();
      this.count(job);
    });
    this.jobs.set(status.jobId, job);
    return this.snapshot(job);
  }

  private async run(
    job: Job,
    request: SyncAllRequest,
    path: string,
    key: string,
    finished: Set<string>,
  ): Promise<void> {
    const { status, controller } = job;
    // The resume file's atomic write costs two fsyncs, which slowed the parties' syncs beside it by
    // ~7 % at 60 parties (bench/sync-all-bench.ts). So it is written at most every RESUME_WRITE_MS,
    // beside the next party's sync, and once more when the run stops: a kill loses at most that
    // long's finished parties, which the next run syncs again (incrementally, so briefly).
    let remembered: Promise<void> = Promise.resolve();
    let writtenAt = performance.now();
    let unsaved = false;
    const remember = (now = false) => {
      if (!now && performance.now() - writtenAt < RESUME_WRITE_MS) {
        unsaved = true;
        return;
      }
      unsaved = false;
      writtenAt = performance.now();
      const text = JSON.stringify({ version: 1, key, finished: [...finished] } satisfies ResumeFile);
      remembered = remembered.then(() => writeFileAtomic(path, text)).catch(() => {});
    };
    try {
      for (const entry of status.parties) {
        if (entry.state === 'skipped') continue;
        if (controller.signal.aborted) break;
        status.current = entry.party;
        entry.state = 'running';
        let end: SyncStatus;
        try {
          const child = await this.ledger.startSync({
            profileId: request.profileId,
            party: entry.party,
            nodeId: request.nodeId,
            range: request.range,
          });
          entry.jobId = child.jobId;
          // A cancel that came while the party's sync was starting reaches it now.
          if (controller.signal.aborted) await this.ledger.cancelSync(child.jobId);
          end = await this.ledger.waitForSync(child.jobId);
        } catch (error) {
          entry.state = 'failed';
          entry.error = bridgeError(error);
          continue;
        }
        this.take(entry, end);
        if (end.state === 'done') {
          finished.add(entry.party);
          remember();
        } else if (end.state === 'cancelled') {
          // Cancelled by this run, or by the app closing or a forget: the rest waits for the next run.
          break;
        }
        this.count(job);
      }
      const stopped = status.parties.some((p) => p.state === 'cancelled' || p.state === 'pending');
      if (stopped && unsaved) remember(true);
      await remembered;
      status.state = stopped ? 'cancelled' : 'done';
      // Every party tried: the next "Sync all" is a new run (incremental for the synced parties).
      if (!stopped) await rm(path, { force: true });
    } catch (error) {
      status.state = 'failed';
      status.error = bridgeError(error);
    }
  }

  private take(entry: SyncAllParty, child: SyncStatus): void {
    entry.legs = child.legs;
    entry.resumed = child.resumed;
    entry.state = child.state;
    entry.error = child.error;
  }

  private count(job: Job): void {
    const { status } = job;
    status.done = status.parties.filter((p) => p.state === 'done' || p.state === 'skipped').length;
    status.failed = status.parties.filter((p) => p.state === 'failed').length;
    status.legs = status.parties.reduce((sum, p) => sum + p.legs, 0);
    const seconds = ((status.finishedAt ? Date.parse(status.finishedAt) : Date.now()) - job.started) / 1000;
    status.legsPerSecond = seconds > 0 ? Math.round(status.legs / seconds) : 0;
  }

  /** The status as of now: the running party's legs and state read from its own job. */
  private snapshot(job: Job): SyncAllStatus {
    for (const entry of job.status.parties) {
      if ((entry.state === 'running' || entry.state === 'waiting') && entry.jobId) {
        const child = this.ledger.syncStatus(entry.jobId);
        entry.legs = child.legs;
        entry.resumed = child.resumed;
        entry.state = child.state === 'waiting' ? 'waiting' : child.state === 'running' ? 'running' : entry.state;
      }
    }
    this.count(job);
    return structuredClone(job.status);
  }

  status(jobId: string): SyncAllStatus {
    return this.snapshot(this.job(jobId));
  }

  async cancel(jobId: string): Promise<SyncAllStatus> {
    const job = this.job(jobId);
    job.controller.abort();
    const current = job.status.parties.find((p) => p.state === 'running' || p.state === 'waiting');
    if (current?.jobId) await this.ledger.cancelSync(current.jobId).catch(() => {});
    await job.done;
    return this.snapshot(job);
  }

  async wait(jobId: string): Promise<SyncAllStatus> {
    const job = this.job(jobId);
    await job.done;
    return this.snapshot(job);
  }

  private job(jobId: string): Job {
    const job = this.jobs.get(jobId);
    if (!job) throw new ServiceError('not_found', `No "sync all" job ${jobId} (it ended before the app last started?)`);
    return job;
  }
}

function bridgeError(error: unknown): BridgeErrorShape {
  const known =
    error instanceof ServiceError ? error : new ServiceError('internal', (error as Error)?.message ?? String(error));
  return {
    name: 'BridgeError',
    code: known.code,
    message: known.message,
    ...(known.details ? { details: known.details } : {}),
  };
}
