// A statement CSV, read as hostile input: the app's one CSV splitter (files/csv-read.ts: RFC 4180
// quoting, a byte-order mark, budgets on columns and cell length) with `,` `;` or tab detected from
// the header line or chosen, and a budget on lines. A bad line becomes a problem naming its line
// (1-based, counted in the file as an editor shows it); every other line is still read.
// docs/reconcile.md
import {
  RECONCILE_DELIMITERS,
  RECONCILE_MAX_CELL,
  RECONCILE_MAX_COLUMNS,
  RECONCILE_MAX_LINES,
  type ReconcileMapping,
} from '../../../../src-shared/contract/reconcile.ts';
import { PartyId } from '../../../../src-shared/contract/transfers.ts';
import { readTimeInput } from '../../../../src-shared/time/time-text.ts';
import { FORMULA_START, unguardCell } from '../../../files/csv-cell.ts';
import { type CsvProblem, type CsvRecord, csvRecords } from '../../../files/csv-read.ts';
import { ServiceError } from '../../errors.ts';
import { canonicalAmount, readStatementAmount, short } from './statement-amount.ts';

export type StatementDelimiter = (typeof RECONCILE_DELIMITERS)[number];

export type { CsvProblem, CsvRecord };

/** A good statement line, ready for the match. */
export interface StatementLine {
  line: number;
  /** Microseconds since the epoch, UTC. */
  atMicros: bigint;
  counterparty: string;
  instrument: string;
  direction: 'in' | 'out';
  /** The amount's size without trailing zeros ("100.5"): equal amounts, equal text. */
  size: string;
  /** Signed, as the party sees it (negative: out), without trailing zeros. */
  signed: string;
  /** The size exactly: units × 10^-scale (units >= 0). */
  units: bigint;
  scale: number;
  reference: string | null;
}

const REPLACEMENT = '\uFFFD';

/** The delimiter the header line uses most (outside quotes); `,` when none appears. */
export function detectDelimiter(text: string): StatementDelimiter {
  const counts = new Map<StatementDelimiter, number>(RECONCILE_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 1_000_000; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as StatementDelimiter)) {
      counts.set(ch as StatementDelimiter, (counts.get(ch as StatementDelimiter) ?? 0) + 1);
    }
  }
  let best: StatementDelimiter = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The statement's reading of a CSV: its budgets, "line" in messages (csv-read.ts, the one splitter). */
export function statementRecords(text: string, delimiter: StatementDelimiter, problems: CsvProblem[]) {
  return csvRecords(text, {
    delimiter,
    maxCell: RECONCILE_MAX_CELL,
    maxColumns: RECONCILE_MAX_COLUMNS,
    unit: 'line',
    problems,
  });
}

/**
 * The records of `text` (BOM dropped), each with the line it starts on; blank lines skipped.
 * `maxRecords` stops early (a header read needs one; past the line budget the rest is a problem).
 */
export function splitRecords(
  text: string,
  delimiter: StatementDelimiter,
  problems: CsvProblem[],
  maxRecords = RECONCILE_MAX_LINES + 1,
): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const record of statementRecords(text, delimiter, problems)) {
    if (records.length >= maxRecords) {
      // Past the budget (a header read asks for one record: the rest is simply not its business).
      if (maxRecords > RECONCILE_MAX_LINES) problems.push(tooManyLines(record.line));
      break;
    }
    records.push(record);
  }
  return records;
}

export function tooManyLines(line: number): CsvProblem {
  return { line, message: `more than ${RECONCILE_MAX_LINES} lines: this line and the rest were not read` };
}

/** The header's names: trimmed, a BOM or formula guard left as is (they are only names to map). */
export function headerNames(record: CsvRecord | undefined): string[] {
  return record ? record.cells.map((c) => c.trim()) : [];
}

/** The mapping's columns that the header lacks, or appear twice; null when the header serves the mapping. */
export function mappingProblem(header: string[], mapping: ReconcileMapping): string | null {
  const fields = ['time', 'counterparty', 'instrument', 'amount', 'reference', 'direction'] as const;
  for (const field of fields) {
    const name = mapping[field];
    if (name === null) continue;
    const found = header.filter((h) => h === name).length;
    if (found === 0)
      return `the ${field} column "${name.slice(0, 60)}" is not in the header (${header.slice(0, 12).join(', ')})`;
    if (found > 1) return `the header has two columns named "${name.slice(0, 60)}": rename one`;
  }
  return null;
}

const IN_WORDS = new Set(['in', 'incoming', 'credit', 'cr', 'received', 'receive', 'deposit', '+']);
const OUT_WORDS = new Set(['out', 'outgoing', 'debit', 'dr', 'sent', 'send', 'withdrawal', '-']);

/** Reads the statement's lines by `mapping`; a line that cannot be read is a problem, the rest go on. */
export function readStatement(
  records: Iterable<CsvRecord>,
  header: string[],
  mapping: ReconcileMapping,
  problems: CsvProblem[],
): StatementLine[] {
  const reader = lineReader(header, mapping);
  const lines: StatementLine[] = [];
  for (const record of records) {
    const read = reader(record);
    if ('message' in read) problems.push(read);
    else lines.push(read);
  }
  return lines;
}

/** Reads one record by `mapping` (the header's columns looked up once). */
function lineReader(header: string[], mapping: ReconcileMapping): (record: CsvRecord) => StatementLine | CsvProblem {
  const at = (name: string | null) => (name === null ? -1 : header.indexOf(name));
  const col = {
    time: at(mapping.time),
    counterparty: at(mapping.counterparty),
    instrument: at(mapping.instrument),
    amount: at(mapping.amount),
    reference: at(mapping.reference),
    direction: at(mapping.direction),
  };
  const mapped = Object.entries(col).filter(([, i]) => i >= 0);
  // A statement names a few parties many times: each is checked once.
  const parties = new Map<string, boolean>();
  const isParty = (text: string) => {
    let ok = parties.get(text);
    if (ok === undefined) {
      ok = PartyId.safeParse(text).success;
      if (parties.size < 100_000) parties.set(text, ok);
    }
    return ok;
  };
  return (record) => readLine(record, header.length, col, mapping, isParty, mapped);
}

