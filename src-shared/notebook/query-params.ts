// A saved query's parameters (docs/notebook.md): `{{name}}` placeholders in its SQL, found by a
// small SQL tokenizer (so `{{` inside a string, a quoted identifier, a comment or a dollar-quoted
// string is text, not a parameter), read by the app's own readers (party id, time, instrument,
// exact decimal) and bound as DuckDB prepared parameters: each placeholder becomes `$n` and its value
// travels beside the text. A value is never spliced into the SQL.
import { DecimalText, InstrumentText } from '../contract/local-ledger.ts';
import { PartyId } from '../contract/transfers.ts';
import { parseDecimal } from '../decimal.ts';
import { readTimeInput, type TimeZoneChoice } from '../time/time-text.ts';

export const PARAM_TYPES = ['party', 'time', 'instrument', 'text', 'number', 'integer'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** Names every query may use without declaring them, and their types. */
export const BUILT_IN_PARAMS: Readonly<Record<string, ParamType>> = {
  party: 'party',
  from: 'time',
  to: 'time',
  instrument: 'instrument',
};

/** A parameter as the header declares it. */
export interface ParamDecl {
  name: string;
  type: ParamType;
  label?: string;
  default?: string;
}

/** A parameter name: letters, digits and `_`, not starting with a digit, at most 64 characters. */
export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A value longer than this is refused before any reader sees it (a pasted file is not a parameter). */
export const MAX_VALUE_CHARS = 10_000;
/** Problems listed for one text: a hostile file of `{{{{{{…` gets a list a person can read, not half a million lines. */
export const MAX_PROBLEMS = 100;
/** What an `integer` field takes, said when it holds anything else. */
export const INTEGER_MESSAGE = 'a whole number, like 5 or 1000 (no grouping, no decimal point)';
/** DuckDB's widest exact decimal. */
const MAX_DECIMAL_DIGITS = 38;

/** A problem in the SQL, by its line (1-based, within the text scanned). */
export interface LineProblem {
  line: number;
  message: string;
}

export interface Placeholder {
  name: string;
  /** Offsets of `{{` and just past `}}` in the text scanned. */
  start: number;
  end: number;
  line: number;
}

const identChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9_$\u0080-\uffff]/.test(ch);

/**
 * The `{{name}}` placeholders of `sql`, outside string literals ('…' with '' escapes, E'…' with
 * backslash escapes), quoted identifiers ("…" with ""), comments (-- to the line's end, nested
 * /* … *\/) and dollar-quoted strings ($$…$$, $tag$…$tag$). Also a problem for each `{{` that is not
 * a placeholder, and for a parameter of the query's own ($1, $name, ?): values come only through
 * `{{name}}`.
 */
