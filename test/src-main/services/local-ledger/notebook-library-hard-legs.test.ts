// The built-in queries on a ledger nobody on the project wrote, as an independent one has it: the
// same symbol and instrument id under two administrators (USDX at two admins), and a leg of 36
// digits of units (inside the 38 the store keeps exactly). Legs appended straight into a real store,
// its snapshot read by the SQL process with the values bound as the notebook binds them (the path
// local:sql takes). Answers here are written out by hand from the legs below.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_BUDGETS } from '../../../../src-main/services/local-ledger/sql/sql-budgets.ts';
import { SqlProcesses } from '../../../../src-main/services/local-ledger/sql/sql-process.ts';
import { sqlSource } from '../../../../src-main/services/local-ledger/sql/sql-snapshot.ts';
import { LedgerStore } from '../../../../src-main/services/local-ledger/store/ledger-store.ts';
import { appendLegs } from '../../../../src-main/services/local-ledger/store/leg-rows.ts';
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { BUILT_IN_QUERIES } from '../../../../src-shared/notebook/library.ts';
import { parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import { bindQuery } from '../../../../src-shared/notebook/query-params.ts';

const PARTY = `desk::1220${'ab'.repeat(32)}`;
const PEER = `peer::1220${'cd'.repeat(32)}`;
// Two administrators of an instrument with the same id and symbol; B sorts before A by name.
const ADMIN_A = `zeta-bank::1220${'11'.repeat(32)}`;
const ADMIN_B = `alpha-bank::1220${'22'.repeat(32)}`;
/** 36 digits of units at 6 decimals. */
const HUGE = '123456789012345678901234567890.123456';

let dir: string;
let store: LedgerStore;
let processes: SqlProcesses;
let seq = 1n;

function leg(over: Partial<TransferLeg>): TransferLeg {
  return {
    updateId: `u-${seq++}`,
    effectiveAt: '2026-03-04T10:00:00Z',
    instrumentAdmin: ADMIN_A,
    instrumentId: 'USDX',
    symbol: 'USDX',
    decimals: 6,
    amount: '1',
    senderParty: PARTY,
    receiverParty: PEER,
    counterparty: PEER,
    isIncoming: false,
    status: 'completed',
    ...over,
  };
}

const LEGS: TransferLeg[] = [
  // USDX at admin A: one near the threshold, one far under it, and the huge one.
  leg({ updateId: 'a-near', amount: '110000', effectiveAt: '2026-03-01T00:00:00Z' }),
  leg({ updateId: 'a-far', amount: '5', effectiveAt: '2026-03-02T00:00:00Z' }),
  leg({ updateId: 'a-huge', amount: HUGE, isIncoming: true, effectiveAt: '2026-03-03T00:00:00Z' }),
  // USDX at admin B: the edges of [108,333.07875, 123,456.5) at 6 decimals.
  leg({ updateId: 'b-low', instrumentAdmin: ADMIN_B, amount: '108333.07875', effectiveAt: '2026-03-04T00:00:00Z' }),
  leg({ updateId: 'b-under', instrumentAdmin: ADMIN_B, amount: '108333.078749', effectiveAt: '2026-03-05T00:00:00Z' }),
  leg({ updateId: 'b-top', instrumentAdmin: ADMIN_B, amount: '123456.499999', effectiveAt: '2026-03-06T00:00:00Z' }),
  leg({ updateId: 'b-at', instrumentAdmin: ADMIN_B, amount: '123456.5', effectiveAt: '2026-03-07T00:00:00Z' }),
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'notebook-hard-legs-'));
  store = await LedgerStore.open(join(dir, 'hard.duckdb'));
  await store.write((c) => appendLegs(c, 0n, PARTY, LEGS, 1n));
  processes = new SqlProcesses(undefined, 128);
});
afterAll(async () => {
  await processes.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** A built-in bound as the notebook binds it and run in the SQL process over the store's snapshot: columns and rows as text. */
async function run(id: string, values: Record<string, string>): Promise<{ columns: string[]; rows: string[][] }> {
  const query = BUILT_IN_QUERIES.find((q) => q.id === id);
  if (!query) throw new Error(`no built-in query "${id}"`);
  const file = parseQueryFile(query.text);
  const bound = bindQuery(file.sql, file.header.parameters, { party: PARTY, ...values }, { zone: 'utc' });
  if (!bound.ok) throw new Error(`${id}: ${JSON.stringify(bound)}`);
  const result = await processes.run<SqlResult>({
    snapshot: (await sqlSource(store)).snapshot,
    budgets: SCREEN_BUDGETS,
    task: { kind: 'query', sql: bound.text, rowCap: 1000, params: bound.params },
  });
  return {
    columns: result.columns.map((c) => c.name),
    rows: result.rows.map((row) => row.map((cell) => (cell === null ? 'NULL' : String(cell)))),
  };
}

describe('built-in queries on an independent ledger', () => {
  it('Totals per instrument tells USDX at two admins apart: the admin is a column, and the order of its rows', async () => {
    const { columns, rows } = await run('totals-per-instrument', {});
    const admin = columns.indexOf('instrument_admin');
    expect(admin).toBeGreaterThanOrEqual(0);
    const at = (name: string, row: string[]) => row[columns.indexOf(name)];
    // ADMIN_B (alpha-bank) before ADMIN_A (zeta-bank): the admin orders the two USDX rows.
    expect(rows.map((row) => [at('symbol', row), at('instrument_id', row), row[admin], at('legs', row)])).toEqual([
      ['USDX', 'USDX', ADMIN_B, '4'],
      ['USDX', 'USDX', ADMIN_A, '3'],
    ]);
    expect(rows.map((row) => at('net', row))).toEqual([
      '-463579.157498',
      '123456789012345678901234457885.123456', // HUGE − 110,005
    ]);
  });

  it('every built-in that groups by instrument (or reads instrument_totals) carries instrument_admin and orders by it', () => {
    for (const { id, text } of BUILT_IN_QUERIES) {
      const sql = parseQueryFile(text).sql;
      const grouped = [...sql.matchAll(/GROUP BY ([^\n]*)/g)].some((m) => /\binstrument_id\b/.test(m[1]));
      if (!grouped && !/\bFROM instrument_totals\b/.test(sql)) continue;
      const select = /^SELECT ([\s\S]*?)\nFROM/m.exec(sql.slice(sql.lastIndexOf('\nSELECT ') + 1))?.[1] ?? '';
      const orderBy = sql.slice(sql.lastIndexOf('ORDER BY'));
      expect({ id, select, orderBy }).toEqual({
        id,
        select: expect.stringMatching(/\binstrument_admin\b/),
        orderBy: expect.stringMatching(/\binstrument_admin\b/),
      });
    }
  });

  it('Transfers just under a threshold takes a fractional threshold and margin beside a 36-digit leg', async () => {
    // [123,456.5 × (100 − 12.25) / 100, 123,456.5) = [108,333.07875, 123,456.5).
    const { columns, rows } = await run('just-under-threshold', {
      instrument: 'USDX',
      threshold: '123456.5',
      margin: '12.25',
    });
    const at = (name: string, row: string[]) => row[columns.indexOf(name)];
    expect(rows.map((row) => [at('update_id', row), at('amount', row), at('instrument_admin', row)])).toEqual([
      ['a-near', '110000', ADMIN_A],
      ['b-low', '108333.07875', ADMIN_B],
      ['b-top', '123456.499999', ADMIN_B],
    ]);
    // The huge leg itself is found by a threshold one unit above it (30 digits), and left out at its own amount.
    const above = await run('just-under-threshold', {
      instrument: 'USDX',
      threshold: '123456789012345678901234567891',
      margin: '1',
    });
    expect(above.rows.map((row) => at('update_id', row))).toEqual(['a-huge']);
    const atIt = await run('just-under-threshold', { instrument: 'USDX', threshold: HUGE, margin: '0.5' });
    expect(atIt.rows).toEqual([]);
  });
});