/**
 * The longest main's thread reads before it lets the event loop run (other channels' answers, a
 * cancel, the time budget's timer). Checked every CHECK_EVERY records.
 */
export const READ_SLICE_MS = 10;
const CHECK_EVERY = 256;

export interface StatementRead {
  header: string[];
  lines: StatementLine[];
  problems: CsvProblem[];
}

/**
 * The whole statement read by `mapping`, in slices of about READ_SLICE_MS that yield to the event
 * loop, so a 200 MB file never blocks main's thread for long; `signal` (a cancel or the time budget)
 * is checked between slices. A header the mapping does not serve is refused (ServiceError at line 1).
 * Problems come sorted by line.
 */
export async function readStatementText(
  text: string,
  delimiter: StatementDelimiter,
  mapping: ReconcileMapping,
  signal?: AbortSignal,
): Promise<StatementRead> {
  const problems: CsvProblem[] = [];
  const records = statementRecords(text, delimiter, problems);
  const first = records.next();
  const header = headerNames(first.done ? undefined : first.value);
  if (!header.length) throw new ServiceError('invalid_argument', 'The file is empty: expected a header line.');
  const wrong = mappingProblem(header, mapping);
  if (wrong) throw new ServiceError('invalid_argument', `Line 1: ${wrong}.`);
  const reader = lineReader(header, mapping);
  const lines: StatementLine[] = [];
  let count = 0;
  let sliceStart = performance.now();
  for (const record of records) {
    if (count === RECONCILE_MAX_LINES) {
      problems.push(tooManyLines(record.line));
      break;
    }
    count++;
    const read = reader(record);
    if ('message' in read) problems.push(read);
    else lines.push(read);
    if (count % CHECK_EVERY === 0 && performance.now() - sliceStart >= READ_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
      sliceStart = performance.now();
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { header, lines, problems };
}

function readLine(
  record: CsvRecord,
  width: number,
  col: Record<'time' | 'counterparty' | 'instrument' | 'amount' | 'reference' | 'direction', number>,
  mapping: ReconcileMapping,
  isParty: (text: string) => boolean,
  mapped: ReadonlyArray<[string, number]>,
): StatementLine | CsvProblem {
  const { line, cells } = record;
  const fail = (message: string) => ({ line, message });
  if (record.problem) return fail(record.problem);
  if (cells.length !== width) return fail(`expected ${width} cells as in the header, found ${cells.length}`);
  const cell = (i: number) => (i < 0 ? '' : cells[i]);
  for (const [field, i] of mapped) {
    if (cells[i].includes(REPLACEMENT)) {
      return fail(`${field}: the text is not UTF-8 (a byte shown as ${REPLACEMENT}): save the file as UTF-8`);
    }
  }
  const time = readTimeInput(cell(col.time), mapping.zone);
  if (!time.ok)
    return fail(
      `time: "${short(cell(col.time))}" ${time.message === 'empty' ? 'is empty' : `is not a time: ${time.message}`}`,
    );
  const counterparty = textCell('counterparty', cell(col.counterparty));
  if (typeof counterparty !== 'string') return fail(counterparty.message);
  if (!isParty(counterparty)) {
    return fail(`counterparty: "${short(counterparty)}" is not a party id (name::1220 followed by 64 hex digits)`);
  }
  const instrument = textCell('instrument', cell(col.instrument));
  if (typeof instrument !== 'string') return fail(instrument.message);
  if (instrument === '') return fail('instrument: empty');
  const amount = readStatementAmount(cell(col.amount), mapping.decimal);
  if (!amount.ok) return fail(`amount: ${amount.message}`);
  let direction: 'in' | 'out';
  if (col.direction >= 0) {
    const word = cell(col.direction).trim().toLowerCase();
    if (IN_WORDS.has(word)) direction = 'in';
    else if (OUT_WORDS.has(word)) direction = 'out';
    else return fail(`direction: "${short(word)}" is neither in (in, credit, received) nor out (out, debit, sent)`);
  } else {
    // A zero has no sign to read, in either convention: it is incoming (docs/reconcile.md).
    const negative = amount.value.units < 0n;
    direction = amount.value.units !== 0n && negative === (mapping.sign === 'negative-is-out') ? 'out' : 'in';
  }
  const units = amount.value.units < 0n ? -amount.value.units : amount.value.units;
  const size = canonicalAmount({ units, scale: amount.value.scale });
  let reference: string | null = null;
  if (col.reference >= 0) {
    const text = textCell('reference', cell(col.reference));
    if (typeof text !== 'string') return fail(text.message);
    reference = text === '' ? null : text;
  }
  return {
    line,
    atMicros: time.instant.micros,
    counterparty,
    instrument,
    direction,
    size,
    signed: direction === 'out' ? `-${size}` : size,
    units,
    scale: amount.value.scale,
    reference,
  };
}

/** A text cell, trimmed; a cell our own exports guarded with one leading ' is read without it. */
function textCell(field: string, raw: string): string | { message: string } {
  const trimmed = raw.trim();
  if (FORMULA_START.test(trimmed)) {
    return { message: `${field}: "${short(trimmed)}" starts like a spreadsheet formula: not read` };
  }
  const text = unguardCell(trimmed);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    return { message: `${field}: holds a control character` };
  return text;
}
