// A query's scope inside the SQL process (docs/notebook.md, "Parties, sets and portfolios"): the
// scope's parties go into a temporary table of the job's own connection, inserted as bound values
// (never SQL text), and the `legs` view reads only their legs. Table and views are temporary: they
// end with the job's connection, so the next job on the same sandbox starts with none of them. Under a portfolio, `legs`
// gains a last column `internal BOOLEAN` (the counterparty is a member too) and `instrument_totals`
// leaves internal legs out, so its totals are the portfolio's dealings with the outside world.
// The table is not one of the documented views: the guard (sql-guard.ts) refuses user text naming it.
import type { DuckDBConnection } from '@duckdb/node-api';
import { INSTRUMENT_TOTALS_VIEW } from './store-schema.ts';

/** What main resolved a scope to (sql-scope.ts); absent on a job: every party in the snapshot. */
export interface ScopeData {
  parties: string[];
  /** The parties form a portfolio: legs between them are internal. */
  portfolio: boolean;
}

const SCOPE_TABLE = 'scope_parties';

/** The store's instrument_totals, as a temporary view of the job's connection. */
const TOTALS = INSTRUMENT_TOTALS_VIEW.replace('CREATE OR REPLACE VIEW', 'CREATE OR REPLACE TEMP VIEW');
// The shared view's text changed shape: a view left in the sandbox for the next job is not one to risk.
if (TOTALS === INSTRUMENT_TOTALS_VIEW) throw new Error('instrument_totals could not be made temporary');

/** Fills the scope's table (values bound one by one); answers the view's extra column and WHERE. */
export async function scopeParts(
  c: DuckDBConnection,
  scope: ScopeData | undefined,
): Promise<{ columns: string; where: string; totals: string }> {
  if (!scope) return { columns: '', where: '', totals: TOTALS };
  await c.run(`CREATE TEMP TABLE ${SCOPE_TABLE} (party VARCHAR PRIMARY KEY)`);
  const insert = await c.prepare(`INSERT INTO ${SCOPE_TABLE} VALUES ($1) ON CONFLICT DO NOTHING`);
  for (const party of scope.parties) {
    insert.bindVarchar(1, party);
    await insert.run();
  }
  const members = `(SELECT party FROM ${SCOPE_TABLE})`;
  if (!scope.portfolio) return { columns: '', where: ` WHERE party IN ${members}`, totals: TOTALS };
  const totals = TOTALS.replace(/\n {2}FROM legs\n/, '\n  FROM legs WHERE NOT internal\n');
  // The shared view's text changed shape: better no portfolio totals than totals with internal legs in them.
  if (totals === TOTALS) throw new Error('instrument_totals could not be scoped to a portfolio');
  return {
    columns: `, coalesce(counterparty IN ${members}, false) AS internal`,
    where: ` WHERE party IN ${members}`,
    totals,
  };
}
