// The COPY that writes an export: one statement for main's store exports and for a query's export
// in the SQL process (sql/), so both write the same bytes (docs/local-ledger.md, "Export").
import type { LocalExportFormat } from '../../../../src-shared/contract/local-ledger.ts';
import { sqlIdentifier, sqlString } from '../store/sql-text.ts';
import { csvLineSql } from './export-csv-sql.ts';
import { type ExportSelect, orderedSql } from './export-sources.ts';

/**
 * Parquet written in parallel, in row groups this size: with the store's memory (192 MB when measured, 128 MB now) and insertion order
 * not kept (a session setting the caller makes, see parallelParquet), each thread fills small row
 * groups and writes them as they are full; DuckDB's default (122,880 rows) waits on memory
 * (290,000 legs/s at a million legs against 880,000 with this; docs/performance.md).
 */
const PARALLEL_ROW_GROUP = 32_768;

/** True when the file has no order of its own: a Parquet export of legs (engines order for themselves). */
export function parallelParquet(select: ExportSelect, format: LocalExportFormat): boolean {
  return (format === 'parquet' || format === 'parquet-by-month') && !select.order && select.shape !== 'query';
}

/**
 * COPY of `select` to `target` in `format` (its parameters stay `select.params`). A parallel
 * Parquet export needs `SET SESSION preserve_insertion_order = false` on its connection first.
 */
export function copyStatement(select: ExportSelect, format: LocalExportFormat, target: string): string {
  const rowGroups = parallelParquet(select, format) ? `, ROW_GROUP_SIZE ${PARALLEL_ROW_GROUP}` : '';
  return `COPY (${format === 'csv' ? csvSelect(select) : orderedSql(select)}) TO ${sqlString(target)} (${options(format)}${rowGroups})`;
}

function options(format: LocalExportFormat): string {
  switch (format) {
    case 'csv':
      // The line is built in SQL with the live export's quoting: DuckDB writes it as it is.
      return `FORMAT csv, HEADER true, QUOTE '', ESCAPE '', NEW_LINE '\r\n'`;
    case 'jsonl':
      return 'FORMAT json';
    case 'parquet':
      return 'FORMAT parquet, COMPRESSION zstd';
    case 'parquet-by-month':
      return 'FORMAT parquet, COMPRESSION zstd, PARTITION_BY (month)';
  }
}

/**
 * One column whose name is the header line and whose values are the CSV lines. The lines are made
 * before the sort: DuckDB then sorts one text and its keys instead of every column (a quarter
 * faster at a million legs, and within the store's memory limit where the wide sort ran out).
 */
function csvSelect(select: ExportSelect): string {
  const header = sqlIdentifier(select.columns.join(','));
  const types = new Map(select.schema.map((c) => [c.name, c.type]));
  const line = csvLineSql(select.columns, new Set(select.textColumns), types);
  if (!select.order) return `SELECT ${line} AS ${header} FROM (${select.sql})`;
  const { keys, by } = select.order;
  return `SELECT ${header} FROM (SELECT ${line} AS ${header}, ${keys.join(', ')} FROM (${select.sql})) ORDER BY ${by}`;
}
