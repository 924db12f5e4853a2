// A saved query as a file (docs/notebook.md): plain SQL whose first lines are a header of
// `-- key: value` comments, so any editor writes one and DuckDB reads the whole file as SQL.
//
//   -- name: Large outflows
//   -- description: Outgoing legs above a threshold.
//   -- param: min number label="Minimum amount" default="1000"
//   -- chart: bar x=counterparty x_type=category y=total
//
//   SELECT … WHERE party = {{party}} AND amount_units >= {{min}}
//
// Reading never fails: a malformed header gives problems that name their line, and the query opens
// with its SQL and whatever header fields were valid. Pure: no Node, no DOM.
import {
  declarationOf,
  type LineProblem,
  MAX_PROBLEMS,
  PARAM_NAME,
  PARAM_TYPES,
  type ParamDecl,
  type ParamType,
  readParamValue,
  scanPlaceholders,
  undeclaredMessage,
} from './query-params.ts';

export const CHART_KINDS = ['bar', 'line', 'area', 'stacked'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_X_TYPES = ['time', 'category'] as const;
export type ChartXType = (typeof CHART_X_TYPES)[number];

/** How the result is drawn (docs/notebook.md, "The chart"): columns of the result by name. */
export interface ChartSpec {
  kind: ChartKind;
  x: string;
  xType: ChartXType;
  /** A numeric column. */
  y: string;
  /** A column whose values split the rows into series. */
  series?: string;
  /** The column holding y's scale (y is then units of an amount); absent: `X_scale` or `amount_scale` beside `X_units`. */
  scale?: string;
  /** For an amount, the instrument drawn (its key, or an id or symbol that names one); absent: the one with the most rows. */
  instrument?: string;
}

/** The chart line's fields, in the order the writer puts them. */
const CHART_FIELDS = ['x', 'x_type', 'y', 'series', 'scale', 'instrument'] as const;

export interface QueryHeader {
  name: string;
  /** Lines joined by "\n"; '' when there is none. */
  description: string;
  parameters: ParamDecl[];
  chart?: ChartSpec;
}

export interface QueryFile {
  header: QueryHeader;
  /** Everything after the header (and the one blank line that ends it), byte for byte. */
  sql: string;
  problems: LineProblem[];
}

/** Budgets for a file from someone else: over these it is refused, not read. */
export const QUERY_FILE_LIMITS = {
  /** Characters in the whole file (about 1 MB of text). */
  fileChars: 1_000_000,
  headerLines: 200,
  headerLineChars: 2_000,
  parameters: 50,
  nameChars: 200,
  descriptionChars: 4_000,
  /** A label's, a default's or a chart column's characters. */
  fieldChars: 500,
  /** A chart's instrument: an id (256) and an admin's party id (260) with its scale. */
  instrumentChars: 1_000,
} as const;

const HEADER_KEYS = ['name', 'description', 'param', 'chart'] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];
const FIELD_LINE = /^--[ \t]*([A-Za-z][A-Za-z0-9_-]*)[ \t]*:(.*)$/;
/** A control character other than tab and line feed. */
const CONTROL = /[^\P{Cc}\t\n]/u;

const emptyHeader = (): QueryHeader => ({ name: '', description: '', parameters: [] });

/**
 * Reads a query file. The header is the run of `--` lines at the top when the first of them is a
 * `-- key: value` field; it ends at the first line that does not start with `--`, and one blank line
 * right after it belongs to the header (the writer puts it there). The rest is the SQL, unchanged.
 */
