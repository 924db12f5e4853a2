// A notebook query's parameters against a real DuckDB store (docs/notebook.md): for each type, a
// value that tries to inject SQL is either refused at its field or bound as data: the query returns
// exactly the rows a literal would match and nothing else happens (the store keeps its rows, its
// view and its tables). The text DuckDB runs holds $n, never a value, and passes the SQL editor's guard.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCREEN_BUDGETS } from '../../../../src-main/services/local-ledger/sql/sql-budgets.ts';
import { checkReadOnly } from '../../../../src-main/services/local-ledger/sql/sql-guard.ts';
import { duckdbParams, MAX_PARAMS } from '../../../../src-main/services/local-ledger/sql/sql-params.ts';
import { SqlProcesses } from '../../../../src-main/services/local-ledger/sql/sql-process.ts';
import {
  SNAPSHOT_SUFFIX,
  SNAPSHOT_TABLE,
  type SqlTask,
} from '../../../../src-main/services/local-ledger/sql/sql-protocol.ts';
import { sqlString } from '../../../../src-main/services/local-ledger/store/sql-text.ts';
import { SCHEMA_SQL } from '../../../../src-main/services/local-ledger/store/store-schema.ts';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import { parseQueryFile } from '../../../../src-shared/notebook/query-file.ts';
import {
  type BoundValue,
  bindQuery,
  MAX_VALUE_CHARS,
  type ParamDecl,
} from '../../../../src-shared/notebook/query-params.ts';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const BOB = `bob::1220${'cd'.repeat(32)}`;
const DROP = "'; DROP TABLE legs; --";
const OR_TRUE = "x' OR '1'='1";

let db: DuckDBInstance;
let c: Awaited<ReturnType<DuckDBInstance['connect']>>;

// update id, party, time, instrument id, units, status: two amounts a DOUBLE cannot tell apart
// (2^53 and 2^53 + 1), an instrument id and statuses that look like SQL.
const LEGS: [string, string, string, string, string, string][] = [
  ['u1', ALICE, '2026-10-01 00:00:00', 'Amulet', '9007199254740993', 'completed'],
  ['u2', ALICE, '2026-10-15 12:00:00', 'Amulet', '9007199254740992', DROP],
  ['u3', ALICE, '2026-11-01 00:00:00', OR_TRUE, '5', '{{party}}'],
  ['u4', BOB, '2026-10-20 00:00:00', 'Amulet', '7', 'completed'],
];

beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  c = await db.connect();
  for (const sql of SCHEMA_SQL) await c.run(sql);
  for (const [update, party, at, instrument, units, status] of LEGS) {
    await c.run(
      `INSERT INTO leg_store (run_id, party, update_id, effective_at, effective_ts, instrument_id, amount, amount_units,
         amount_scale, amount_exact, is_incoming, status, seq)
       VALUES (1, $1, $2, $3, $3::TIMESTAMP, $4, $5, $5::HUGEINT, 0, true, false, $6, 1)`,
      [party, update, at, instrument, units, status],
    );
  }
});
afterAll(() => {
  c.closeSync();
  db.closeSync();
});

/** The store as it was: every leg, the view, the table. */
beforeEach(async () => {
  await expectStoreIntact();
});

async function expectStoreIntact() {
  const legs = (await c.runAndReadAll('SELECT update_id FROM legs ORDER BY update_id')).getRows().flat();
  expect(legs).toEqual(['u1', 'u2', 'u3', 'u4']);
  const tables = (
    await c.runAndReadAll("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'leg_store'")
  ).getRows();
  expect(Number(tables[0][0])).toBe(1);
}

type Ran = { rows: string[] } | { refused: Record<string, string>; problems: unknown[] };

/** Binds as the notebook will, checks the text with the SQL editor's guard, runs it with its values; the update ids. */
async function run(sql: string, declared: ParamDecl[], values: Record<string, string>): Promise<Ran> {
  const bound = bindQuery(sql, declared, values, { zone: 'utc' });
  if (!bound.ok) return { refused: bound.fields, problems: bound.problems };
  for (const value of Object.values(values)) if (value.length > 3) expect(bound.text).not.toContain(value);
  const text = await checkReadOnly(c, bound.text);
  const { values: params, types } = duckdbParams(bound.params);
  const rows = (await c.runAndReadAll(text, params, types)).getRows().map((row) => String(row[0]));
  await expectStoreIntact();
  return { rows };
}

/** The rows a literal would match: the same filter written with the value as an escaped SQL string. */
async function literally(where: string): Promise<string[]> {
  return (await c.runAndReadAll(`SELECT update_id FROM legs WHERE ${where} ORDER BY update_id`))
    .getRows()
    .map((row) => String(row[0]));
}

const BIG = 'x'.repeat(10 * 1024 * 1024);

