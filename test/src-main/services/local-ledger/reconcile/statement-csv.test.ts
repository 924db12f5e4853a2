// The statement CSV's reading rules, each as a user would meet it (docs/reconcile.md).
import { describe, expect, it } from 'vitest';
import {
  canonicalAmount,
  readStatementAmount,
} from '../../../../../src-main/services/local-ledger/reconcile/statement-amount.ts';
import {
  type CsvProblem,
  detectDelimiter,
  headerNames,
  readStatement,
  readStatementText,
  splitRecords,
} from '../../../../../src-main/services/local-ledger/reconcile/statement-csv.ts';
import type { ReconcileMapping } from '../../../../../src-shared/contract/reconcile.ts';

const PARTY = `bob::1220${'ab'.repeat(32)}`;
const MAPPING: ReconcileMapping = {
  time: 'time',
  counterparty: 'counterparty',
  instrument: 'instrument',
  amount: 'amount',
  reference: 'reference',
  direction: null,
  sign: 'negative-is-out',
  decimal: '.',
  zone: 'utc',
};

function read(text: string, mapping = MAPPING) {
  const problems: CsvProblem[] = [];
  const records = splitRecords(text, detectDelimiter(text.replace(/^\uFEFF/, '')), problems);
  const header = headerNames(records.shift());
  return { header, lines: readStatement(records, header, mapping, problems), problems };
}

describe('the statement CSV', () => {
  it('reads RFC 4180 quoting: the delimiter, doubled quotes and a line break inside a quoted cell', () => {
    const { lines, problems } = read(
      `\uFEFFtime,counterparty,instrument,amount,reference\r\n2026-03-01 10:00,${PARTY},USD,"-1,234.50","inv ""7"",\r\nsecond line"\r\n2026-03-01T11:00:00+01:00,${PARTY},USD,12.5,x\r\n`,
    );
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.line, l.direction, l.signed, l.reference])).toEqual([
      [2, 'out', '-1234.5', 'inv "7",\r\nsecond line'],
      [4, 'in', '12.5', 'x'],
    ]);
    expect(lines[1].atMicros).toBe(BigInt(Date.UTC(2026, 2, 1, 10)) * 1000n);
  });

  it('detects ; and tab from the header line, and a quoted delimiter does not count', () => {
    expect(detectDelimiter('a;b;"c,d,e"\n1,2,3')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('a,b')).toBe(',');
  });

  it('an unclosed quote stops the file at its line; the lines before it are read', () => {
    const { lines, problems } = read(
      `time,counterparty,instrument,amount,reference\n2026-03-01,${PARTY},USD,1,a\n2026-03-01,${PARTY},USD,1,"open\n`,
    );
    expect(lines).toHaveLength(1);
    expect(problems).toEqual([
      { line: 3, message: 'a quoted cell is never closed: this line and the rest of the file were not read' },
    ]);
  });

  it('direction words override the sign; the counterparty’s statement flips it', () => {
    const csv = `time,counterparty,instrument,amount,reference,side\n2026-03-01,${PARTY},USD,-5,a,credit\n2026-03-01,${PARTY},USD,5,a,Debit\n`;
    const withSide = read(csv, { ...MAPPING, direction: 'side' });
    expect(withSide.lines.map((l) => l.signed)).toEqual(['5', '-5']);
    const flipped = read(csv, { ...MAPPING, sign: 'negative-is-in' });
    expect(flipped.lines.map((l) => l.direction)).toEqual(['in', 'out']);
  });

  it('a quoted cell over the budget makes its line a problem, even when a doubled quote follows', () => {
    // Once skipped a piece and read the cell as "tail": a wrong reference, no problem said.
    const long = 'x'.repeat(5000);
    const { lines, problems } = read(
      `time,counterparty,instrument,amount,reference\n2026-03-01,${PARTY},USD,1,"${long}""tail"\n2026-03-01,${PARTY},USD,2,ok\n`,
    );
    expect(problems).toEqual([{ line: 2, message: 'cell 5 is longer than 4096 characters' }]);
    expect(lines.map((l) => [l.line, l.reference])).toEqual([[3, 'ok']]);
  });

  it('a zero amount without a direction column is incoming, whichever sign convention', () => {
    const csv = `time,counterparty,instrument,amount,reference\n2026-03-01,${PARTY},USD,0,a\n2026-03-01,${PARTY},USD,-0.00,b\n`;
    expect(read(csv).lines.map((l) => [l.direction, l.signed])).toEqual([
      ['in', '0'],
      ['in', '0'],
    ]);
    expect(read(csv, { ...MAPPING, sign: 'negative-is-in' }).lines.map((l) => [l.direction, l.signed])).toEqual([
      ['in', '0'],
      ['in', '0'],
    ]);
  });

  it('a guarded formula from our own export is read without its quote mark', () => {
    const { lines } = read(`time,counterparty,instrument,amount,reference\n2026-03-01,${PARTY},USD,1,'=SUM(A1)\n`);
    expect(lines[0].reference).toBe('=SUM(A1)');
  });
});

