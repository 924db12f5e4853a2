// The SQL editor's query: run in the SQL process (sql/), never in main's store. Main makes
// sure the profile's snapshot is current, then the process checks the query read-only, runs it
// over the snapshot alone and streams the answer as far as the row cap + 1, within its byte limits;
// main stops it at its memory or time limit, or when app:cancel abandons the request.
import type { SqlQuery, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { SqlQuery as SqlQuerySchema } from '../../../../src-shared/contract/local-ledger.ts';
import { fromSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import type { LocalLedger } from '../local-ledger.ts';
import { resolveScope } from '../store/view-scope.ts';
import { sqlSource } from './sql-snapshot.ts';

export async function runSql(local: LocalLedger, query: SqlQuery): Promise<SqlResult> {
  const q = SqlQuerySchema.parse(query);
  local.ctx.profile(q.profileId); // an unknown profile is refused before a store file is made for it
  const store = await local.store(q.profileId);
  const scope = await resolveScope(local, q.profileId, q.scope);
  return local.ctx.requests.run(q.requestId, async (signal) => {
    local.sql.onPhase?.('snapshot');
    const source = await sqlSource(store);
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
