// The COPY that writes an export: one statement for main's store exports and for a query's export
// in the SQL process (sql-sandbox/), so both write the same bytes (docs/local-ledger.md, "Export").
import type { LocalExportFormat } from '../../../src-shared/contract/local-ledger.ts';
import { csvLineSql } from './export-csv-sql.ts';
import type { ExportSelect } from './export-sources.ts';

/** COPY of `select` to `target` in `format` (its parameters stay `select.params`). */
export function copyStatement(select: ExportSelect, format: LocalExportFormat, target: string): string {
  return `COPY (${format === 'csv' ? csvSelect(select) : select.sql}) TO ${literal(target)} (${options(format)})`;
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

/** One column whose name is the header line and whose values are the CSV lines. */
function csvSelect(select: ExportSelect): string {
  const header = select.columns.join(',');
  return `SELECT ${csvLineSql(select.columns, new Set(select.textColumns))} AS ${literalName(header)} FROM (${select.sql})`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function literalName(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
