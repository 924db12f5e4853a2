// The SQL editor's query: checked read-only (sql-guard.ts), run on a read connection of its own
// (app:cancel interrupts it), streamed only as far as the row cap + 1, so a query over millions of
// legs never brings them into JS. Cells are numbers only where a number is exact in JS; HUGEINT,
// DECIMAL and times come as DuckDB's text.
import { DuckDBTypeId } from '@duckdb/node-api';
import type { SqlCell, SqlQuery, SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import { SqlQuery as SqlQuerySchema } from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { LocalLedger } from './local-ledger.ts';
import { checkReadOnly, duckdbError } from './sql-guard.ts';

/** Integer types whose JSON form is text in DuckDB's conversion: shown as a number when it is a safe integer. */
const WIDE_INTEGERS = new Set<DuckDBTypeId>([DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT]);

export async function runSql(local: LocalLedger, query: SqlQuery): Promise<SqlResult> {
  const q = SqlQuerySchema.parse(query);
  local.ctx.profile(q.profileId); // an unknown profile is refused before a store file is made for it
  const store = await local.store(q.profileId);
  return local.ctx.requests.run(q.requestId, (signal) =>
    store.read(async (c) => {
      const started = performance.now();
      const text = await checkReadOnly(c, q.sql);
      let reader: Awaited<ReturnType<typeof c.streamAndReadUntil>>;
      try {
        reader = await c.streamAndReadUntil(text, q.rowCap + 1);
      } catch (error) {
        if (signal.aborted) throw new ServiceError('cancelled', 'Cancelled.');
        throw duckdbError(error, text);
      }
      const types = reader.columnTypes();
      const names = reader.columnNames();
      const rows = reader.getRowsJson().slice(0, q.rowCap);
      return {
        columns: names.map((name, i) => ({ name, type: types[i].toString() })),
        rows: rows.map((row) => row.map((value, i) => cell(value, types[i].typeId))),
        truncated: reader.currentRowCount > q.rowCap,
        elapsedMs: Math.round(performance.now() - started),
      };
    }, signal),
  );
}

function cell(value: unknown, type: DuckDBTypeId): SqlCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    if (WIDE_INTEGERS.has(type) && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value))) {
      return Number(value);
    }
    return value;
  }
  return JSON.stringify(value);
}