export function parseQueryFile(text: string): QueryFile {
  const L = QUERY_FILE_LIMITS;
  if (text.length > L.fileChars) {
    return {
      header: emptyHeader(),
      sql: '',
      problems: [
        {
          line: 1,
          message: `this file has ${text.length.toLocaleString('en-US')} characters; a query file is at most ${L.fileChars.toLocaleString('en-US')} (about 1 MB): it was not opened`,
        },
      ],
    };
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // The header's lines and where the SQL starts (an offset into body).
  const lines: string[] = [];
  let at = 0;
  const first = FIELD_LINE.exec(lineAt(body, 0).replace(/\r$/, ''));
  if (first && (HEADER_KEYS as readonly string[]).includes(first[1].toLowerCase())) {
    while (at < body.length && body.startsWith('--', at)) {
      const line = lineAt(body, at);
      lines.push(line.replace(/\r$/, ''));
      at += line.length + 1;
    }
    const blank = /^\r?\n/.exec(body.slice(at, at + 2));
    if (blank) at += blank[0].length;
  }
  const sql = body.slice(Math.min(at, body.length));
  if (lines.length > L.headerLines) {
    return {
      header: emptyHeader(),
      sql,
      problems: [
        {
          line: L.headerLines + 1,
          message: `the header has ${lines.length} lines; at most ${L.headerLines}: the header was not read`,
        },
      ],
    };
  }
  const { header, problems } = readHeader(lines);
  // Line numbers of the SQL's placeholders, counted in the file.
  const sqlLine = (body.slice(0, at).match(/\n/g) ?? []).length;
  const scan = scanPlaceholders(sql);
  for (const p of scan.problems) problems.push({ line: p.line + sqlLine, message: p.message });
  const told = new Set<string>();
  for (const p of scan.placeholders) {
    if (declarationOf(p.name, header.parameters) || told.has(p.name)) continue;
    told.add(p.name);
    if (problems.length < MAX_PROBLEMS) problems.push({ line: p.line + sqlLine, message: undeclaredMessage(p.name) });
  }
  return { header, sql, problems };
}

/** The line that starts at `from`, without its "\n". */
function lineAt(text: string, from: number): string {
  const end = text.indexOf('\n', from);
  return text.slice(from, end < 0 ? text.length : end);
}

function readHeader(lines: string[]): { header: QueryHeader; problems: LineProblem[] } {
  const L = QUERY_FILE_LIMITS;
  const header = emptyHeader();
  const problems: LineProblem[] = [];
  const description: string[] = [];
  let named = false;
  let charted = false;
  // One line's field into `header`; what is wrong with it, if anything.
  const readLine = (raw: string): string | undefined => {
    if (raw.length > L.headerLineChars) return `this line is over ${L.headerLineChars} characters`;
    if (/^--\s*$/.test(raw)) return; // a bare `--` spaces the header out
    const m = FIELD_LINE.exec(raw);
    if (!m) {
      return 'not a header field: write "-- key: value" (name, description, param, chart); leave a blank line between the header and other comments';
    }
    const key = m[1].toLowerCase() as HeaderKey;
    const value = m[2].trim();
    if (CONTROL.test(value)) return 'a control character (tab is fine) is not allowed in the header';
    switch (key) {
      case 'name':
        if (named) return 'a second "name": a query has one name';
        named = true;
        if (value === '') return 'the name is empty';
        if (value.length > L.nameChars) return `the name is over ${L.nameChars} characters`;
        header.name = value;
        return;
      case 'description':
        description.push(value);
        if (description.join('\n').length > L.descriptionChars) {
          description.pop();
          return `the description is over ${L.descriptionChars} characters`;
        }
        return;
      case 'param': {
        if (header.parameters.length >= L.parameters) return `over ${L.parameters} parameters`;
        const read = readParam(value, header.parameters);
        if (typeof read === 'string') return read;
        header.parameters.push(read);
        return;
      }
      case 'chart': {
        if (charted) return 'a second "chart": a query has one chart';
        charted = true;
        const read = readChart(value);
        if (typeof read === 'string') return read;
        header.chart = read;
        return;
      }
      default:
        return `"${m[1]}" is not a header field (the fields are ${HEADER_KEYS.join(', ')})`;
    }
  };
  lines.forEach((raw, index) => {
    const message = readLine(raw);
    if (message) problems.push({ line: index + 1, message });
  });
  header.description = description.join('\n').replace(/\n+$/, '');
  if (!named) problems.push({ line: 1, message: 'the header has no "-- name: …" line' });
  return { header, problems };
}

/** `name type key=value …`: words, and values either bare (no space or quote) or a JSON string. */
function readWords(value: string): { words: string[]; pairs: [string, string][] } | string {
  const words: string[] = [];
  const pairs: [string, string][] = [];
  for (let rest = value.trimStart(); rest !== ''; rest = rest.trimStart()) {
    const pair = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(rest);
    if (!pair) {
      if (pairs.length > 0) return `"${rest.split(/\s/)[0]}" is not key=value`;
      const word = /^\S+/.exec(rest)?.[0] ?? '';
      words.push(word);
      rest = rest.slice(word.length);
      continue;
    }
    rest = rest.slice(pair[0].length);
    if (rest.startsWith('"')) {
      const quoted = /^"(?:[^"\\]|\\.)*"/.exec(rest);
      if (!quoted) return `${pair[1]}: the quoted value is not closed`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(quoted[0]);
      } catch {
        return `${pair[1]}: not a quoted value (write it as "…", with \\" and \\\\ inside)`;
      }
      pairs.push([pair[1], String(parsed)]);
      rest = rest.slice(quoted[0].length);
    } else {
      const bare = /^[^\s"]*/.exec(rest)?.[0] ?? '';
      if (rest[bare.length] === '"') return `${pair[1]}: a value with a quote is written "…" from its start`;
      pairs.push([pair[1], bare]);
      rest = rest.slice(bare.length);
    }
  }
  return { words, pairs };
}

