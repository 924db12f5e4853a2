// Text put into a SQL statement, in one place: a string literal, an identifier and a list of
// literals, as DuckDB reads them. Values a statement can bind are bound (`$1`, `?`); these are for
// what DuckDB does not bind: file paths in COPY, ATTACH and read_parquet, settings, and names.
// The bottom of the wing (store/): every folder and the SQL process import it, so it imports nothing.

/**
 * A SQL string literal: `'` doubled inside single quotes. DuckDB's literals have no backslash
 * escapes, so every other character (backslash, line break, tab, any Unicode) stands for itself.
 * NUL ends DuckDB's statement text: a text holding one is refused, never cut short. (A JS string
 * with a lone surrogate has no UTF-8 form: it reaches DuckDB with U+FFFD in its place.)
 */
export function sqlString(text: string): string {
  if (text.includes('\0')) throw new Error('A SQL text cannot hold a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

/** A quoted identifier (a column, table or database name): `"` doubled inside double quotes. */
export function sqlIdentifier(name: string): string {
  if (name.includes('\0')) throw new Error('A SQL name cannot hold a NUL character');
  return `"${name.replaceAll('"', '""')}"`;
}

/** A DuckDB list of string literals: `['a', 'b']` (read_parquet's files, allowed_paths). */
export function sqlList(items: readonly string[]): string {
  return `[${items.map(sqlString).join(', ')}]`;
}

/** String literals for `IN (...)`: `'a', 'b'` (at least one item: `IN ()` is not SQL). */
export function sqlInList(items: readonly string[]): string {
  if (items.length === 0) throw new Error('IN needs at least one value');
  return items.map(sqlString).join(', ');
}
