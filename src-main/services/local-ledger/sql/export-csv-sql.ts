// The app's one CSV cell rule (src-main/files/csv-cell.ts) as one SQL expression per line, so
// DuckDB writes the file with the bytes the live export's csvCell writes: built from the rule's own
// tables (formula characters, guard mark, plain number, quote characters), never restated here.
// A cell is quoted when it holds a comma, a quote, CR or LF (quotes doubled); text starting like a
// formula (after any guard marks, and not a plain number) gets a leading ' and quotes; null is an
// empty cell; a number, a boolean or a time is written as DuckDB prints it.
import { GUARD_MARK, NEEDS_GUARD_PATTERN, PLAIN_NUMBER_PATTERN, QUOTE_CHARS } from '../../../files/csv-cell.ts';
import { sqlIdentifier, sqlString } from '../store/sql-text.ts';

/** needsGuard in SQL: DuckDB's RE2 reads the rule's patterns as JS does. */
const needsGuard = (v: string) =>
  `(regexp_matches(${v}, ${sqlString(NEEDS_GUARD_PATTERN)}) AND NOT regexp_full_match(${v}, ${sqlString(PLAIN_NUMBER_PATTERN)}))`;
/** strpos, not a regular expression: the common case (no such character) is the cheapest. */
const needsQuotes = (v: string) => QUOTE_CHARS.map((c) => `strpos(${v}, chr(${c.charCodeAt(0)})) > 0`).join(' OR ');
const quoted = (text: string) => `'"' || replace(${text}, '"', '""') || '"'`;

/** csvCell over `v`, a VARCHAR expression. */
function cellSql(v: string): string {
  return `CASE WHEN ${v} IS NULL THEN ''
    WHEN ${needsGuard(v)} THEN ${quoted(`${sqlString(GUARD_MARK)} || ${v}`)}
    WHEN ${needsQuotes(v)} THEN ${quoted(v)}
    ELSE ${v} END`;
}

/** A value whose text is a number, a boolean or a time: never a formula, and never quoted. */
function plainField(column: string): string {
  return `CAST(${sqlIdentifier(column)} AS VARCHAR)`;
}

/**
 * Types whose text is a number (digits, a sign, a point, an exponent, inf or nan), true/false, or a
 * time's digits and separators: what csvCell writes as it is (a value of a number type is not a formula).
 */
const PLAIN_TYPES =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|BOOLEAN|DATE|TIMESTAMP|DECIMAL\(\d+,\d+\))$/;

/**
 * One line: concat() of the fields (one call, not a chain of ||, which copied the line once per
 * field: 30% of the export; concat() reads NULL as empty, as the live export writes it). `types`
 * (DuckDB's, by column) lets a number, a boolean or a time go without the checks; every other
 * column (text, and any other type's text: an ENUM, a BLOB, an INTERVAL) gets the whole rule.
 */
export function csvLineSql(
  columns: readonly string[],
  text: ReadonlySet<string>,
  types: ReadonlyMap<string, string> = new Map(),
): string {
  const field = (c: string) =>
    text.has(c)
      ? cellSql(sqlIdentifier(c))
      : PLAIN_TYPES.test(types.get(c) ?? '')
        ? plainField(c)
        : cellSql(`CAST(${sqlIdentifier(c)} AS VARCHAR)`);
  return `concat(${columns.map(field).join(`, ',', `)})`;
}
