// The sync's string columns, written with one call into DuckDB per distinct long string
// (store/varchar-column.ts): every value must come back from the table as it went in, byte for byte.
import { DuckDBDataChunk, DuckDBInstance, INTEGER, VARCHAR } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { writeVarcharColumn } from '../../../../../src-main/services/local-ledger/store/varchar-column.ts';

async function roundTrip(fills: (string | null)[][]): Promise<(string | null)[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run('CREATE TABLE t (fill INTEGER, row INTEGER, s VARCHAR)');
  const appender = await connection.createAppender('t');
  // One chunk for every fill, as appendLegs reuses one.
  const chunk = DuckDBDataChunk.create([INTEGER, INTEGER, VARCHAR]);
  fills.forEach((values, fill) => {
    chunk.reset();
    chunk.rowCount = values.length;
    chunk.setColumnValues(
      0,
      values.map(() => fill),
    );
    chunk.setColumnValues(
      1,
      values.map((_, row) => row),
    );
    writeVarcharColumn(chunk.chunk, 2, values);
    appender.appendDataChunk(chunk);
    appender.flushSync();
  });
  appender.closeSync();
  const rows = (await connection.runAndReadAll('SELECT fill, s FROM t ORDER BY fill, row')).getRows();
  connection.closeSync();
  instance.closeSync();
  return fills.map((_, fill) => rows.filter((r) => r[0] === fill).map((r) => r[1] as string | null));
}

describe('writeVarcharColumn', () => {
  it('keeps short, exactly-12-byte, long, repeated, non-ASCII, empty and null values exactly', async () => {
    const party = `exchange-north::1220${'ab'.repeat(32)}`;
    const values = [
      party,
      'completed',
      '',
      null,
      'twelve_bytes', // 12 bytes: inline
      'thirteen_byte', // 13 bytes: the heap
      party,
      '€€€€', // 4 characters, 12 bytes: inline
      '€€€€€', // 5 characters, 15 bytes: the heap
      '𝄞x', // a surrogate pair, 5 bytes
      party,
      'completed',
      null,
      `other::1220${'cd'.repeat(32)}`,
    ];
    expect(await roundTrip([values])).toEqual([values]);
  });

  it('fills a reused chunk again: no value or null of the last fill is left behind', async () => {
    const long = (k: number) => `party-${k}::1220${String(k).padStart(64, '0')}`;
    const first = Array.from({ length: 2048 }, (_, k) => (k % 7 === 0 ? null : k % 3 === 0 ? long(k % 200) : `s${k}`));
    const second = Array.from({ length: 1500 }, (_, k) => (k % 2 === 0 ? long(k % 5) : `t${k % 11}`));
    const third = Array.from({ length: 10 }, (_, k) => long(k));
    expect(await roundTrip([first, second, third])).toEqual([first, second, third]);
  });
});