describe('reading a big statement on main’s thread', () => {
  const big = (n: number) =>
    `time,counterparty,instrument,amount,reference\n${Array.from(
      { length: n },
      (_, i) => `2026-03-01T10:00:${String(i % 60).padStart(2, '0')}Z,${PARTY},USD,${i}.5,r${i}\n`,
    ).join('')}`;

  it('lets the event loop run while it reads, and reads every line', async () => {
    const text = big(100_000);
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const read = await readStatementText(text, ',', MAPPING);
    done = true;
    expect(read.lines).toHaveLength(100_000);
    expect(read.lines[99_999]).toMatchObject({ line: 100_001, signed: '99999.5', reference: 'r99999' });
    expect(read.problems).toEqual([]);
    // Read in one go, nothing else would have run until the end (other channels, a cancel, the budget).
    expect(turns).toBeGreaterThan(5);
  });

  it('stops between slices when cancelled (or out of time)', async () => {
    const cancel = new AbortController();
    setImmediate(() => cancel.abort());
    await expect(readStatementText(big(100_000), ',', MAPPING, cancel.signal)).rejects.toThrow('Cancelled.');
  });

  it('refuses a header the mapping does not serve, at line 1', async () => {
    await expect(readStatementText('when,who\n', ',', MAPPING)).rejects.toThrow(/^Line 1: the time column "time"/);
  });
});

describe('statement amounts', () => {
  const ok = (text: string, decimal: '.' | ',' = '.') => {
    const r = readStatementAmount(text, decimal);
    return r.ok ? canonicalAmount(r.value) : r.message;
  };
  it('reads plain, grouped, signed and accounting negatives exactly', () => {
    expect(ok('1234.50')).toBe('1234.5');
    expect(ok('-12.5')).toBe('-12.5');
    expect(ok('+3')).toBe('3');
    expect(ok('1,234,567')).toBe('1234567');
    expect(ok('1,234.50')).toBe('1234.5');
    expect(ok('(12.50)')).toBe('-12.5');
    expect(ok('1.234,50', ',')).toBe('1234.5');
    expect(ok('1 234,5', ',')).toBe('1234.5');
    expect(ok('9007199254740993.000000000000000001')).toBe('9007199254740993.000000000000000001');
  });
  it('refuses what could be read two ways, or not at all, saying why', () => {
    expect(ok('1,234')).toMatch(/could be 1234 or 1\.234/);
    expect(ok('1.234', ',')).toMatch(/could be 1234 or 1,234/);
    expect(ok('12,5')).toMatch(/uses "," as the decimal separator/);
    expect(ok('1e5')).toMatch(/is not an amount: write digits/);
    expect(ok('$12')).toMatch(/is not an amount/);
    expect(ok('=1+2')).toMatch(/is not an amount/);
    expect(ok('')).toBe('the amount is empty');
    expect(ok('1'.repeat(39))).toMatch(/more than 38 digits/);
  });
});
