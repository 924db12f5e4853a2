// The aggregates the store keeps, both levels (issue 39): by UTC day from the legs (leg-days.ts) and
// by month from the days (leg-months.ts), rebuilt together for what a sync's window touched, all of
// them for a new schema or `cli aggregates --rebuild`, and checked: the days against the legs, the
// months against the days (aggregate-levels.ts).
import type { DuckDBConnection } from '@duckdb/node-api';
import { checkLevel, type Differing, rebuildLevel } from './aggregate-levels.ts';
import { DAYS, dayCeil, dayStart } from './leg-days.ts';
import { MONTHS, monthCeil, monthStart } from './leg-months.ts';

/**
 * `party`'s kept days that [after, before) touches (micros; null: no bound), whole, and their
 * months, with the undated rows, from the legs as they stand. Inside a transaction.
 */
export async function rebuildAggregates(
  connection: DuckDBConnection,
  party: string,
  after: bigint | null,
  before: bigint | null,
): Promise<void> {
  const bound = (micros: bigint | null, round: (m: bigint) => bigint) => (micros === null ? null : round(micros));
  await rebuildLevel(connection, DAYS, party, bound(after, dayStart), bound(before, dayCeil));
  await rebuildLevel(connection, MONTHS, party, bound(after, monthStart), bound(before, monthCeil));
}

/** Every party's, from the legs. Inside a transaction. */
export async function rebuildAllAggregates(connection: DuckDBConnection): Promise<number> {
  await connection.run('DELETE FROM leg_days');
  await connection.run('DELETE FROM leg_months');
  const parties = await connection.runAndReadAll('SELECT DISTINCT party FROM leg_rows ORDER BY party');
  for (const [party] of parties.getRows()) await rebuildAggregates(connection, party as string, null, null);
  return parties.getRows().length;
}

export interface KeptAggregatesCheck {
  /** Rows kept by day and by month. */
  rows: number;
  monthRows: number;
  /** Legs they count (the legs' own count beside it). */
  legs: number;
  legRows: number;
  /** Rows that differ (days from the legs', months from the days'), at most 20 named. */
  differing: number;
  examples: Differing[];
}

/** The days against the legs and the months against the days, party by party. */
export async function checkKeptAggregates(connection: DuckDBConnection): Promise<KeptAggregatesCheck> {
  const counts = await connection.runAndReadAll(
    `SELECT (SELECT count(*) FROM leg_days), (SELECT count(*) FROM leg_months),
       (SELECT coalesce(sum(legs), 0) FROM leg_days), (SELECT count(*) FROM leg_rows)`,
  );
  const [rows, monthRows, legs, legRows] = counts.getRows()[0].map(Number);
  const parties = await connection.runAndReadAll(
    'SELECT party FROM leg_rows UNION SELECT party FROM leg_days UNION SELECT party FROM leg_months ORDER BY 1',
  );
  let differing = 0;
  const examples: Differing[] = [];
  for (const [party] of parties.getRows() as [string][]) {
    for (const level of [DAYS, MONTHS]) {
      const found = await checkLevel(connection, level, party);
      differing += found.differing;
      examples.push(...found.examples.slice(0, Math.max(0, 20 - examples.length)));
    }
  }
  return { rows, monthRows, legs, legRows, differing, examples };
}
