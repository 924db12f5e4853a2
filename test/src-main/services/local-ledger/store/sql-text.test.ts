// The one SQL quoting (store/sql-text.ts) against DuckDB itself: whatever a text holds, the literal
// reads back as that very text, the identifier names that very column, and a path with quotes in it
// is the file COPY writes and read_parquet reads.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sqlIdentifier,
  sqlInList,
  sqlList,
  sqlString,
} from '../../../../../src-main/services/local-ledger/store/sql-text.ts';

let instance: DuckDBInstance;
let c: DuckDBConnection;
let dir: string;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  c = await instance.connect();
  dir = await mkdtemp(join(tmpdir(), 'sql-text-'));
});

afterAll(async () => {
  c.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
});

/** Characters that break naive quoting, mixed into any Unicode text (NUL is refused: its own test). */
const HARD = ["'", "''", '"', '\\', '\n', '\r', '\t', '$1', '?', ';', '--', '/*', '*/', '\u2028', 'é', '😀', '\u200b'];
const text = fc
  .array(fc.oneof(fc.constantFrom(...HARD), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join(''))
  .filter((s) => !s.includes('\0'));

const one = async (sql: string) => (await c.runAndReadAll(sql)).getRows()[0][0];

describe('SQL text', () => {
  it('a string literal reads back as the very text, whatever it holds', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        expect(await one(`SELECT ${sqlString(s)}`)).toBe(s);
      }),
      { numRuns: 400 },
    );
  });

  it('an identifier names a column exactly as written (case, quotes and spaces kept)', async () => {
    await fc.assert(
      fc.asyncProperty(
        text.filter((s) => s.length > 0),
        async (s) => {
          const result = await c.runAndReadAll(`SELECT 1 AS ${sqlIdentifier(s)}`);
          expect(result.columnNames()).toEqual([s]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a list and an IN list hold every text as one item', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), async (items) => {
        const list = await c.runAndReadAll(`SELECT ${sqlList(items)}::VARCHAR[]`);
        expect(list.getRowsJson()[0][0]).toEqual(items);
        const probe = items[items.length - 1];
        expect(await one(`SELECT ${sqlString(probe)} IN (${sqlInList(items)})`)).toBe(true);
        expect(await one(`SELECT ${sqlString(`${probe}x`)} IN (${sqlInList(items.map((i) => `${i}y`))})`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('a path with quotes, a backslash and spaces is the file COPY writes and read_parquet reads', async () => {
    const path = join(dir, `it's a "lake" \\ ${'é'}.parquet`);
    await c.run(`COPY (SELECT 42 AS ${sqlIdentifier('the "answer"')}) TO ${sqlString(path)} (FORMAT parquet)`);
    expect(await readdir(dir)).toEqual([`it's a "lake" \\ é.parquet`]);
    expect(await one(`SELECT ${sqlIdentifier('the "answer"')} FROM read_parquet(${sqlList([path])})`)).toBe(42);
  });

  it('refuses a NUL (DuckDB would end the statement there) and an empty IN list', () => {
    expect(() => sqlString('a\0b')).toThrow(/NUL/);
    expect(() => sqlIdentifier('a\0b')).toThrow(/NUL/);
    expect(() => sqlInList([])).toThrow(/at least one/);
  });
});
