// A sync's run as the store keeps it (sync-run.ts): its row in `sync_runs` (the window, the one
// chain's cursor, what is staged) and its windows' rows in `sync_windows`, and how a run starts or
// resumes. Apart from sync-run.ts so the run's state and its start read on their own; the writes
// that move a run on are sync-commit.ts and sync-replace.ts.
import { type DuckDBConnection, DuckDBTimestampValue } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import { isoToMicros, microsToIso } from '../store/effective-time.ts';
import type { LegWriter, StoreWait } from '../store/leg-access.ts';
import { refreshLegRowsView } from '../store/store-schema.ts';
import type { WindowBounds } from './sync-windows.ts';

/** How far before the newest stored leg an incremental sync starts again (late and changed legs). */
export const INCREMENTAL_OVERLAP_MICROS = 60n * 60n * 1_000_000n;

export interface SyncPlan {
  party: string;
  /** The node the legs are read from; null: the profile's default. */
  nodeId: string | null;
  after: string | null;
  before: string | null;
}

export interface Run {
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

export interface RunWindow extends WindowBounds {
  cursor: string | null;
  pages: number;
  legs: number;
  done: boolean;
}

/** Every page of the run is committed. */
export function allFetched(run: Run): boolean {
  return run.windows ? run.windows.every((w) => w.done) : run.pages > 0 && run.cursor === null;
}

/** Where the run's windows continue: the first unfinished one, at its cursor (windows commit in order). */
export function resumePoint(windows: readonly RunWindow[]): { window: number; cursor: string | null } {
  const window = windows.findIndex((w) => !w.done);
  return { window, cursor: windows[window].cursor };
}

export async function inTransaction<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
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

/** A run of the plan: the interrupted one when the plan is the same (resumed), else a new one. */
export async function startOrResume(store: LegWriter, plan: SyncPlan, wait: Partial<StoreWait>): Promise<Run> {
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

/**
 * The run's row is gone: another program forgot the party (or the profile) while this sync ran
 * between two of its writes. Its staged legs would otherwise turn visible half-fetched.
 */
export function runGone(): ServiceError {
  return new ServiceError(
    'local_store',
    "This party's local data was forgotten (in another window or program) while the sync ran: sync again to fetch it.",
  );
}

function ts(micros: bigint | null): DuckDBTimestampValue | null {
  return micros === null ? null : new DuckDBTimestampValue(micros);
}

export function isoOrNull(micros: bigint | null): string | null {
  return micros === null ? null : microsToIso(micros);
}

function normalise(iso: string | null): string | null {
  return iso === null ? null : microsToIso(isoToMicros(iso));
}