export function scanPlaceholders(sql: string): { placeholders: Placeholder[]; problems: LineProblem[] } {
  const placeholders: Placeholder[] = [];
  const problems: LineProblem[] = [];
  const n = sql.length;
  let i = 0;
  let line = 1;
  let unlisted = 0;
  const report = (message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
    else unlisted++;
  };
  // Advances to `to`, counting the line breaks passed.
  const advance = (to: number) => {
    for (let k = i; k < to && k < n; k++) if (sql.charCodeAt(k) === 10) line++;
    i = Math.min(to, n);
  };
  while (i < n) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      advance(end < 0 ? n : end);
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      let k = i + 2;
      while (k < n && depth > 0) {
        if (sql[k] === '/' && sql[k + 1] === '*') {
          depth++;
          k += 2;
        } else if (sql[k] === '*' && sql[k + 1] === '/') {
          depth--;
          k += 2;
        } else k++;
      }
      advance(k);
    } else if (ch === "'" || ch === '"') {
      // E'…' (an escape string) takes backslash escapes; the E must be a word of its own.
      const backslash = ch === "'" && /[eE]/.test(sql[i - 1] ?? '') && !identChar(sql[i - 2]);
      let k = i + 1;
      while (k < n) {
        if (backslash && sql[k] === '\\') k += 2;
        else if (sql[k] === ch) {
          if (sql[k + 1] === ch) k += 2;
          else {
            k++;
            break;
          }
        } else k++;
      }
      advance(k);
    } else if (ch === '$' && !identChar(sql[i - 1])) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 66));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        advance(end < 0 ? n : end + tag[0].length);
      } else {
        const own = /^\$(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(sql.slice(i, i + 66));
        if (own) {
          report(`${own[0]} is a parameter of the query's own: write {{name}} instead`);
          advance(i + own[0].length);
        } else advance(i + 1);
      }
    } else if (ch === '?') {
      report("? is a parameter of the query's own: write {{name}} instead");
      advance(i + 1);
    } else if (ch === '{' && next === '{') {
      const m = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/.exec(sql.slice(i, i + 200));
      if (m) {
        placeholders.push({ name: m[1], start: i, end: i + m[0].length, line });
        advance(i + m[0].length);
      } else {
        report('{{ does not start a parameter: write {{name}} (letters, digits and _), or put it in a string');
        advance(i + 2);
      }
    } else if (identChar(ch)) {
      // A whole word at once: `$` inside a word (a$1) is part of the word, as DuckDB reads it.
      let k = i + 1;
      while (k < n && identChar(sql[k])) k++;
      advance(k);
    } else advance(i + 1);
  }
  if (unlisted > 0) {
    problems.push({ line: problems[problems.length - 1].line, message: `and ${unlisted} more problems like these` });
  }
  return { placeholders, problems };
}

/** The declaration a name has in a query: its own, else the built-in one, else none. */
export function declarationOf(name: string, declared: readonly ParamDecl[]): ParamDecl | null {
  const own = declared.find((p) => p.name === name);
  if (own) return own;
  const type = BUILT_IN_PARAMS[name];
  return type ? { name, type } : null;
}

/** The problem for a placeholder nobody declared, by its line. */
export function undeclaredMessage(name: string): string {
  return `{{${name}}} is not declared: add "-- param: ${name} <type>" to the header (types: ${PARAM_TYPES.join(', ')}; built in: ${Object.keys(BUILT_IN_PARAMS).join(', ')})`;
}

/** A value as DuckDB receives it beside the text: typed, exact. */
export type BoundValue =
  | { type: 'VARCHAR'; value: string }
  /** An instant: microseconds since 1970-01-01T00:00:00Z, as a TIMESTAMP (the `legs` view's effective_at). */
  | { type: 'TIMESTAMP'; micros: bigint; iso: string }
  /** An exact decimal: units × 10^-scale, as DECIMAL(width, scale). */
  | { type: 'DECIMAL'; units: bigint; width: number; scale: number; text: string };

export type ReadValue = { ok: true; value: BoundValue } | { ok: false; message: string };

