// The live explorer's CSV rules (src-main/services/export/csv.ts) as one SQL expression per line,
// so DuckDB writes the file: a field is quoted when it holds a comma, a quote, CR or LF (quotes
// doubled), text starting with = + - @ TAB CR (and not a plain number) gets a leading ' and quotes,
// null is an empty field, booleans are true/false.
import { quote } from './export-sources.ts';

const FORMULA = `regexp_matches($V, '^[=+\\-@\t\r]') AND NOT regexp_full_match($V, '-?[0-9]+(\\.[0-9]+)?')`;

function textField(column: string): string {
  const v = `${quote(column)}`;
  const formula = FORMULA.replaceAll('$V', v);
  const guarded = `CASE WHEN ${formula} THEN '''' || ${v} ELSE ${v} END`;
  return `CASE WHEN ${v} IS NULL THEN ''
    WHEN ${formula} OR strpos(${v}, ',') > 0 OR strpos(${v}, '"') > 0 OR strpos(${v}, chr(10)) > 0 OR strpos(${v}, chr(13)) > 0
      THEN '"' || replace(${guarded}, '"', '""') || '"'
    ELSE ${v} END`;
}

function otherField(column: string): string {
  const v = `CAST(${quote(column)} AS VARCHAR)`;
  return `CASE WHEN ${v} IS NULL THEN '' WHEN strpos(${v}, ',') > 0 OR strpos(${v}, '"') > 0 OR strpos(${v}, chr(10)) > 0 THEN '"' || replace(${v}, '"', '""') || '"' ELSE ${v} END`;
}

export function csvLineSql(columns: readonly string[], text: ReadonlySet<string>): string {
  return columns.map((c) => (text.has(c) ? textField(c) : otherField(c))).join(` || ',' || `);
}
