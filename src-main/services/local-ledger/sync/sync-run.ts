// One sync of a party into its profile's store, resumable (docs/service-decisions.md, "Local sync"):
// pages are fetched oldest first into `leg_store` under the run's id (invisible while the run is
// open), each batch of pages committed together with the cursor that follows it, so a killed
// process resumes at the next page and never stores a page twice; when the last page is in, one
// transaction deletes the window's older legs and closes the run, which makes its legs visible.
// Nothing a reader sees changes until then, and nothing is copied.
// The store's file is shared with other programs (store/store-file.ts): a sync may let go of it between
// batches (another program reads meanwhile) and open it again; its run id keeps its rows invisible
// across all of that. One program at a time syncs a party (its claim, store-markers.ts): a second
// waits for the first, then fetches only what is new.
// The run's state and its start are sync-state.ts, its batch commits sync-commit.ts, its last step
// sync-replace.ts; here are the loop that fetches and commits, and what the sync reports meanwhile.
import type { SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferFilters, TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../../errors.ts';
import type { TransferSource } from '../../ledger/transfer-source.ts';
import { isoToMicros } from '../store/effective-time.ts';
import type { LegWriter, StoreWait } from '../store/leg-access.ts';
import { SyncClaim, syncClaimant, userSentence, userText } from '../store/store-markers.ts';
import { trimHeap } from './heap-trim.ts';
import { commitBatch, discardStaged, recordPlan } from './sync-commit.ts';
import { replaceWindow } from './sync-replace.ts';
import { allFetched, isoOrNull, type Run, resumePoint, type SyncPlan, startOrResume } from './sync-state.ts';
import {
  CursorRefused,
  oneChain,
  planWindows,
  type SyncFetch,
  type SyncPage,
  syncFetch,
  syncFilters,
  windowPages,
} from './sync-windows.ts';

export type { WindowOutcome } from './sync-replace.ts';
export { INCREMENTAL_OVERLAP_MICROS, type SyncPlan } from './sync-state.ts';

/**
 * A batch is committed at this many legs, or after this long, whichever comes first (and at the end).
 * 10,000 (was 20,000): the legs of the batch being filled and of the one committing are the most of
 * the engine's live heap in a sync; the commits cost no more (docs/performance.md, "The engine's memory, met").
 */
export const BATCH_LEGS = 10_000;
const BATCH_MS = 1000;
/** How often one run fetches its window again after the service refused a cursor. */
const MAX_RESTARTS = 3;

/** Test aid (the durability kill test, through the CLI): called just before the window is replaced. */
export const syncTestHooks: { beforeReplace?: () => void } = {};

export interface SyncProgress {
  window: { after: string | null; before: string | null };
  incremental: boolean;
  resumed: boolean;
  legs: number;
  pages: number;
  /**
   * Fraction of the window's time covered, 0..1, when it can be told; null once the last page is in
   * (what is left is writing, not fetching: a time-based estimate would mean nothing).
   */
  covered: number | null;
  /** What the sync found against what the store held (windowOutcome); null until done. */
  newLegs: number | null;
  changedLegs: number | null;
  goneLegs: number | null;
  waiting: boolean;
  /** What the sync waits for, in words, when it is another program ("npm run cli -- sync (PID 4242) is syncing this party"). */
  waitingFor: string | null;
}

/** A wait for the file this short is not worth a word on the screen. */
const SAY_WAIT_AFTER_MS = 500;
/** How often a sync waiting for another program's sync of the party looks again. */
const CLAIM_POLL_MS = 250;

/**
 * What a sync reports while it runs: how far it got, and what it waits for (another program, or the
 * service starting). Written by the run, read by every progress it tells.
 */
class SyncReport {
  /** What the sync waits for, in words, when it is another program; null: none. */
  waitingFor: string | null = null;
  /** The service is starting (syncFetch): the sync waits for it. */
  waiting = false;
  run: Run | null = null;
  startMicros: bigint | null = null;
  endMicros = BigInt(Date.now()) * 1000n;
  lastSeen: bigint | null = null;
  lastPageIn = false;
  private readonly plan: SyncPlan;
  private readonly onProgress: (progress: SyncProgress) => void;

  constructor(plan: SyncPlan, onProgress: (progress: SyncProgress) => void) {
    this.plan = plan;
    this.onProgress = onProgress;
  }

  progress(): SyncProgress {
    const { run, plan } = this;
    return {
      window: run
        ? { after: isoOrNull(run.after), before: isoOrNull(run.before) }
        : { after: plan.after, before: plan.before },
      incremental: run?.incremental ?? false,
      resumed: run?.resumed ?? false,
      legs: run?.legs ?? 0,
      pages: run?.pages ?? 0,
      covered: this.lastPageIn ? null : coveredFraction(this.startMicros, this.endMicros, this.lastSeen),
      newLegs: null,
      changedLegs: null,
      goneLegs: null,
      waiting: this.waiting || this.waitingFor !== null,
      waitingFor: this.waitingFor,
    };
  }

  tell(): void {
    this.onProgress(this.progress());
  }

  sayWaiting(words: string | null): void {
    if (words === this.waitingFor) return;
    this.waitingFor = words;
    this.tell();
  }

  /** A write got the file: whatever the sync waited for is over. */
  written<T>(result: T): T {
    this.sayWaiting(null);
    return result;
  }

  noteTimes(legs: readonly TransferLeg[]): void {
    for (let i = legs.length - 1; i >= 0; i--) {
      const at = legs[i].effectiveAt;
      if (at === null) continue;
      const micros = safeMicros(at);
      if (micros !== null) this.lastSeen = micros;
      if (this.startMicros === null) this.startMicros = firstMicros(legs);
      break;
    }
  }
}

/**
 * Runs (or resumes) the sync; resolves when the window is replaced. A cancel or a failure leaves
 * the staged pages and the cursor for the next run of the same plan.
 */
export async function runSync(
  store: LegWriter,
  source: TransferSource,
  plan: SyncPlan,
  signal: AbortSignal,
  onProgress: (progress: SyncProgress) => void,
  waitMs = Number.POSITIVE_INFINITY,
): Promise<SyncProgress> {
  // What the sync waits for (another program) and what it has done so far: progress reads both.
  const report = new SyncReport(plan, onProgress);
  // Every write waits for the file as long as the sync may, saying for whom; once one is in, the sync runs again.
  const wait: Partial<StoreWait> = {
    waitMs,
    signal,
    onWait: ({ holder, waitedMs }) => {
      if (waitedMs >= SAY_WAIT_AFTER_MS) {
        report.sayWaiting(`${userSentence(holder)} has the local store open`);
      }
    },
  };

  const claim = await claimParty(store, plan.party, wait, (words) => report.sayWaiting(words));
  try {
    const current = report.written(await startOrResume(store, plan, wait));
    report.run = current;
    report.startMicros = current.after;
    report.endMicros = current.before ?? report.endMicros;
    const windowIso = { after: isoOrNull(current.after), before: isoOrNull(current.before) };
    report.tell();

    const filters = syncFilters(plan.party, plan.nodeId, windowIso);
    const fetch = syncFetch(source, () => {
      report.waiting = true;
      report.tell();
    });
    const pass: SyncPass = { store, plan, run: current, fetch, filters, signal, wait, report, commits: new Commits() };
    // A cursor the service no longer accepts (it restarted, or it expired): the run's pages are
    // fetched again (its plan kept), a few times at most (a service that refuses every cursor would
    // otherwise loop for ever).
    for (let restarts = 0; ; restarts++) {
      try {
        await fetchAndCommit(pass);
        break;
      } catch (error) {
        await pass.commits.settle().catch(() => {});
        if (!(error instanceof CursorRefused)) throw error;
        if (restarts >= MAX_RESTARTS || signal.aborted) throw error.refusal;
        report.written(await discardStaged(store, current, wait));
      }
    }
    if (!allFetched(current) || signal.aborted) {
      throw new ServiceError('cancelled', 'The sync was cancelled; it resumes where it stopped.');
    }
    syncTestHooks.beforeReplace?.();
    const outcome = report.written(await replaceWindow(store, plan, current, wait));
    // Other programs' views of the store (the app beside a scheduled CLI) refresh without a restart.
    await store.announce(plan.party);
    return { ...report.progress(), covered: 1, ...outcome };
  } finally {
    await claim.release();
  }
}

/** What one pass of fetching and committing works with: the sync's own, for the whole run. */
interface SyncPass {
  store: LegWriter;
  plan: SyncPlan;
  run: Run;
  fetch: SyncFetch;
  filters: TransferFilters;
  signal: AbortSignal;
  wait: Partial<StoreWait>;
  report: SyncReport;
  commits: Commits;
}

/**
 * The batch committing while the next pages are fetched, at most one at a time. It outlives a pass:
 * after a failed one, the sync waits for it before it drops the staged pages.
 */
class Commits {
  private committing: Promise<void> | null = null;

  async settle(): Promise<void> {
    if (this.committing) await this.committing;
    this.committing = null;
  }

  start(commit: Promise<void>): void {
    this.committing = commit;
    this.committing.catch(() => {});
  }
}

/**
 * The run's pages from where it stands: its windows' from the first unfinished one, its one chain's
 * from its cursor, or (a run not begun) planned now, its windows recorded before their first page.
 */
async function runPages(pass: SyncPass): Promise<AsyncIterable<SyncPage>> {
  const { store, plan, run: current, fetch, filters, signal, wait, report } = pass;
  if (current.windows) {
    return windowPages(fetch, filters, current.windows, resumePoint(current.windows), signal);
  }
  if (current.pages > 0 || current.cursor !== null) {
    return oneChain(fetch, filters, { cursor: current.cursor }, signal);
  }
  const { first, windows } = await planWindows(fetch, filters, signal);
  if (windows) {
    report.written(await recordPlan(store, plan.party, current, windows, wait));
    return windowPages(fetch, filters, windows, { window: 0, cursor: null }, signal);
  }
  return oneChain(fetch, filters, { first }, signal);
}

/**
 * Fetches the run's remaining pages and commits them. Pages are committed in batches (each batch
 * with where its window's chain stands after it) while the next pages are fetched and parsed: at
 * most one batch commits at a time, and a failed commit stops the sync at the next page. The pages
 * come in window order (sync-windows.ts).
 */
async function fetchAndCommit(pass: SyncPass): Promise<void> {
  const { store, plan, run: current, signal, wait, report, commits } = pass;
  if (allFetched(current)) return;
  const pages = await runPages(pass);
  const lastWindow = current.windows ? current.windows.length - 1 : null;
  let batch: SyncPage[] = [];
  let batchLegs = 0;
  let lastCommit = performance.now();
  for await (const one of pages) {
    report.waiting = false;
    if (signal.aborted) break;
    const last = one.page.next === null && one.window === lastWindow;
    report.lastPageIn = last;
    batch.push(one);
    batchLegs += one.page.legs.length;
    if (last || batchLegs >= BATCH_LEGS || performance.now() - lastCommit >= BATCH_MS) {
      await commits.settle();
      const done = batch;
      batch = [];
      batchLegs = 0;
      lastCommit = performance.now();
      commits.start(
        commitBatch(store, plan.party, current, done, wait).then(() => {
          for (const { page } of done) report.noteTimes(page.legs);
          report.written(undefined);
          report.tell();
          // The batch's legs are garbage now: let go of them, then collect (heap-trim.ts).
          done.length = 0;
          trimHeap();
        }),
      );
    }
    if (signal.aborted) break;
  }
  await commits.settle();
}

/**
 * Waits until no other program syncs the party (its claim, read without opening the store), then
 * claims it while holding the store, so two programs cannot both claim it.
 */
async function claimParty(
  store: LegWriter,
  party: string,
  wait: Partial<StoreWait>,
  sayWaiting: (words: string | null) => void,
): Promise<SyncClaim> {
  const deadline = Date.now() + (wait.waitMs ?? Number.POSITIVE_INFINITY);
  for (;;) {
    const other = await syncClaimant(store.path, party);
    if (!other) {
      const claim = await store.write(
        async () => ((await syncClaimant(store.path, party)) ? null : SyncClaim.take(store.path, party, store.program)),
        wait,
      );
      if (claim) return claim;
      continue;
    }
    if (wait.signal?.aborted) throw new ServiceError('cancelled', 'The sync was cancelled before it started.');
    if (Date.now() >= deadline) {
      throw new ServiceError(
        'local_store',
        `${userText(other)} is syncing this party: nothing was changed; sync again when it is done.`,
        {
          cause: 'busy',
          holderPid: other.pid,
          holderProgram: other.program,
        },
      );
    }
    sayWaiting(`${userText(other)} is syncing this party: this sync starts when it is done`);
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

function safeMicros(iso: string): bigint | null {
  try {
    return isoToMicros(iso);
  } catch {
    return null;
  }
}

function firstMicros(legs: ReadonlyArray<{ effectiveAt: string | null }>): bigint | null {
  for (const leg of legs) if (leg.effectiveAt !== null) return safeMicros(leg.effectiveAt);
  return null;
}

function coveredFraction(start: bigint | null, end: bigint, seen: bigint | null): number | null {
  if (seen === null || start === null || end <= start) return null;
  return Math.min(1, Math.max(0, Number(seen - start) / Number(end - start)));
}

export type { SyncStatus };