/** Reads what was typed in a parameter's field, by its type, with the app's own readers. */
export function readParamValue(type: ParamType, text: string, zone: TimeZoneChoice): ReadValue {
  if (text.length > MAX_VALUE_CHARS) {
    return { ok: false, message: `at most ${MAX_VALUE_CHARS.toLocaleString('en-US')} characters` };
  }
  switch (type) {
    case 'text':
      // The guard refuses a NUL in a query for the same reason: DuckDB's text would not be the text shown.
      if (text.includes('\0')) return { ok: false, message: 'may not hold a NUL character' };
      return { ok: true, value: { type: 'VARCHAR', value: text } };
    case 'party': {
      const read = PartyId.safeParse(text);
      return read.success
        ? { ok: true, value: { type: 'VARCHAR', value: read.data } }
        : { ok: false, message: read.error.issues[0].message };
    }
    case 'instrument': {
      if (text === '') return { ok: false, message: 'enter an instrument id' };
      const read = InstrumentText.safeParse(text);
      return read.success
        ? { ok: true, value: { type: 'VARCHAR', value: read.data } }
        : { ok: false, message: read.error.issues[0].message };
    }
    case 'time': {
      if (text.trim() === '') return { ok: false, message: 'enter a time' };
      const read = readTimeInput(text, zone);
      return read.ok
        ? { ok: true, value: { type: 'TIMESTAMP', micros: read.instant.micros, iso: read.iso } }
        : { ok: false, message: read.message };
    }
    case 'integer': {
      // A count (rows, counterparties): the number reader, then no fraction at all ("5.0" included),
      // bound as DECIMAL(width, 0) like any number; its messages speak of whole numbers.
      const read = readParamValue('number', text, zone);
      const whole = read.ok
        ? read.value.type === 'DECIMAL' && read.value.scale === 0
        : /digits|characters/.test(read.message);
      return whole ? read : { ok: false, message: INTEGER_MESSAGE };
    }
    case 'number': {
      const read = DecimalText.safeParse(text);
      const decimal = read.success ? parseDecimal(read.data) : null;
      if (!read.success || !decimal) {
        return { ok: false, message: read.success ? 'a plain decimal number' : read.error.issues[0].message };
      }
      const digits = (decimal.units < 0n ? -decimal.units : decimal.units).toString().length;
      const width = Math.max(digits, decimal.scale, 1);
      if (width > MAX_DECIMAL_DIGITS) {
        return { ok: false, message: `at most ${MAX_DECIMAL_DIGITS} digits (DuckDB's widest exact decimal)` };
      }
      return {
        ok: true,
        value: { type: 'DECIMAL', units: decimal.units, width, scale: decimal.scale, text: read.data },
      };
    }
  }
}

export type BindResult =
  | {
      ok: true;
      /** The SQL with each placeholder replaced by `$n` (the same name, the same n). */
      text: string;
      /** params[n - 1] is `$n`'s value. */
      params: BoundValue[];
      /** names[n - 1] is the parameter `$n` stands for. */
      names: string[];
    }
  | {
      ok: false;
      /** A message per parameter field, by the parameter's name. */
      fields: Record<string, string>;
      /** Problems in the SQL itself, by line. */
      problems: LineProblem[];
    };

/**
 * Binds a query's parameters: every `{{name}}` outside strings and comments becomes `$n`, and its
 * value (typed in the form, else the declaration's default) is read by its type into `params`.
 * The values never enter the text. `values` holds what the fields hold; a name left out takes its
 * default.
 */
export function bindQuery(
  sql: string,
  declared: readonly ParamDecl[],
  values: Readonly<Record<string, string | undefined>>,
  options: { zone: TimeZoneChoice },
): BindResult {
  const { placeholders, problems } = scanPlaceholders(sql);
  const fields: Record<string, string> = {};
  const names: string[] = [];
  const params: BoundValue[] = [];
  // A name's $n is index + 1; an undeclared name is told once, at its first line.
  const index = new Map<string, number>();
  const told = new Set<string>();
  for (const p of placeholders) {
    if (index.has(p.name) || told.has(p.name)) continue;
    const decl = declarationOf(p.name, declared);
    if (!decl) {
      told.add(p.name);
      if (problems.length < MAX_PROBLEMS) problems.push({ line: p.line, message: undeclaredMessage(p.name) });
      continue;
    }
    index.set(p.name, names.length);
    names.push(p.name);
    const text = Object.hasOwn(values, p.name) ? values[p.name] : undefined;
    const given = text ?? decl.default;
    if (given === undefined) {
      fields[p.name] = 'enter a value';
      continue;
    }
    const read = readParamValue(decl.type, given, options.zone);
    if (read.ok) params.push(read.value);
    else fields[p.name] = read.message;
  }
  if (problems.length > 0 || Object.keys(fields).length > 0) return { ok: false, fields, problems };
  let text = '';
  let at = 0;
  for (const p of placeholders) {
    const marker = `$${(index.get(p.name) as number) + 1}`;
    // `a{{x}}` must not become the identifier `a$1`, nor `{{x}}b` the parameter `$1b`.
    const before = identChar(sql[p.start - 1]) ? ' ' : '';
    const after = identChar(sql[p.end]) ? ' ' : '';
    text += sql.slice(at, p.start) + before + marker + after;
    at = p.end;
  }
  text += sql.slice(at);
  return { ok: true, text, params, names };
}