describe('notebook parameters bound in DuckDB', () => {
  it('text: SQL in a value is data, matching only the rows with that very text', async () => {
    const t: ParamDecl[] = [{ name: 'status', type: 'text' }];
    const sql = 'SELECT update_id FROM legs WHERE status = {{status}} ORDER BY update_id';
    for (const value of [DROP, OR_TRUE, '{{party}}', 'completed']) {
      const ran = await run(sql, t, { status: value });
      expect(ran).toEqual({ rows: await literally(`status = ${sqlString(value)}`) });
    }
    expect(await run(sql, t, { status: DROP })).toEqual({ rows: ['u2'] });
    expect(await run(sql, t, { status: OR_TRUE })).toEqual({ rows: [] });
    expect(await run(sql, t, { status: '{{party}}' })).toEqual({ rows: ['u3'] });
    expect(await run(sql, t, { status: 'a\0b' })).toEqual({
      refused: { status: 'may not hold a NUL character' },
      problems: [],
    });
    expect(await run(sql, t, { status: BIG })).toEqual({
      refused: { status: 'at most 10,000 characters' },
      problems: [],
    });
  });

  it('instrument: an id that looks like SQL finds its own leg, and nothing else', async () => {
    const sql = 'SELECT update_id FROM legs WHERE instrument_id = {{instrument}} ORDER BY update_id';
    expect(await run(sql, [], { instrument: OR_TRUE })).toEqual({ rows: ['u3'] });
    expect(await run(sql, [], { instrument: OR_TRUE })).toEqual({
      rows: await literally(`instrument_id = ${sqlString(OR_TRUE)}`),
    });
    expect(await run(sql, [], { instrument: DROP })).toEqual({ rows: [] });
    expect(await run(sql, [], { instrument: '{{party}}' })).toEqual({ rows: [] });
    expect(await run(sql, [], { instrument: 'Amulet' })).toEqual({ rows: ['u1', 'u2', 'u4'] });
    expect(await run(sql, [], { instrument: 'Amulet\0' })).toEqual({
      refused: { instrument: 'no control characters' },
      problems: [],
    });
    expect(await run(sql, [], { instrument: BIG })).toEqual({
      refused: { instrument: 'at most 10,000 characters' },
      problems: [],
    });
  });

  it('party: only a Canton party id is bound; SQL, a placeholder or a NUL is refused at the field', async () => {
    const sql = 'SELECT update_id FROM legs WHERE party = {{party}} ORDER BY update_id';
    expect(await run(sql, [], { party: ALICE })).toEqual({ rows: ['u1', 'u2', 'u3'] });
    expect(await run(sql, [], { party: ` ${BOB} ` })).toEqual({ rows: ['u4'] });
    for (const value of [DROP, OR_TRUE, '{{party}}', `${ALICE}\0`, `${ALICE}' OR '1'='1`, BIG]) {
      const ran = await run(sql, [], { party: value });
      expect(ran).toEqual({ refused: { party: expect.any(String) }, problems: [] });
    }
  });

  it('time: read by the one time reader into a TIMESTAMP; a time with SQL in it is refused', async () => {
    const sql =
      'SELECT update_id FROM legs WHERE effective_at >= {{from}} AND effective_at < {{to}} ORDER BY update_id';
    expect(await run(sql, [], { from: '2026-10-15 12:00', to: '2026-11-01' })).toEqual({ rows: ['u2', 'u4'] });
    expect(await run(sql, [], { from: '2026-10-15T14:00:00+02:00', to: '2026-11-01T00:00:00.000001Z' })).toEqual({
      rows: ['u2', 'u3', 'u4'],
    });
    for (const value of [
      `2026-10-01${DROP}`,
      "2026-10-01' OR '1'='1",
      '2026-10-01 OR 1=1',
      '{{to}}',
      '2026-10-01\0',
      BIG,
    ]) {
      const ran = await run(sql, [], { from: value, to: '2027-01-01' });
      expect(ran).toEqual({ refused: { from: expect.any(String) }, problems: [] });
    }
  });

  it('number: an exact DECIMAL, never a float (2^53 + 1 is not 2^53); SQL after a number is refused', async () => {
    const n: ParamDecl[] = [{ name: 'units', type: 'number' }];
    const sql = 'SELECT update_id FROM legs WHERE amount_units = {{units}} ORDER BY update_id';
    expect(await run(sql, n, { units: '9007199254740993' })).toEqual({ rows: ['u1'] });
    expect(await run(sql, n, { units: '9007199254740992' })).toEqual({ rows: ['u2'] });
    expect(await run(sql, n, { units: '5.0' })).toEqual({ rows: ['u3'] });
    expect(
      await run('SELECT update_id FROM legs WHERE amount_units > {{units}} ORDER BY update_id', n, { units: '6.5' }),
    ).toEqual({ rows: ['u1', 'u2', 'u4'] });
    for (const value of ['1; SELECT 1', '1 OR 1=1', `5${DROP}`, '{{units}}', '1e3', '5\0', BIG]) {
      const ran = await run(sql, n, { units: value });
      expect(ran).toEqual({ refused: { units: expect.any(String) }, problems: [] });
    }
  });

  it('a placeholder in a string or a comment stays text, and the text DuckDB checks holds $n', async () => {
    const bound = bindQuery(
      "SELECT update_id FROM legs WHERE status = '{{party}}' /* {{party}} */ AND party = {{party}} -- {{party}}",
      [],
      { party: ALICE },
      { zone: 'utc' },
    );
    expect(bound.ok && bound.text).toBe(
      "SELECT update_id FROM legs WHERE status = '{{party}}' /* {{party}} */ AND party = $1 -- {{party}}",
    );
    expect(
      await run("SELECT update_id FROM legs WHERE status = '{{party}}' AND party = {{party}}", [], { party: ALICE }),
    ).toEqual({ rows: ['u3'] });
  });
});

