// One sync of a party into its profile's store, resumable (docs/service-decisions.md, "Local sync"):
// pages are fetched oldest first into `leg_store` under the run's id (invisible while the run is
// open), each batch of pages committed together with the cursor that follows it, so a killed
// process resumes at the next page and never stores a page twice; when the last page is in, one
// transaction deletes the window's older legs and closes the run, which makes its legs visible.
// Nothing a reader sees changes until then, and nothing is copied.
// The store's file is shared with other programs (ledger-store.ts): a sync may let go of it between
// batches (another program reads meanwhile) and open it again; its run id keeps its rows invisible
// across all of that. One program at a time syncs a party (its claim, store-markers.ts): a second
// waits for the first, then fetches only what is new.
import { type DuckDBConnection, DuckDBTimestampValue } from '@duckdb/node-api';
import type { SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferFilters, TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../../errors.ts';
import type { TransferSource } from '../../ledger/transfer-source.ts';
import { isoToMicros, microsToIso } from '../store/effective-time.ts';
import type { LegWriter, StoreWait } from '../store/leg-access.ts';
import { appendLegs } from '../store/leg-rows.ts';
import { SyncClaim, syncClaimant, userSentence, userText } from '../store/store-markers.ts';
import { refreshLegRowsView } from '../store/store-schema.ts';
import { trimHeap } from './heap-trim.ts';
import {
  CursorRefused,
  oneChain,
  planWindows,
  type SyncPage,
  syncFetch,
  syncFilters,
  type WindowBounds,
  windowPages,
} from './sync-windows.ts';

/** How far before the newest stored leg an incremental sync starts again (late and changed legs). */
export const INCREMENTAL_OVERLAP_MICROS = 60n * 60n * 1_000_000n;
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

export interface SyncPlan {
  party: string;
  /** The node the legs are read from; null: the profile's default. */
  nodeId: string | null;
  after: string | null;
  before: string | null;
}

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

interface Run {
  runId: bigint;
  after: bigint | null;
  before: bigint | null;
  incremental: boolean;
  /** One chain's cursor (null with windows: each window has its own). */
  cursor: string | null;
  pages: number;
  legs: number;
  resumed: boolean;
  /** The run's windows (sync-windows.ts), in order; null: one cursor chain over the whole range. */
  windows: RunWindow[] | null;
}

interface RunWindow extends WindowBounds {
  cursor: string | null;
  pages: number;
  legs: number;
  done: boolean;
}

/** Every page of the run is committed. */
function allFetched(run: Run): boolean {
  return run.windows ? run.windows.every((w) => w.done) : run.pages > 0 && run.cursor === null;
}

/** Where the run's windows continue: the first unfinished one, at its cursor (windows commit in order). */
function resumePoint(windows: readonly RunWindow[]): { window: number; cursor: string | null } {
  const window = windows.findIndex((w) => !w.done);
  return { window, cursor: windows[window].cursor };
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
  let waitingFor: string | null = null;
  let waiting = false;
  let run: Run | null = null;
  let startMicros: bigint | null = null;
  let endMicros = BigInt(Date.now()) * 1000n;
  let lastSeen: bigint | null = null;
  let lastPageIn = false;
  const progress = (): SyncProgress => ({
    window: run
      ? { after: isoOrNull(run.after), before: isoOrNull(run.before) }
      : { after: plan.after, before: plan.before },
    incremental: run?.incremental ?? false,
    resumed: run?.resumed ?? false,
    legs: run?.legs ?? 0,
    pages: run?.pages ?? 0,
    covered: lastPageIn ? null : coveredFraction(startMicros, endMicros, lastSeen),
    newLegs: null,
    changedLegs: null,
    goneLegs: null,
    waiting: waiting || waitingFor !== null,
    waitingFor,
  });
  const sayWaiting = (words: string | null) => {
    if (words === waitingFor) return;
    waitingFor = words;
    onProgress(progress());
  };
  // Every write waits for the file as long as the sync may, saying for whom; once one is in, the sync runs again.
  const wait: Partial<StoreWait> = {
    waitMs,
    signal,
    onWait: ({ holder, waitedMs }) => {
      if (waitedMs >= SAY_WAIT_AFTER_MS) {
        sayWaiting(`${userSentence(holder)} has the local store open`);
      }
    },
  };
  const written = <T>(result: T): T => {
    sayWaiting(null);
    return result;
  };

  const claim = await claimParty(store, plan.party, wait, sayWaiting);
  try {
    const current = written(await startOrResume(store, plan, wait));
    run = current;
    startMicros = current.after;
    endMicros = current.before ?? endMicros;
    const windowIso = { after: isoOrNull(current.after), before: isoOrNull(current.before) };
    onProgress(progress());

    const filters = syncFilters(plan.party, plan.nodeId, windowIso);
    const noteTimes = (legs: readonly TransferLeg[]) => {
      for (let i = legs.length - 1; i >= 0; i--) {
        const at = legs[i].effectiveAt;
        if (at === null) continue;
        const micros = safeMicros(at);
        if (micros !== null) lastSeen = micros;
        if (startMicros === null) startMicros = firstMicros(legs);
        break;
      }
    };
    const fetch = syncFetch(source, () => {
      waiting = true;
      onProgress(progress());
    });

    // Pages are committed in batches (each batch with where its window's chain stands after it)
    // while the next pages are fetched and parsed: at most one batch commits at a time, and a failed
    // commit stops the sync at the next page. The pages come in window order (sync-windows.ts).
    let committing: Promise<void> | null = null;
    const settle = async () => {
      if (committing) await committing;
      committing = null;
    };
    const fetchAndCommit = async () => {
      if (allFetched(current)) return;
      let pages: AsyncIterable<SyncPage>;
      if (current.windows) {
        pages = windowPages(fetch, filters, current.windows, resumePoint(current.windows), signal);
      } else if (current.pages > 0 || current.cursor !== null) {
        pages = oneChain(fetch, filters, { cursor: current.cursor }, signal);
      } else {
        const { first, windows } = await planWindows(fetch, filters, signal);
        if (windows) {
          written(await recordPlan(store, plan.party, current, windows, wait));
          pages = windowPages(fetch, filters, windows, { window: 0, cursor: null }, signal);
        } else {
          pages = oneChain(fetch, filters, { first }, signal);
        }
      }
      const lastWindow = current.windows ? current.windows.length - 1 : null;
      let batch: SyncPage[] = [];
      let batchLegs = 0;
      let lastCommit = performance.now();
      for await (const one of pages) {
        waiting = false;
        if (signal.aborted) break;
        const last = one.page.next === null && one.window === lastWindow;
        lastPageIn = last;
        batch.push(one);
        batchLegs += one.page.legs.length;
        if (last || batchLegs >= BATCH_LEGS || performance.now() - lastCommit >= BATCH_MS) {
          await settle();
          const done = batch;
          batch = [];
          batchLegs = 0;
          lastCommit = performance.now();
          committing = commitBatch(store, plan.party, current, done, wait).then(() => {
            for (const { page } of done) noteTimes(page.legs);
            written(undefined);
            onProgress(progress());
            // The batch's legs are garbage now: let go of them, then collect (heap-trim.ts).
            done.length = 0;
            trimHeap();
          });
          committing.catch(() => {});
        }
        if (signal.aborted) break;
      }
      await settle();
    };
    // A cursor the service no longer accepts (it restarted, or it expired): the run's pages are
    // fetched again (its plan kept), a few times at most (a service that refuses every cursor would
    // otherwise loop for ever).
    for (let restarts = 0; ; restarts++) {
      try {
        await fetchAndCommit();
        break;
      } catch (error) {
        await settle().catch(() => {});
        if (!(error instanceof CursorRefused)) throw error;
        if (restarts >= MAX_RESTARTS || signal.aborted) throw error.refusal;
        written(await discardStaged(store, current, wait));
      }
    }
    if (!allFetched(current) || signal.aborted) {
      throw new ServiceError('cancelled', 'The sync was cancelled; it resumes where it stopped.');
    }
    syncTestHooks.beforeReplace?.();
    const outcome = written(await replaceWindow(store, plan, current, wait));
    // Other programs' views of the store (the app beside a scheduled CLI) refresh without a restart.
    await store.announce(plan.party);
    return { ...progress(), covered: 1, ...outcome };
  } finally {
    await claim.release();
  }
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

/**
 * One transaction: the pages' legs into staging, and where each of their windows (or the one
 * chain) stands after them. The pages are in window order: the windows before the last page's are
 * finished by it.
 */
async function commitBatch(
  store: LegWriter,
  party: string,
  run: Run,
  pages: readonly SyncPage[],
  wait: Partial<StoreWait>,
): Promise<void> {
  const legs = pages.flatMap((p) => p.page.legs);
  const last = pages[pages.length - 1].page;
  // Per window of the batch: its pages, legs and the cursor after its last page here.
  const touched = new Map<number, { pages: number; legs: number; cursor: string | null }>();
  for (const { window, page } of pages) {
    if (window === null) continue;
    const t = touched.get(window) ?? { pages: 0, legs: 0, cursor: null };
    t.pages++;
    t.legs += page.legs.length;
    t.cursor = page.next;
    touched.set(window, t);
  }
  await store.write(async (connection) => {
    // Read at this open: another program may have stored legs since this sync last held the file.
    const first = await store.takeSeq(connection, legs.length);
    await connection.run('BEGIN TRANSACTION');
    try {
      await appendLegs(connection, run.runId, party, legs, first);
      const updated = await connection.run(
        'UPDATE sync_runs SET next_cursor = ?, pages = pages + ?, legs = legs + ? WHERE run_id = ?',
        [run.windows ? null : last.next, BigInt(pages.length), BigInt(legs.length), run.runId],
      );
      if (updated.rowsChanged !== 1) throw runGone();
      for (const [k, t] of touched) {
        await connection.run(
          'UPDATE sync_windows SET next_cursor = ?, pages = pages + ?, legs = legs + ?, done = ? WHERE run_id = ? AND k = ?',
          [t.cursor, BigInt(t.pages), BigInt(t.legs), t.cursor === null, run.runId, k],
        );
      }
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK').catch(() => {});
      throw error;
    }
  }, wait);
  if (run.windows) {
    for (const [k, t] of touched) {
      const w = run.windows[k];
      Object.assign(w, { cursor: t.cursor, pages: w.pages + t.pages, legs: w.legs + t.legs, done: t.cursor === null });
    }
  } else {
    run.cursor = last.next;
  }
  run.pages += pages.length;
  run.legs += legs.length;
}

/** One transaction: the run's windows, none of them begun (a kill before it leaves a run to plan again). */
async function recordPlan(
  store: LegWriter,
  party: string,
  run: Run,
  windows: readonly WindowBounds[],
  wait: Partial<StoreWait>,
): Promise<void> {
  await store.write(
    (connection) =>
      inTransaction(connection, async () => {
        await connection.run('DELETE FROM sync_windows WHERE run_id = ?', [run.runId]);
        const appender = await connection.createAppender('sync_windows');
        try {
          windows.forEach((w, k) => {
            appender.appendBigInt(run.runId);
            appender.appendVarchar(party);
            appender.appendInteger(k);
            if (w.after === null) appender.appendNull();
            else appender.appendVarchar(w.after);
            if (w.before === null) appender.appendNull();
            else appender.appendVarchar(w.before);
            appender.appendNull();
            appender.appendBigInt(0n);
            appender.appendBigInt(0n);
            appender.appendBoolean(false);
            appender.endRow();
          });
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
        const exists = await connection.runAndReadAll('SELECT count(*) FROM sync_runs WHERE run_id = ?', [run.runId]);
        if (Number(exists.getRows()[0][0]) !== 1) throw runGone();
      }),
    wait,
  );
  run.windows = windows.map((w) => ({ ...w, cursor: null, pages: 0, legs: 0, done: false }));
}

async function inTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
  await connection.run('BEGIN TRANSACTION');
  try {
    const result = await work();
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function startOrResume(store: LegWriter, plan: SyncPlan, wait: Partial<StoreWait>): Promise<Run> {
  // One transaction: dropping an interrupted run (its rows, then its row) and opening the new one.
  return store.write(
    (connection) =>
      inTransaction(connection, async () => {
        const open = await connection.runAndReadAll(
          'SELECT run_id, node_id, epoch_us(window_after), epoch_us(window_before), incremental, next_cursor, pages, legs FROM sync_runs WHERE party = ?',
          [plan.party],
        );
        const row = open.getRows()[0];
        if (row) {
          const [runId, nodeId, after, before, incremental, cursor, pages, legs] = row as [
            bigint,
            string | null,
            bigint | null,
            bigint | null,
            boolean,
            string | null,
            bigint,
            bigint,
          ];
          // The same request continues the interrupted run; another one (node, explicit range) starts over.
          const sameNode = nodeId === plan.nodeId;
          const sameRange = incremental
            ? plan.after === null && plan.before === null
            : isoOrNull(after) === normalise(plan.after) && isoOrNull(before) === normalise(plan.before);
          if (sameNode && sameRange) {
            const planned = await connection.runAndReadAll(
              'SELECT effective_after, effective_before, next_cursor, pages, legs, done FROM sync_windows WHERE run_id = ? ORDER BY k',
              [runId],
            );
            const windows = planned.getRows().map((w) => ({
              after: w[0] as string | null,
              before: w[1] as string | null,
              cursor: w[2] as string | null,
              pages: Number(w[3]),
              legs: Number(w[4]),
              done: w[5] as boolean,
            }));
            return {
              runId,
              after,
              before,
              incremental,
              cursor,
              pages: Number(pages),
              legs: Number(legs),
              resumed: true,
              windows: windows.length > 0 ? windows : null,
            };
          }
          await connection.run('DELETE FROM leg_store WHERE run_id = ?', [runId]);
          await connection.run('DELETE FROM sync_windows WHERE run_id = ?', [runId]);
          await connection.run('DELETE FROM sync_runs WHERE run_id = ?', [runId]);
          await refreshLegRowsView(connection);
        }
        let after = plan.after === null ? null : isoToMicros(plan.after);
        const before = plan.before === null ? null : isoToMicros(plan.before);
        let incremental = false;
        if (plan.after === null && plan.before === null) {
          // Everything was synced before: fetch only from the newest stored leg, minus the overlap.
          const state = await connection.runAndReadAll(
            `SELECT p.full_history, (SELECT epoch_us(max(effective_ts)) FROM leg_rows WHERE party = ?)
           FROM party_sync p WHERE p.party = ?`,
            [plan.party, plan.party],
          );
          const [fullHistory, newest] = (state.getRows()[0] ?? [false, null]) as [boolean, bigint | null];
          if (fullHistory && newest !== null) {
            after = newest - INCREMENTAL_OVERLAP_MICROS;
            incremental = true;
          }
        }
        // From a sequence: a run id is never used twice, so an old run's rows can never turn invisible.
        const id = await connection.runAndReadAll("SELECT nextval('run_ids')");
        const runId = id.getRows()[0][0] as bigint;
        await connection.run('INSERT INTO sync_runs VALUES (?, ?, ?, ?, ?, ?, NULL, 0, 0, now()::TIMESTAMP)', [
          runId,
          plan.party,
          plan.nodeId,
          ts(after),
          ts(before),
          incremental,
        ]);
        await refreshLegRowsView(connection);
        return { runId, after, before, incremental, cursor: null, pages: 0, legs: 0, resumed: false, windows: null };
      }),
    wait,
  );
}

/** What a sync's legs are against the rows they replace (docs/service-decisions.md, "What a sync found"). */
export interface WindowOutcome {
  /** Fetched legs the store did not hold (no replaced row is the same leg). */
  newLegs: number;
  /** Fetched legs the store held with another status. */
  changedLegs: number;
  /** Replaced rows no fetched leg is: the service no longer sends them. */
  goneLegs: number;
}

/**
 * A leg's identity: the service's fields but its status (a leg keeps its identity when its status
 * changes). The spec gives a leg no id, and equal legs may repeat, so legs are counted per
 * identity, as a multiset. Hashed: one 64-bit key a leg instead of eleven columns made the count
 * three times faster and small enough to stay in memory (0.6 s instead of 1.8 s for a window of a
 * million legs replaced by a million), at odds of about 10^-8 that two legs of such a window share
 * a key (then one new leg reads as checked again).
 */
const LEG_IDENTITY =
  'hash(update_id, effective_at, instrument_admin, instrument_id, symbol, decimals, amount, sender_party, receiver_party, counterparty, is_incoming)';

/**
 * Counts, in one statement over both sides, the run's staged legs against the rows about to be
 * replaced (`replaced`): per identity, the fetched beyond the held are new, the held beyond the
 * fetched are gone, and of the pairs those whose status differs changed.
 */
async function windowOutcome(
  connection: DuckDBConnection,
  run: Run,
  replaced: string,
  params: Array<string | bigint | DuckDBTimestampValue>,
): Promise<WindowOutcome> {
  // A first sync replaces nothing: every leg is new, and a million of them need no counting.
  const any = await connection.runAndReadAll(`SELECT EXISTS (SELECT 1 FROM leg_store WHERE ${replaced})`, params);
  if (!any.getRows()[0][0]) return { newLegs: run.legs, changedLegs: 0, goneLegs: 0 };
  const counted = await connection.runAndReadAll(
    `WITH both_sides AS (
       SELECT ${LEG_IDENTITY} AS leg, status, 1 AS fetched, 0 AS held FROM leg_store WHERE run_id = ?
       UNION ALL
       SELECT ${LEG_IDENTITY}, status, 0, 1 FROM leg_store WHERE ${replaced}
     ), per_status AS (
       SELECT leg, sum(fetched) AS fetched, sum(held) AS held, least(sum(fetched), sum(held)) AS same
       FROM both_sides GROUP BY leg, status
     ), per_leg AS (
       SELECT sum(fetched) AS fetched, sum(held) AS held, sum(same) AS same FROM per_status GROUP BY leg
     )
     SELECT coalesce(sum(greatest(fetched - held, 0)), 0), coalesce(sum(least(fetched, held) - same), 0),
       coalesce(sum(greatest(held - fetched, 0)), 0)
     FROM per_leg`,
    [run.runId, ...params],
  );
  const [fresh, changed, gone] = counted.getRows()[0].map(Number);
  return { newLegs: fresh, changedLegs: changed, goneLegs: gone };
}

/**
 * The last step, one transaction: the window's legs become exactly the staged ones. Answers what
 * they were against the rows they replaced (an incremental sync fetches its last hour again: those
 * legs are not new).
 */
async function replaceWindow(
  store: LegWriter,
  plan: SyncPlan,
  run: Run,
  wait: Partial<StoreWait>,
): Promise<WindowOutcome> {
  return store.write(async (connection) => {
    await connection.run('BEGIN TRANSACTION');
    try {
      const where = ['party = ?', 'run_id <> ?'];
      const params: Array<string | bigint | DuckDBTimestampValue> = [plan.party, run.runId];
      if (run.after !== null) {
        where.push('effective_ts >= ?');
        params.push(new DuckDBTimestampValue(run.after));
      }
      if (run.before !== null) {
        where.push('effective_ts < ?');
        params.push(new DuckDBTimestampValue(run.before));
      }
      // A leg whose time the store cannot read has no place in a window: when this run fetched it
      // again (same text), the older copy goes too, so an incremental sync never doubles it.
      const bounded = run.after !== null || run.before !== null;
      const again = `party = ? AND run_id <> ? AND effective_ts IS NULL AND effective_at IN
             (SELECT effective_at FROM leg_store WHERE run_id = ? AND effective_ts IS NULL AND effective_at IS NOT NULL)`;
      const againParams = [plan.party, run.runId, run.runId];
      const outcome = await windowOutcome(
        connection,
        run,
        bounded ? `(${where.join(' AND ')}) OR (${again})` : where.join(' AND '),
        bounded ? [...params, ...againParams] : params,
      );
      // The window's older rows go (a finished run's; an open run here is this one).
      await connection.run(`DELETE FROM leg_store WHERE ${where.join(' AND ')}`, params);
      if (bounded) await connection.run(`DELETE FROM leg_store WHERE ${again}`, againParams);
      // Closing the run is what makes its rows visible (the leg_rows view): nothing is copied.
      const closed = await connection.run('DELETE FROM sync_runs WHERE run_id = ?', [run.runId]);
      if (closed.rowsChanged !== 1) throw runGone();
      await connection.run('DELETE FROM sync_windows WHERE run_id = ?', [run.runId]);
      await refreshLegRowsView(connection);
      const full = run.after === null && run.before === null;
      await connection.run(
        `INSERT INTO party_sync VALUES (?, now()::TIMESTAMP, ?, ?)
           ON CONFLICT (party) DO UPDATE SET last_sync_at = excluded.last_sync_at, node_id = excluded.node_id,
             full_history = party_sync.full_history OR excluded.full_history`,
        [plan.party, plan.nodeId, full || run.incremental],
      );
      await connection.run('COMMIT');
      return outcome;
    } catch (error) {
      await connection.run('ROLLBACK').catch(() => {});
      throw error;
    }
  }, wait);
}

async function discardStaged(store: LegWriter, run: Run, wait: Partial<StoreWait>): Promise<void> {
  // One transaction: a kill between the two would leave a cursor past pages that are gone.
  await store.write(
    (connection) =>
      inTransaction(connection, async () => {
        await connection.run('DELETE FROM leg_store WHERE run_id = ?', [run.runId]);
        const reset = await connection.run(
          'UPDATE sync_runs SET next_cursor = NULL, pages = 0, legs = 0 WHERE run_id = ?',
          [run.runId],
        );
        if (reset.rowsChanged !== 1) throw runGone();
        await connection.run(
          'UPDATE sync_windows SET next_cursor = NULL, pages = 0, legs = 0, done = false WHERE run_id = ?',
          [run.runId],
        );
      }),
    wait,
  );
  run.cursor = null;
  run.pages = 0;
  run.legs = 0;
  for (const w of run.windows ?? []) Object.assign(w, { cursor: null, pages: 0, legs: 0, done: false });
}

/**
 * The run's row is gone: another program forgot the party (or the profile) while this sync ran
 * between two of its writes. Its staged legs would otherwise turn visible half-fetched.
 */
function runGone(): ServiceError {
  return new ServiceError(
    'local_store',
    "This party's local data was forgotten (in another window or program) while the sync ran: sync again to fetch it.",
  );
}

function ts(micros: bigint | null): DuckDBTimestampValue | null {
  return micros === null ? null : new DuckDBTimestampValue(micros);
}

function isoOrNull(micros: bigint | null): string | null {
  return micros === null ? null : microsToIso(micros);
}

function normalise(iso: string | null): string | null {
  return iso === null ? null : microsToIso(isoToMicros(iso));
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
