// The one rule for a cell of every CSV the app writes: the live export (csv.ts), the store's,
// a query's and a reconciliation's export (DuckDB's COPY: the rule as SQL, export-csv-sql.ts, built
// from the tables below), and the address book. docs/local-ledger.md, "Export".
//
// - A spreadsheet runs a cell that starts with = + - @ TAB or CR as a formula (CSV injection): such a
//   cell gets a leading ' (spreadsheets show it as text), and quotes. A number is not a formula:
//   a value of a number type, or text that is a plain decimal number ("-12.5", an amount).
// - A cell that already starts with quote marks before a formula start gets one more, so that
//   unguardCell strips exactly one when the app reads its own file back and the round trip holds.
// - RFC 4180: a cell is quoted when it holds a comma, a quote, CR or LF; quotes inside are doubled.
// - null is an empty cell.
// Imports nothing: main's writers and the SQL process use it (src-main/files/: what several service
// folders write or read, issue 40).

/** The characters a spreadsheet reads a cell starting with as a formula (OWASP, "CSV Injection"). */
export const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'] as const;
/** The guard put before such a cell. */
export const GUARD_MARK = "'";
/** A cell holding one of these is quoted. */
export const QUOTE_CHARS = [',', '"', '\r', '\n'] as const;
/** Text that is a plain decimal number, unanchored (the same pattern in JS and in DuckDB's RE2). */
export const PLAIN_NUMBER_PATTERN = '-?[0-9]+(\\.[0-9]+)?';

/** FORMULA_CHARS as a regular-expression class body, escaped (JS and RE2 read it alike). */
export const FORMULA_CLASS = FORMULA_CHARS.map((c) =>
  c === '-' ? '\\-' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : c,
).join('');
/** A cell that starts like a formula (what a reader of an outside file refuses, reconcile's statement). */
export const FORMULA_START = new RegExp(`^[${FORMULA_CLASS}]`);
/** A cell the guard covers: a formula start after any quote marks (one is added, one is stripped). */
export const NEEDS_GUARD_PATTERN = `^${GUARD_MARK}*[${FORMULA_CLASS}]`;
const NEEDS_GUARD = new RegExp(NEEDS_GUARD_PATTERN);
const PLAIN_NUMBER = new RegExp(`^${PLAIN_NUMBER_PATTERN}$`);
const NEEDS_QUOTES = new RegExp(`[${QUOTE_CHARS.join('').replace('\r', '\\r').replace('\n', '\\n')}]`);
/** The one mark a guard added, before what needed it. */
const ADDED_GUARD = new RegExp(`^${GUARD_MARK}(?=${GUARD_MARK}*[${FORMULA_CLASS}])`);

/** Whether text gets the guard: it starts like a formula (after any quote marks) and is not a plain number. */
export function needsGuard(text: string): boolean {
  return NEEDS_GUARD.test(text) && !PLAIN_NUMBER.test(text);
}

/** The text with the guard when it needs one (no CSV quoting: a reader's cell, the address book's value). */
export function guardCell(text: string): string {
  return needsGuard(text) ? `${GUARD_MARK}${text}` : text;
}

/** The cell without the one mark a guard added (a cell with no guard is left as it is). */
export function unguardCell(text: string): string {
  return text.replace(ADDED_GUARD, '');
}

/**
 * One CSV cell by the rule. `quoteSpaces`: a cell with spaces at either end is quoted too (the
 * address book: a reader that trims keeps them).
 */
export function csvCell(value: string | number | bigint | boolean | null, options?: { quoteSpaces?: boolean }): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const guarded = needsGuard(value);
  const text = guarded ? `${GUARD_MARK}${value}` : value;
  const quote = guarded || NEEDS_QUOTES.test(text) || (options?.quoteSpaces === true && text !== text.trim());
  return quote ? `"${text.replaceAll('"', '""')}"` : text;
}
