// The aggregates the store keeps, both levels (issue 39): by UTC day from the legs (leg-days.ts) and
// by month from the days (leg-months.ts), rebuilt together for what a sync's window touched, all of
// them for a new schema or `cli aggregates --rebuild`, and checked: the days against the legs, the
// months against the days.
import type { DuckDBConnection } from '@duckdb/node-api';
import { checkLegDays, type LegDaysCheck, rebuildLegDays } from './leg-days.ts';
import { checkLegMonths, rebuildLegMonths } from './leg-months.ts';

/** `party`'s kept days that [after, before) touches (micros; null: no bound), then their months. Inside a transaction. */
export async function rebuildAggregates(
  connection: DuckDBConnection,
  party: string,
  after: bigint | null,
  before: bigint | null,
): Promise<void> {
  await rebuildLegDays(connection, party, after, before);
  await rebuildLegMonths(connection, party, after, before);
}

/** Every party's, from the legs. Inside a transaction. */
export async function rebuildAllAggregates(connection: DuckDBConnection): Promise<number> {
  await connection.run('DELETE FROM leg_days');
  await connection.run('DELETE FROM leg_months');
  const parties = await connection.runAndReadAll('SELECT DISTINCT party FROM leg_rows ORDER BY party');
  for (const [party] of parties.getRows()) await rebuildAggregates(connection, party as string, null, null);
  return parties.getRows().length;
}

export interface KeptAggregatesCheck extends LegDaysCheck {
  /** Rows kept by month. */
  monthRows: number;
}

/** The days against the legs and the months against the days; `differing` counts both. */
export async function checkKeptAggregates(connection: DuckDBConnection): Promise<KeptAggregatesCheck> {
  const days = await checkLegDays(connection);
  const parties = await connection.runAndReadAll(
    'SELECT party FROM leg_days UNION SELECT party FROM leg_months ORDER BY 1',
  );
  let { differing } = days;
  const examples = [...days.examples];
  for (const [party] of parties.getRows() as [string][]) {
    const months = await checkLegMonths(connection, party);
    differing += months.differing;
    examples.push(...months.examples.slice(0, Math.max(0, 20 - examples.length)));
  }
  const monthRows = await connection.runAndReadAll('SELECT count(*) FROM leg_months');
  return { ...days, differing, examples, monthRows: Number(monthRows.getRows()[0][0]) };
}
