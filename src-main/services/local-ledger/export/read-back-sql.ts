// The DuckDB SQL that reads an export back as the app reads its store: a view `export` over the
// file (every column, the right types: CSV and JSON Lines carry no types of their own), and for legs
// the `legs` view, `instrument_totals` and `decimal_text()` over it, so a query written in the app's
// SQL editor runs unchanged on the file (docs/local-ledger.md, "Read an export back").
import { LEGS_VIEW_COLUMNS, type ViewColumn } from '../../../../src-shared/contract/legs-view.ts';
import type { LocalExportFormat } from '../../../../src-shared/contract/local-ledger.ts';
import type { ExportSelect } from '../sql/export-sources.ts';
import { sqlString } from '../store/sql-text.ts';
import { DECIMAL_TEXT_MACRO, INSTRUMENT_TOTALS_VIEW } from '../store/store-schema.ts';

export function readBackSql(
  path: string,
  format: LocalExportFormat,
  select: Pick<ExportSelect, 'schema' | 'shape'>,
): string {
  const lines = [
    `-- Ledger Explorer export (${select.shape}, ${format}), read back in DuckDB as in the app's SQL editor`,
    `CREATE OR REPLACE VIEW export AS SELECT * FROM ${reader(path, format, select.schema)};`,
    `${DECIMAL_TEXT_MACRO};`,
  ];
  if (select.shape === 'legs') {
    lines.push(`CREATE OR REPLACE VIEW legs AS SELECT ${LEGS_VIEW_COLUMNS.map((c) => c.name).join(', ')} FROM export;`);
    lines.push(`${INSTRUMENT_TOTALS_VIEW};`);
  }
  return `${lines.join('\n')}\n`;
}

function reader(path: string, format: LocalExportFormat, schema: readonly ViewColumn[]): string {
  const columns = `{${schema.map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`).join(', ')}}`;
  switch (format) {
    case 'parquet':
      return `read_parquet(${sqlString(path)})`;
    case 'parquet-by-month':
      return `read_parquet(${sqlString(`${path}/*/*.parquet`)}, hive_partitioning = true, hive_types = {'month': VARCHAR})`;
    case 'csv':
      return `read_csv(${sqlString(path)}, header = true, auto_detect = false, quote = '"', escape = '"', columns = ${columns})`;
    case 'jsonl':
      return `read_json(${sqlString(path)}, format = 'newline_delimited', columns = ${columns})`;
  }
}
