// DuckDB's errors about a query, in words: which name was not found and the nearest ones the
// query could mean, what a function takes, and where in the query (line and column, which the SQL
// editor marks). DuckDB's own first line stays in `details.duckdb` for whoever wants it; its
// suggestions of catalog names (pg_sequence, duckdb_*) are replaced by the views a query may read.
import { SQL_MACROS, SQL_VIEWS } from '../../../../src-shared/contract/legs-view.ts';
import { ServiceError } from '../../errors.ts';

export interface SqlErrorPosition {
  /** 1-based line and column of the query text as the user wrote it. */
  line: number;
  column: number;
}

const VIEW_NAMES = Object.keys(SQL_VIEWS);

/** A DuckDB error about `query` as a ServiceError the SQL editor can show at its place. */
export function sqlError(message: string, query: string): ServiceError {
  const text = message.replace(/^Failed to extract statements: /, '');
  const first = text.split('\n')[0].slice(0, 500);
  const position = positionOf(text, query);
  const words = explain(text, first);
  const where = position ? ` (line ${position.line}, column ${position.column})` : '';
  return new ServiceError('invalid_argument', `${words}${where}`, {
    duckdb: first,
    ...(position ? { position } : {}),
  });
}

function explain(text: string, first: string): string {
  let m = /Referenced column "([^"]+)" not found in FROM clause!/.exec(first);
  if (m) {
    const candidates = [...(/Candidate bindings: (.*)/.exec(text)?.[1] ?? '').matchAll(/"([^"]+)"/g)]
      .map((c) => c[1].split('.').pop() as string)
      .filter((c, i, all) => all.indexOf(c) === i)
      .slice(0, 4);
    return `No column named ${m[1]} here.${candidates.length > 0 ? ` Nearest: ${list(candidates)}.` : ''}`;
  }
  m = /Referenced column "([^"]+)" was not found because the FROM clause is missing/.exec(first);
  if (m) return `No column named ${m[1]}: the query has no FROM (for example FROM legs).`;
  m = /Table with name ([^ ]+) does not exist/.exec(first);
  if (m) {
    const near = nearest(m[1], VIEW_NAMES);
    return `No view named ${m[1]}.${near ? ` Did you mean ${near}?` : ''} SQL here reads ${VIEW_NAMES.join(' and ')}.`;
  }
  m = /(?:Scalar|Aggregate|Table) Function with name ([^ ]+) does not exist/.exec(first);
  if (m) {
    const suggested = /Did you mean "([^"]+)"/.exec(text)?.[1];
    const ours = nearest(
      m[1],
      SQL_MACROS.map((x) => x.name),
    );
    const near = ours ?? suggested;
    return `No function named ${m[1]}().${near ? ` Did you mean ${near}()?` : ''}`;
  }
  m = /No function matches the given name and argument types '([a-z_]+)\(([^)]*)\)'/.exec(first);
  if (m) return noMatchingFunction(m[1], m[2], text);
  if (/Cannot mix aggregates with non-aggregated columns/.test(first)) {
    return 'An expression mixes an aggregate with a column that is not grouped (GROUP BY ALL cannot split decimal_text(sum(amount_units), amount_scale)): name the groups, for example GROUP BY instrument_id, amount_scale.';
  }
  m = /syntax error at or near "([^"]*)"/.exec(first);
  if (m) return `Syntax error near ${m[1] === '' ? 'the end' : `"${m[1]}"`}.`;
  if (/syntax error at end of input/.test(first)) return 'The query ends too early (syntax error at the end).';
  m = /Could not cast value (-?\d+) to DECIMAL\(38,0\)/.exec(first);
  if (m) {
    return `A value has ${m[1].replace('-', '').length} digits: no exact number type of Parquet holds more than 38. Export it as text (x::VARCHAR), or as CSV or JSON Lines.`;
  }
  if (/Overflow in HUGEINT addition/.test(first)) {
    return 'A sum passed the 128-bit range. Sum without a limit with sum(amount_units::HUGEINT::BIGNUM), and show it with decimal_text(…, amount_scale).';
  }
  return first;
}

function noMatchingFunction(name: string, argTypes: string, text: string): string {
  const takes = [...text.matchAll(new RegExp(`\\t${name}\\(([^)]*)\\)`, 'g'))]
    .map((c) => c[1])
    .filter((c, i, all) => c !== '' && all.indexOf(c) === i);
  if ((name === 'sum' || name === 'avg') && /VARCHAR/.test(argTypes)) {
    return `${name}() cannot add text (${argTypes}). If that is amount: it is the amount exactly as sent, as text. Add amount_units instead, at one scale: decimal_text(sum(amount_units), amount_scale) … GROUP BY instrument_id, amount_scale, or read the ready totals in instrument_totals.`;
  }
  return `${name}() does not take ${argTypes}.${takes.length > 0 ? ` It takes ${list(takes.slice(0, 6))}.` : ''} Cast the argument, for example x::DECIMAL(38,0).`;
}

/**
 * Where DuckDB points: "LINE 3: <the line, maybe cut with ...>" and a caret under the place. The
 * line shown may be cut at either end: the column is found by locating the shown text in that line.
 */
export function positionOf(text: string, query: string): SqlErrorPosition | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^LINE \d+: /.test(l));
  if (at < 0 || at + 1 >= lines.length) return null;
  const header = /^LINE (\d+): /.exec(lines[at]) as RegExpExecArray;
  const lineNumber = Number(header[1]);
  const caret = lines[at + 1].indexOf('^');
  if (caret < 0) return null;
  let shown = lines[at].slice(header[0].length);
  let offset = caret - header[0].length;
  if (shown.startsWith('...')) {
    shown = shown.slice(3);
    offset -= 3;
  }
  if (shown.endsWith('...')) shown = shown.slice(0, -3);
  const queryLines = query.split('\n');
  const sourceLine = queryLines[lineNumber - 1];
  if (sourceLine === undefined) return null;
  const start = sourceLine.indexOf(shown.slice(0, Math.max(1, Math.min(shown.length, 40))));
  const column = (start < 0 ? 0 : start) + Math.max(0, offset) + 1;
  return { line: lineNumber, column: Math.min(column, sourceLine.length + 1) };
}

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The closest name within a few edits, for "did you mean". */
export function nearest(name: string, names: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of names) {
    const d = distance(name.toLowerCase(), candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length];
}