function readParam(value: string, earlier: readonly ParamDecl[]): ParamDecl | string {
  const L = QUERY_FILE_LIMITS;
  const read = readWords(value);
  if (typeof read === 'string') return read;
  const [name, type, ...extra] = read.words;
  if (!name) return 'a param needs a name and a type: "-- param: min number"';
  if (!PARAM_NAME.test(name))
    return `"${name}" is not a parameter name: letters, digits and _, not starting with a digit`;
  if (!type) return `param ${name} has no type: one of ${PARAM_TYPES.join(', ')}`;
  if (!(PARAM_TYPES as readonly string[]).includes(type)) {
    return `param ${name}: "${type}" is not a type; the types are ${PARAM_TYPES.join(', ')}`;
  }
  if (extra.length > 0) return `param ${name}: "${extra[0]}" is not key=value (label="…", default="…")`;
  if (earlier.some((p) => p.name === name)) return `param ${name} is declared twice`;
  const builtIn = declarationOf(name, []);
  if (builtIn && builtIn.type !== type) return `param ${name} is built in as a ${builtIn.type}, not a ${type}`;
  const decl: ParamDecl = { name, type: type as ParamType };
  for (const [key, text] of read.pairs) {
    if (key !== 'label' && key !== 'default') return `param ${name}: "${key}" is not a param field (label, default)`;
    if (key in decl) return `param ${name}: ${key} is given twice`;
    if (text.length > L.fieldChars) return `param ${name}: the ${key} is over ${L.fieldChars} characters`;
    if (CONTROL.test(text)) return `param ${name}: the ${key} holds a control character`;
    decl[key] = text;
  }
  if (decl.default !== undefined) {
    // A default is read as the form would read it (a time without an offset in UTC here).
    const check = readParamValue(decl.type, decl.default, 'utc');
    if (!check.ok) return `param ${name}: the default "${decl.default}" is not a ${decl.type}: ${check.message}`;
  }
  return decl;
}

