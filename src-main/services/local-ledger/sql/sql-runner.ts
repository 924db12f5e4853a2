// The SQL editor's query: run in the SQL process (sql/), never in main's store. Main makes
// sure the profile's snapshot is current, then the process checks the query read-only, runs it
// over the snapshot alone and streams the answer as far as the row cap + 1, within its byte limits;
// main stops it at its memory or time limit, or when app:cancel abandons the request.
import type { SqlQuery, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { SqlQuery as SqlQuerySchema } from '../../../../src-shared/contract/local-ledger.ts';
import { fromSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import type { LedgerReaders } from '../store/leg-access.ts';
import { resolveScope } from '../store/view-scope.ts';
import type { SqlBudgets } from './sql-budgets.ts';
import type { SqlProcesses } from './sql-process.ts';
import { sqlSource } from './sql-snapshot.ts';

/** What user SQL (the editor's query, a query's export) uses of the local ledger (LocalLedger is one). */
export interface SqlLedger extends LedgerReaders {
  /** Where user SQL runs: never in this process. */
  readonly sql: SqlProcesses;
  /** The SQL editor's limits and a query export's. */
  readonly sqlBudgets: { screen: SqlBudgets; export: SqlBudgets };
}

export async function runSql(local: SqlLedger, query: SqlQuery): Promise<SqlResult> {
  const q = SqlQuerySchema.parse(query);
  local.ctx.profile(q.profileId); // an unknown profile is refused before a store file is made for it
  const reader = await local.reader(q.profileId);
  const scope = await resolveScope(local, q.profileId, q.scope);
  return local.ctx.requests.run(q.requestId, async (signal) => {
    local.sql.onPhase?.('snapshot');
    const source = await sqlSource(reader);
    return local.sql.run<SqlResult>(
      {
        ...source,
        budgets: local.sqlBudgets.screen,
        task: {
          kind: 'query',
          sql: q.sql,
          rowCap: q.rowCap,
          ...(q.params && q.params.length > 0 ? { params: fromSqlParams(q.params) } : {}),
          scope,
        },
      },
      { signal },
    );
  });
}
