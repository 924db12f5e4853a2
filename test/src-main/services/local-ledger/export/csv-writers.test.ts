// Every CSV the app writes follows the one cell rule (src-main/files/csv-cell.ts): the same cells
// give the same bytes from the live export's writer, DuckDB's COPY of the store's, a query's and a
// reconciliation's export (the rule as SQL), and the address book; and the app's own reader gives
// each cell back as it was.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, unguardCell } from '../../../../../src-main/files/csv-cell.ts';
import { type CsvProblem, csvRecords } from '../../../../../src-main/files/csv-read.ts';
import { csvRow } from '../../../../../src-main/services/local-ledger/export/csv.ts';
import { copyStatement } from '../../../../../src-main/services/local-ledger/sql/export-copy-sql.ts';
import { sqlString } from '../../../../../src-main/services/local-ledger/store/sql-text.ts';
import { formatAddressBook, parseAddressBook } from '../../../../../src-main/services/settings/address-book-csv.ts';
import type { TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

/** Cells that need care: every formula start, guard marks already there, numbers, quoting. */
const CELLS = [
  'plain',
  '=1+1',
  '+1',
  '-1',
  '-12.50',
  '-abc',
  '@SUM(A1)',
  '\tTAB',
  '\rstart',
  "'=already",
  "''@twice",
  "'plain",
  'a,b',
  'say "hi"',
  'line\nbreak',
  'cr\rhere',
  '=HYPERLINK("http://x", "y")',
  'émoji 💸',
  '-',
];

let dir: string;
let instance: DuckDBInstance;
let c: DuckDBConnection;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'csv-writers-'));
  instance = await DuckDBInstance.create(':memory:');
  c = await instance.connect();
  await c.run(
    `CREATE TABLE cells AS SELECT * FROM (VALUES ${CELLS.map((t, i) => `(${i}, ${sqlString(t)})`).join(', ')}) v(i, cell)`,
  );
});
afterAll(async () => {
  c.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
});

/** The app's reader over a whole file: each record's cells. */
const records = (text: string) => {
  const problems: CsvProblem[] = [];
  const out = [...csvRecords(text, { delimiter: ',', maxCell: 1000, maxColumns: 20, unit: 'line', problems })];
  expect(problems).toEqual([]);
  return out.map((r) => r.cells);
};

/** DuckDB's COPY of `sql` as an export writes it (export-copy-sql.ts), the file's text. */
async function copied(sql: string, columns: string[], text: string[], types: string[]): Promise<string> {
  const target = join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  const select = {
    sql,
    params: [],
    textColumns: text,
    columns,
    schema: columns.map((name, i) => ({ name, type: types[i], meaning: '' })),
    shape: 'query' as const,
  };
  await c.run(copyStatement(select, 'csv', target));
  return readFile(target, 'utf8');
}

describe('one CSV cell rule, every writer', () => {
  const expected = CELLS.map((t) => csvCell(t));

  it('the live export writes each cell as the rule does', () => {
    const base: TransferLeg = {
      updateId: 'u',
      effectiveAt: null,
      instrumentAdmin: 'a',
      instrumentId: 'i',
      symbol: null,
      decimals: 10,
      amount: '1',
      senderParty: null,
      receiverParty: null,
      counterparty: null,
      isIncoming: false,
      status: 'completed',
    };
    for (const [i, cell] of CELLS.entries()) {
      const line = csvRow({ ...base, symbol: cell, status: cell });
      expect(line).toBe(`u,,a,i,${expected[i]},10,1,,,,false,${expected[i]},,\r\n`);
    }
  });

  it("DuckDB's COPY (store, query and reconciliation exports) writes the same bytes, text or any other type's text", async () => {
    const text = await copied('SELECT cell FROM cells ORDER BY i', ['cell'], ['cell'], ['VARCHAR']);
    expect(text).toBe(`cell\r\n${expected.map((e) => `${e}\r\n`).join('')}`);
    // A column that is not VARCHAR (an ENUM from a query) gets the same rule through its text.
    await c.run(`CREATE TYPE cell_enum AS ENUM (${CELLS.map(sqlString).join(', ')})`);
    const asEnum = await copied('SELECT cell::cell_enum AS e FROM cells ORDER BY i', ['e'], [], ['cell_enum']);
    expect(asEnum).toBe(`e\r\n${expected.map((e) => `${e}\r\n`).join('')}`);
    // Numbers are numbers: never guarded, whatever their sign or exponent.
    const numbers = await copied(
      'SELECT -1.5e-7::DOUBLE AS d, -12::INTEGER AS n, -3.25::DECIMAL(10,2) AS m',
      ['d', 'n', 'm'],
      [],
      ['DOUBLE', 'INTEGER', 'DECIMAL(10,2)'],
    );
    expect(numbers).toBe('d,n,m\r\n-1.5e-07,-12,-3.25\r\n');
  });

  it('the address book writes each cell as the rule does, and reads it back as it was', () => {
    const saved = CELLS.filter((t) => !/[\r\n\t]/.test(t)).map((note, i) => ({
      party: `p${i}::1220${'ab'.repeat(32)}`,
      label: note,
      colour: 'none' as const,
      note,
    }));
    const file = formatAddressBook(saved);
    const lines = file.split('\r\n').slice(1, -1);
    expect(lines).toEqual(saved.map((p) => `${p.party},${csvCell(p.label)},none,${csvCell(p.note)}`));
    const back = parseAddressBook(file);
    expect(back.problems).toEqual([]);
    expect(back.rows.map((r) => r.note)).toEqual(saved.map((p) => p.note));
  });

  it("the app's reader gives every written cell back, guard removed", async () => {
    const text = await copied('SELECT cell FROM cells ORDER BY i', ['cell'], ['cell'], ['VARCHAR']);
    expect(
      records(text)
        .slice(1)
        .map((cells) => unguardCell(cells[0])),
    ).toEqual(CELLS);
  });
});
