// STUB (helper "sql" replaces this): read-only SQL over the `legs` view.
import type { SqlQuery, SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { LocalLedger } from './local-ledger.ts';

export async function runSql(_local: LocalLedger, _query: SqlQuery): Promise<SqlResult> {
  throw new ServiceError('internal', 'not built yet');
}