describe('docs/notebook.md', () => {
  it('has an example file that runs on the store as it is written', async () => {
    const doc = await readFile(join(import.meta.dirname, '../../../../docs/notebook.md'), 'utf8');
    const file = parseQueryFile(/```sql\n([\s\S]*?)```/.exec(doc)?.[1] ?? '');
    const bound = bindQuery(
      file.sql,
      file.header.parameters,
      { party: ALICE, from: '2026-10-01', to: '2026-11-01' },
      { zone: 'utc' },
    );
    if (!bound.ok) throw new Error(JSON.stringify(bound));
    const text = await checkReadOnly(c, bound.text);
    const { values, types } = duckdbParams(bound.params);
    const read = await c.runAndReadAll(text, values, types);
    const at = (name: string) => read.columnNames().indexOf(name);
    // Alice's outgoing legs from October, at least 1000 units, completed: u1 only (u2's status is not).
    expect(
      read.getRows().map((row) => [String(row[at('day')]), row[at('counterparty')], String(row[at('total_units')])]),
    ).toEqual([['2026-10-01 00:00:00', null, '9007199254740993']]);
  });
});

describe('the SQL process takes a query with its values (sql-protocol.ts)', () => {
  let folder: string;
  let snapshot: string;
  let processes: SqlProcesses;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'notebook-params-'));
    // A snapshot as sql-snapshot.ts makes it: a DuckDB file whose one table holds the legs view's columns.
    snapshot = join(folder, `legs${SNAPSHOT_SUFFIX}`);
    const columns = LEGS_VIEW_COLUMNS.map((column) => column.name).join(', ');
    await c.run(`ATTACH '${snapshot}' AS made`);
    await c.run(`CREATE TABLE made.${SNAPSHOT_TABLE} AS SELECT ${columns} FROM legs`);
    await c.run('DETACH made');
    processes = new SqlProcesses(undefined, 128);
  });
  afterAll(async () => {
    await processes.close();
    await rm(folder, { recursive: true, force: true });
  });

  const job = (task: Extract<SqlTask, { kind: 'query' }>) =>
    processes.run<SqlResult>({ snapshot, budgets: SCREEN_BUDGETS, task });
  const ids = (result: SqlResult) => result.rows.map((row) => row[0]);

  it('binds the values in the process: exact numbers, SQL-looking text as data, the guard on the $n text', async () => {
    const bound = bindQuery(
      'SELECT update_id FROM legs WHERE amount_units = {{units}} OR status = {{status}} ORDER BY update_id',
      [
        { name: 'units', type: 'number' },
        { name: 'status', type: 'text' },
      ],
      { units: '9007199254740993', status: DROP },
      { zone: 'utc' },
    );
    if (!bound.ok) throw new Error(JSON.stringify(bound));
    expect(ids(await job({ kind: 'query', sql: bound.text, rowCap: 100, params: bound.params }))).toEqual(['u1', 'u2']);
    // The same process still answers a query without values, and the store it reads kept every leg.
    expect(ids(await job({ kind: 'query', sql: 'SELECT update_id FROM legs ORDER BY 1', rowCap: 100 }))).toEqual([
      'u1',
      'u2',
      'u3',
      'u4',
    ]);
  });

  it('checks the values it is handed itself: too many, too long, a NUL, a number wider than DuckDB holds', async () => {
    const text = (value: string): BoundValue => ({ type: 'VARCHAR', value });
    const refusedWith = async (params: unknown[], sql = 'SELECT $1') => {
      const error = await job({ kind: 'query', sql, rowCap: 10, params: params as BoundValue[] }).then(
        () => null,
        (e: { code: string; message: string }) => e,
      );
      expect(error?.code).toBe('invalid_argument');
      return error?.message;
    };
    expect(await refusedWith(Array.from({ length: MAX_PARAMS + 1 }, () => text('x')))).toBe(
      `A query takes at most ${MAX_PARAMS} values; this one has ${MAX_PARAMS + 1}.`,
    );
    for (const bad of [
      text('x'.repeat(MAX_VALUE_CHARS + 1)),
      text('a\0b'),
      { type: 'DECIMAL', units: 10n ** 38n, width: 38, scale: 0 },
      { type: 'TIMESTAMP', micros: 5 },
      { type: 'BLOB', value: 'x' },
    ]) {
      expect(await refusedWith([bad])).toMatch(/^Value \$1 is not one a query takes/);
    }
    // The parse check still reads the text: a write is refused whatever the values.
    expect(await refusedWith([text('x')], 'DELETE FROM legs WHERE status = $1')).toMatch(/Only reads run here/);
  });
});
