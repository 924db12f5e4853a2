// The live explorer's CSV rules (src-main/services/local-ledger/export/csv.ts) as one SQL expression per line,
// so DuckDB writes the file: a field is quoted when it holds a comma, a quote, CR or LF (quotes
// doubled), text starting with = + - @ TAB CR (and not a plain number) gets a leading ' and quotes,
// null is an empty field, booleans are true/false.
import { sqlIdentifier } from '../store/sql-text.ts';

const FORMULA = `regexp_matches($V, '^[=+\\-@\t\r]') AND NOT regexp_full_match($V, '-?[0-9]+(\\.[0-9]+)?')`;

function textField(column: string): string {
  const v = `${sqlIdentifier(column)}`;
  const formula = FORMULA.replaceAll('$V', v);
  const guarded = `CASE WHEN ${formula} THEN '''' || ${v} ELSE ${v} END`;
  return `CASE WHEN ${v} IS NULL THEN ''
    WHEN ${formula} OR strpos(${v}, ',') > 0 OR strpos(${v}, '"') > 0 OR strpos(${v}, chr(10)) > 0 OR strpos(${v}, chr(13)) > 0
      THEN '"' || replace(${guarded}, '"', '""') || '"'
    ELSE ${v} END`;
}

function otherField(column: string): string {
  const v = `CAST(${sqlIdentifier(column)} AS VARCHAR)`;
  return `CASE WHEN ${v} IS NULL THEN '' WHEN strpos(${v}, ',') > 0 OR strpos(${v}, '"') > 0 OR strpos(${v}, chr(10)) > 0 THEN '"' || replace(${v}, '"', '""') || '"' ELSE ${v} END`;
}

/** A value whose text never holds a comma, a quote or a line break: written as DuckDB prints it. */
function plainField(column: string): string {
  return `CAST(${sqlIdentifier(column)} AS VARCHAR)`;
}

/** Types whose text is digits, a sign, a point, letters of true/false, or a time's digits and separators. */
const PLAIN_TYPES =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|BOOLEAN|DATE|TIMESTAMP|DECIMAL\(\d+,\d+\))$/;

/**
 * One line: concat() of the fields (one call, not a chain of ||, which copied the line once per
 * field: 30% of the export; concat() reads NULL as empty, as the live export writes it). `types`
 * (DuckDB's, by column) lets a number, a boolean or a time go without the quoting checks.
 */
export function csvLineSql(
  columns: readonly string[],
  text: ReadonlySet<string>,
  types: ReadonlyMap<string, string> = new Map(),
): string {
  const field = (c: string) =>
    text.has(c) ? textField(c) : PLAIN_TYPES.test(types.get(c) ?? '') ? plainField(c) : otherField(c);
  return `concat(${columns.map(field).join(`, ',', `)})`;
}
