// The store's CSV lines (built in SQL for DuckDB's COPY) equal the live export's csvRow for the
// values that need care: commas, quotes, line breaks, formula starts, negative amounts, nulls,
// and the address book's labels of sender and receiver (a label is the user's text: guarded too).
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvRow } from '../../../../../src-main/services/local-ledger/export/csv.ts';
import { csvLineSql } from '../../../../../src-main/services/local-ledger/sql/export-csv-sql.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

const base: TransferLeg = {
  updateId: 'u1',
  effectiveAt: '2024-05-01T10:00:00.123456Z',
  instrumentAdmin: 'admin::1220ab',
  instrumentId: 'Amulet',
  symbol: 'CC',
  decimals: 10,
  amount: '12.5',
  senderParty: 'alice::1220',
  receiverParty: 'bob::1220',
  counterparty: 'bob::1220',
  isIncoming: false,
  status: 'completed',
};

const tricky: TransferLeg[] = [
  base,
  { ...base, amount: '-12.5', isIncoming: true },
  { ...base, symbol: '=HYPERLINK("x")', status: '+1+1', counterparty: '@me' },
  { ...base, updateId: 'a,b', instrumentId: 'say "hi"', status: 'line\nbreak', symbol: 'cr\rhere' },
  { ...base, status: '-', symbol: '\tTAB', instrumentAdmin: '-0.5x' },
  { ...base, updateId: null, effectiveAt: null, decimals: null, amount: null, symbol: null, counterparty: null },
  { ...base, senderParty: 'carol::1220', receiverParty: 'alice::1220' },
  { ...base, senderParty: null, receiverParty: 'nobody::1220' },
];

const LABELS = new Map([
  ['alice::1220', '=Alice, "treasury"'],
  ['carol::1220', 'Carol'],
]);

describe('CSV lines from SQL', () => {
  it('match the live export field for field', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const text = CSV_COLUMNS.filter((f) => f !== 'decimals' && f !== 'isIncoming');
    await c.run(
      `CREATE TABLE t (i INTEGER, ${TRANSFER_LEG_FIELDS.map(
        (f) => `"${f}" ${f === 'decimals' ? 'INTEGER' : f === 'isIncoming' ? 'BOOLEAN' : 'VARCHAR'}`,
      ).join(', ')}, "senderLabel" VARCHAR, "receiverLabel" VARCHAR)`,
    );
    const appender = await c.createAppender('t');
    tricky.forEach((leg, i) => {
      appender.appendInteger(i);
      for (const f of TRANSFER_LEG_FIELDS) {
        const v = leg[f];
        if (v === null) appender.appendNull();
        else if (typeof v === 'boolean') appender.appendBoolean(v);
        else if (typeof v === 'number') appender.appendInteger(v);
        else appender.appendVarchar(v);
      }
      for (const party of [leg.senderParty, leg.receiverParty]) {
        const label = party === null ? undefined : LABELS.get(party);
        if (label === undefined) appender.appendNull();
        else appender.appendVarchar(label);
      }
      appender.endRow();
    });
    appender.closeSync();
    const rows = await c.runAndReadAll(`SELECT ${csvLineSql(CSV_COLUMNS, new Set<string>(text))} FROM t ORDER BY i`);
    expect(rows.getRows().map((r) => `${r[0]}\r\n`)).toEqual(tricky.map((leg) => csvRow(leg, LABELS)));
    c.closeSync();
    db.closeSync();
  });
});