function readChart(value: string): ChartSpec | string {
  const L = QUERY_FILE_LIMITS;
  const read = readWords(value);
  if (typeof read === 'string') return `chart: ${read}`;
  const [kind, ...extra] = read.words;
  if (!kind || !(CHART_KINDS as readonly string[]).includes(kind)) {
    return `chart: ${kind ? `"${kind}" is not a chart; ` : ''}the charts are ${CHART_KINDS.join(', ')}`;
  }
  if (extra.length > 0) return `chart: "${extra[0]}" is not key=value (x=…, x_type=…, y=…, series=…)`;
  const fields = new Map<string, string>();
  for (const [key, text] of read.pairs) {
    if (!(CHART_FIELDS as readonly string[]).includes(key))
      return `chart: "${key}" is not a chart field (${CHART_FIELDS.join(', ')})`;
    if (fields.has(key)) return `chart: ${key} is given twice`;
    if (text === '') return `chart: ${key} is empty`;
    const most = key === 'instrument' ? L.instrumentChars : L.fieldChars;
    if (text.length > most) return `chart: ${key} is over ${most} characters`;
    fields.set(key, text);
  }
  const x = fields.get('x');
  const y = fields.get('y');
  const xType = fields.get('x_type') ?? 'category';
  if (!x) return 'chart: x=… (the column along the bottom) is missing';
  if (!y) return 'chart: y=… (a numeric column) is missing';
  if (!(CHART_X_TYPES as readonly string[]).includes(xType)) {
    return `chart: x_type is ${CHART_X_TYPES.join(' or ')}, not "${xType}"`;
  }
  const chart: ChartSpec = { kind: kind as ChartKind, x, xType: xType as ChartXType, y };
  for (const key of ['series', 'scale', 'instrument'] as const) {
    const text = fields.get(key);
    if (text !== undefined) chart[key] = text;
  }
  return chart;
}

/** A value as the header writes it: bare when it reads back as itself, else a JSON string. */
const quote = (text: string) => (/^[^\s"\\]+$/.test(text) ? text : JSON.stringify(text));

/**
 * The file for a header and SQL: the header's lines, a blank line, the SQL unchanged. Throws for a
 * header parseQueryFile could not give back (a name with a line break, a control character,
 * a description line with spaces at its ends): the form checks those before saving.
 */
export function writeQueryFile(header: QueryHeader, sql: string): string {
  const lines = [`-- name: ${header.name}`];
  if (header.description !== '')
    for (const line of header.description.split('\n')) lines.push(`-- description:${line ? ` ${line}` : ''}`);
  for (const p of header.parameters) {
    let line = `-- param: ${p.name} ${p.type}`;
    if (p.label !== undefined) line += ` label=${quote(p.label)}`;
    if (p.default !== undefined) line += ` default=${quote(p.default)}`;
    lines.push(line);
  }
  const c = header.chart;
  if (c) {
    const optional = (['series', 'scale', 'instrument'] as const)
      .filter((key) => c[key] !== undefined)
      .map((key) => ` ${key}=${quote(c[key] as string)}`)
      .join('');
    lines.push(`-- chart: ${c.kind} x=${quote(c.x)} x_type=${c.xType} y=${quote(c.y)}${optional}`);
  }
  const text = `${lines.join('\n')}\n\n${sql}`;
  const back = parseQueryFile(text);
  const headerProblem = back.problems.find((p) => p.line <= lines.length);
  if (headerProblem || JSON.stringify(back.header) !== JSON.stringify(normalised(header))) {
    throw new RangeError(
      `this header cannot be saved as it is${headerProblem ? `: line ${headerProblem.line}: ${headerProblem.message}` : ' (a value would read back differently)'}`,
    );
  }
  return text;
}

/** The header as parseQueryFile gives it (fields in one order, absent ones left out). */
function normalised(h: QueryHeader): QueryHeader {
  const out: QueryHeader = {
    name: h.name,
    description: h.description,
    parameters: h.parameters.map((p) => {
      const d: ParamDecl = { name: p.name, type: p.type };
      if (p.label !== undefined) d.label = p.label;
      if (p.default !== undefined) d.default = p.default;
      return d;
    }),
  };
  if (h.chart) {
    const c: ChartSpec = { kind: h.chart.kind, x: h.chart.x, xType: h.chart.xType, y: h.chart.y };
    for (const key of ['series', 'scale', 'instrument'] as const) {
      const text = h.chart[key];
      if (text !== undefined) c[key] = text;
    }
    out.chart = c;
  }
  return out;
}
