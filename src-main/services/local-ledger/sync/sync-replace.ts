// A sync's last step (sync-run.ts): once every page is in, one transaction makes the window's legs
// exactly the run's staged ones and closes the run, which is what makes them visible; it counts on
// the way what the sync found against the rows it replaced (docs/service-decisions.md, "What a sync
// found").
import { type DuckDBConnection, DuckDBTimestampValue } from '@duckdb/node-api';
import { rebuildAggregates } from '../store/kept-aggregates.ts';
import type { LegWriter, StoreWait } from '../store/leg-access.ts';
import { legDaysTuning } from '../store/leg-days.ts';
import { refreshLegRowsView } from '../store/store-schema.ts';
import { type Run, runGone, type SyncPlan } from './sync-state.ts';

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
export async function replaceWindow(
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
      // The aggregates of every day the window touches, from its legs as they now stand (leg-days.ts).
      if (legDaysTuning.keep) await rebuildAggregates(connection, plan.party, run.after, run.before);
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
