// The SQL editor and the store export against a store synced from the in-process sandbox, through
// dispatch: every kind of write is refused with what was refused (the store unchanged after), the
// row cap, cancel through app:cancel, and each export format read back and compared with the legs
// the service sends over HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import { LEG_LABEL_COLUMNS, LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import {
  ALL_LEGS,
  type LocalExportRequest,
  type LocalExportResult,
  type SqlResult,
  type SyncStatus,
} from '../../../../src-shared/contract/local-ledger.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { callOk, legsOverHttp as serviceLegsOf } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let party: string;
let folder: string;
let nextPath = '';
let serviceLegs: TransferLeg[];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'local-sql-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 5_000, evm: false },
    host: { chooseSavePath: async () => nextPath || null },
  });
  party = services.sandbox?.describe().parties[0] as string;
  const started = await call<SyncStatus>('local:sync', {
    profileId: 'sandbox',
    party,
    nodeId: null,
    range: { after: null, before: null },
  });
  expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
  serviceLegs = await legsOverHttp();
}, 60_000);
afterAll(async () => {
  await services.close();
});

async function dispatch(channel: string, ...args: unknown[]) {
  return services.dispatch(channel, args);
}
const call = <T>(channel: string, ...args: unknown[]) => callOk<T>(services, channel, ...args);
const legsOverHttp = () => serviceLegsOf(services, party);

const key = (values: unknown[]) => JSON.stringify(values);
const multiset = (legs: TransferLeg[]) => legs.map((leg) => key(TRANSFER_LEG_FIELDS.map((f) => leg[f]))).sort();

function sql(text: string, rowCap = 1000, requestId = `req-${randomBytes(4).toString('hex')}`) {
  return dispatch('local:sql', { requestId, profileId: 'sandbox', sql: text, rowCap });
}

const allLegs = () => ({
  kind: 'legs' as const,
  party,
  filters: ALL_LEGS,
  sort: { column: 'effectiveAt' as const, desc: true },
});

async function exportTo(name: string, request: Omit<LocalExportRequest, 'profileId'>): Promise<LocalExportResult> {
  nextPath = join(folder, name);
  return call<LocalExportResult>('local:export', { profileId: 'sandbox', ...request });
}

async function readBack(query: string): Promise<unknown[][]> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  try {
    return (await c.runAndReadAll(query)).getRows();
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

describe('local SQL', () => {
  it('answers a read of the legs view, with exact cells', async () => {
    const answer = await sql('SELECT count(*) AS n, sum(amount_units) AS units, max(effective_at) AS latest FROM legs');
    expect(answer.ok).toBe(true);
    const result = (answer as { value: SqlResult }).value;
    expect(result.columns.map((c) => c.name)).toEqual(['n', 'units', 'latest']);
    expect(result.rows[0][0]).toBe(serviceLegs.length);
    expect(typeof result.rows[0][1]).toBe('string'); // HUGEINT as text, never a float
    expect(result.truncated).toBe(false);
  });

  it.each([
    ['DELETE FROM legs', 'DELETE was refused'],
    ["INSERT INTO leg_rows (party) VALUES ('x')", 'INSERT was refused'],
    ["UPDATE leg_rows SET status = 'x'", 'UPDATE was refused'],
    ['CREATE TABLE t (a INT)', 'CREATE was refused'],
    ['DROP TABLE leg_rows', 'DROP was refused'],
    ["COPY leg_rows TO '/tmp/out.csv'", 'COPY was refused'],
    ["ATTACH '/tmp/other.duckdb' AS other", 'ATTACH was refused'],
    ['PRAGMA version', 'PRAGMA was refused'],
    ['SET threads = 1', 'SET was refused'],
    ['INSTALL httpfs', 'INSTALL was refused'],
    ['LOAD httpfs', 'LOAD was refused'],
    ['CALL range(3)', 'CALL was refused'],
    ['CHECKPOINT', 'CHECKPOINT was refused'],
    ['EXPLAIN SELECT * FROM legs', 'EXPLAIN was refused'],
    ['SELECT 1; DELETE FROM legs', 'One statement at a time'],
    ["SELECT * FROM read_csv('/etc/passwd')", 'read_csv() was refused'],
    ["SELECT * FROM '/etc/passwd'", 'Reading /etc/passwd was refused'],
    ["SELECT read_text('/etc/passwd')", 'read_text() was refused'],
    ["SELECT getenv('HOME')", 'getenv() was refused'],
    ["SELECT * FROM query('DELETE FROM leg_rows')", 'query() was refused'],
    ["SELECT * FROM glob('/*')", 'glob() was refused'],
    ['SELECT * FROM duckdb_settings()', 'duckdb_settings() was refused'],
    ['SELECT * FROM leg_rows', 'Reading leg_rows was refused'],
    ['SELECT * FROM main.sync_runs', 'Reading main.sync_runs was refused'],
    ['WITH leg_rows AS (SELECT 1) SELECT * FROM leg_rows', 'may not be named leg_rows'],
    ['SHOW TABLES', 'SHOW was refused'],
    // A CTE named like a file in a subquery must not let that file through in another scope.
    [`SELECT * FROM '/etc/hostname', (WITH "/etc/hostname" AS (SELECT 1) SELECT 1)`, 'must have a plain name'],
    [
      `SELECT 1 WHERE EXISTS (WITH "/etc/*.conf" AS (SELECT 1) SELECT 1) AND 1 IN (SELECT 1 FROM '/etc/*.conf')`,
      'must have a plain name',
    ],
    ['SELECT * FROM sqlite_master', 'No view named sqlite_master'],
    ["SELECT * FROM 'https://example.com/x.csv'", 'was refused'],
  ])('refuses %s', async (text, message) => {
    const answer = await sql(text);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalid_argument');
    expect(answer.error.message).toContain(message);
    const count = await call<SqlResult>('local:sql', {
      requestId: 'req-count0001',
      profileId: 'sandbox',
      sql: 'SELECT count(*) FROM legs',
      rowCap: 1,
    });
    expect(count.rows[0][0]).toBe(serviceLegs.length);
  });

  it('answers list and struct literals (DuckDB parses them as functions of schema main)', async () => {
    const answer = await call<SqlResult>('local:sql', {
      requestId: 'req-literal01',
      profileId: 'sandbox',
      sql: "SELECT unnest([1, 2]) AS n, {'a': 1}.a AS a, 'x' = ANY(['x']) AS hit",
      rowCap: 10,
    });
    expect(answer.rows).toEqual([
      [1, 1, true],
      [2, 1, true],
    ]);
  });

  it('reports DuckDB errors in words, with the nearest names and the place, without a stack', async () => {
    const answer = await sql('SELECT party,\n  amout FROM legs');
    expect(answer.ok ? null : answer.error.code).toBe('invalid_argument');
    expect(answer.ok ? '' : answer.error.message).toBe(
      'No column named amout here. Nearest: amount, amount_exact, amount_scale or amount_units. (line 2, column 3)',
    );
    expect(answer.ok ? null : answer.error.details?.position).toEqual({ line: 2, column: 3 });
    const sum = await sql('SELECT sum(amount) FROM legs');
    expect(sum.ok ? '' : sum.error.message).toMatch(
      /^sum\(\) cannot add text \(VARCHAR\)\. .*decimal_text\(sum\(amount_units\), amount_scale\)/,
    );
    const table = await sql('SELECT * FROM lgs');
    expect(table.ok ? '' : table.error.message).toBe(
      'No view named lgs. Did you mean legs? SQL here reads legs and instrument_totals.',
    );
    expect(answer.ok ? '' : answer.error.message).not.toContain('\n');
  });

  it('returns at most the row cap, and says more exist', async () => {
    const capped = await call<SqlResult>('local:sql', {
      requestId: 'req-cap00001',
      profileId: 'sandbox',
      sql: 'SELECT * FROM legs ORDER BY effective_at',
      rowCap: 100,
    });
    expect(capped.rows).toHaveLength(100);
    expect(capped.truncated).toBe(true);
    const exact = await call<SqlResult>('local:sql', {
      requestId: 'req-cap00002',
      profileId: 'sandbox',
      sql: 'SELECT * FROM range(100)',
      rowCap: 100,
    });
    expect(exact.rows).toHaveLength(100);
    expect(exact.truncated).toBe(false);
  });

  it('is cancelled through app:cancel', async () => {
    const running = sql('SELECT count(*) FROM range(1000000000000) a, legs b', 10, 'req-slow0001');
    // The query reaches DuckDB once the request is registered; cancel until it has been, or until it
    // ended: a cancel that came first is remembered and aborts the request as it starts.
    let settled = false;
    void running.finally(() => {
      settled = true;
    });
    let cancelled = false;
    while (!cancelled && !settled) {
      const answer = await dispatch('app:cancel', 'req-slow0001');
      cancelled = answer.ok && answer.value === true;
      if (!cancelled) await new Promise((resolve) => setImmediate(resolve));
    }
    const answer = await running;
    expect(answer.ok ? null : answer.error.code).toBe('cancelled');
  });
});

describe('local export', () => {
  /** The 12 fields as the service sent them, under the legs view's names. */
  const SENT = [
    'update_id',
    'effective_at_text',
    'instrument_admin',
    'instrument_id',
    'symbol',
    'decimals',
    'amount',
    'sender_party',
    'receiver_party',
    'counterparty',
    'is_incoming',
    'status',
  ];
  const LEGS_AND_LABELS = [...LEGS_VIEW_COLUMNS, ...LEG_LABEL_COLUMNS];

  /** Reads an export back with the SQL its result gives, then `query` over it. */
  async function readWith(result: LocalExportResult, query: string): Promise<unknown[][]> {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    try {
      const text = result.readBack.replace(/^--.*$/gm, '');
      for (const statement of text.split(/;\n/).filter((x) => x.trim())) await c.run(statement);
      return (await c.runAndReadAll(query)).getRowsJson();
    } finally {
      c.closeSync();
      db.closeSync();
    }
  }

  it.each(['parquet', 'csv', 'jsonl', 'parquet-by-month'] as const)(
    'writes %s with the legs view’s columns, then the labels, and the 12 fields exactly as sent',
    async (format) => {
      const result = await exportTo(`legs-${format}`, { source: allLegs(), format });
      expect(result.rows).toBe(serviceLegs.length);
      const described = await readWith(result, 'DESCRIBE export');
      expect(described.map((r) => [r[0], r[1]])).toEqual([
        ...LEGS_AND_LABELS.map((c) => [c.name, c.type]),
        ...(format === 'parquet-by-month' ? [['month', 'VARCHAR']] : []),
      ]);
      const rows = await readWith(result, `SELECT ${SENT.join(', ')} FROM legs`);
      expect(rows.map((r) => key(r)).sort()).toEqual(multiset(serviceLegs));
      expect(await readdir(folder)).not.toContainEqual(expect.stringContaining('.partial-'));
    },
  );

  it.each([
    ['csv', 'amount', false],
    ['jsonl', 'effectiveAt', true],
    ['csv', 'counterparty', true],
  ] as const)(
    'writes %s in the local table’s order (by %s, descending %s), keys left out',
    async (format, column, desc) => {
      const sort = { column, desc };
      const table: string[] = [];
      for (let offset = 0; offset < serviceLegs.length; offset += 5000) {
        const page = await call<{ legs: Array<{ updateId: string | null; amount: string | null }> }>('local:legs', {
          requestId: `order-page-${offset}`,
          profileId: 'sandbox',
          party,
          filters: ALL_LEGS,
          sort,
          offset,
          limit: 5000,
        });
        table.push(...page.legs.map((r) => `${r.updateId ?? ''}|${r.amount ?? ''}`));
      }
      const result = await exportTo(`order-${column}.${format}`, { source: { ...allLegs(), sort }, format });
      const text = await readFile(result.path, 'utf8');
      const written =
        format === 'csv'
          ? text
              .split('\r\n')
              .slice(1, -1)
              .map((line) => line.split(','))
              .map((f) => `${f[1]}|${f[8]}`)
          : text
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line))
              .map((r) => `${r.update_id ?? ''}|${r.amount ?? ''}`);
      expect(written).toEqual(table);
      expect(text).not.toContain('__sort');
    },
  );

  it('writes exact integers as DECIMAL(38,0) in Parquet, digits in CSV and strings in JSON Lines', async () => {
    const parquet = await exportTo('types.parquet', { source: allLegs(), format: 'parquet' });
    const types = await readBack(`SELECT typeof(amount_units), typeof(effective_at) FROM '${parquet.path}' LIMIT 1`);
    expect(types[0]).toEqual(['DECIMAL(38,0)', 'TIMESTAMP']);
    const csv = await readFile((await exportTo('types.csv', { source: allLegs(), format: 'csv' })).path, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(LEGS_AND_LABELS.map((c) => c.name).join(','));
    expect(csv.split('\r\n')[1]).toMatch(/^[^,]+,[^,]*,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6},/);
    const jsonl = await readFile((await exportTo('types.jsonl', { source: allLegs(), format: 'jsonl' })).path, 'utf8');
    const first = JSON.parse(jsonl.split('\n')[0]);
    expect(Object.keys(first)).toEqual(LEGS_AND_LABELS.map((c) => c.name));
    expect(typeof first.amount_units).toBe('string');
    expect(first.effective_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it("carries the address book's labels of sender and receiver, guarded in CSV as the live export guards them", async () => {
    const other = serviceLegs.find((leg) => leg.counterparty && leg.counterparty !== party)?.counterparty as string;
    const labels = new Map([
      [party, 'Acme, "treasury"'],
      [other, '=cmd|calc'],
    ]);
    for (const [id, label] of labels) await call('settings:saveParty', { party: id, label });
    try {
      const csv = await readFile((await exportTo('labelled.csv', { source: allLegs(), format: 'csv' })).path, 'utf8');
      expect(csv).toMatch(/,"Acme, ""treasury""","'=cmd\|calc"\r\n/);
      const jsonl = await exportTo('labelled.jsonl', { source: allLegs(), format: 'jsonl' });
      const labelled = await readWith(
        jsonl,
        `SELECT count(*) FILTER (WHERE sender_label = 'Acme, "treasury"'), count(*) FILTER (WHERE receiver_label = '=cmd|calc') FROM export`,
      );
      const sent = serviceLegs.filter((leg) => leg.senderParty === party).length;
      const received = serviceLegs.filter((leg) => leg.receiverParty === other).length;
      expect(labelled[0].map(Number)).toEqual([sent, received]);
    } finally {
      for (const id of labels.keys()) await call('settings:removeParty', id);
    }
  });

  it('writes Parquet by month in Hive-style folders that load straight into DuckDB', async () => {
    const result = await exportTo('by-month', { source: allLegs(), format: 'parquet-by-month' });
    const months = (await readdir(result.path)).filter((n) => n.startsWith('month='));
    expect(months.length).toBeGreaterThan(0);
    const rows = await readBack(
      `SELECT strftime(effective_at, '%Y-%m'), month FROM read_parquet('${result.path}/**/*.parquet', hive_partitioning = true)`,
    );
    expect(rows).toHaveLength(serviceLegs.length);
    for (const row of rows) expect(String(row[1])).toBe(String(row[0]));
  });

  it('exports a query with no row cap, and refuses a write there too', async () => {
    const result = await exportTo('query.parquet', {
      source: { kind: 'sql', sql: 'SELECT party, amount, amount_units FROM legs' },
      format: 'parquet',
    });
    expect(result.rows).toBe(serviceLegs.length);
    const refused = await dispatch('local:export', {
      profileId: 'sandbox',
      source: { kind: 'sql', sql: 'DELETE FROM legs' },
      format: 'csv',
    });
    expect(refused.ok ? '' : refused.error.message).toContain('DELETE was refused');
  });

  it('writes a 128-bit integer from a query as DECIMAL(38,0) in Parquet, and refuses in words one that has no exact type', async () => {
    const result = await exportTo('wide.parquet', {
      source: { kind: 'sql', sql: '(SELECT (2::HUGEINT ** 100)::HUGEINT AS h)' },
      format: 'parquet',
    });
    expect(await readBack(`SELECT typeof(h), h::VARCHAR FROM '${result.path}'`)).toEqual([
      ['DECIMAL(38,0)', '1267650600228229401496703205376'],
    ]);
    nextPath = join(folder, 'too-wide.parquet');
    const refused = await dispatch('local:export', {
      profileId: 'sandbox',
      source: { kind: 'sql', sql: 'SELECT 170141183460469231731687303715884105727::HUGEINT AS h' },
      format: 'parquet',
    });
    expect(refused.ok ? '' : refused.error.message).toMatch(/^A value has 39 digits: no exact number type of Parquet/);
    expect(await readdir(folder)).not.toContain('too-wide.parquet');
  });

  it('writes 128-bit integers and decimals from a query to JSON Lines as exact text, not numbers', async () => {
    const result = await exportTo('wide.jsonl', {
      source: {
        kind: 'sql',
        sql: "SELECT (2::HUGEINT ** 100)::HUGEINT AS h, '1.000000000000000001'::DECIMAL(38,18) AS d",
      },
      format: 'jsonl',
    });
    expect(JSON.parse((await readFile(result.path, 'utf8')).trim())).toEqual({
      h: '1267650600228229401496703205376',
      d: '1.000000000000000001',
    });
  });

  it('exports the counterparty ranking', async () => {
    const result = await exportTo('counterparties.csv', {
      source: {
        kind: 'counterparties',
        query: { party, range: { after: null, before: null }, instruments: null },
      },
      format: 'csv',
    });
    const text = await readFile(result.path, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      'party,counterparty,instrument_admin,instrument_id,symbol,decimals,legs_in,legs_out,volume_in,volume_out,net,first_seen,last_seen,scope',
    );
    expect(result.rows).toBeGreaterThan(0);
  });

  it('leaves no partial file when the query fails while writing', async () => {
    nextPath = join(folder, 'failing.csv');
    const answer = await dispatch('local:export', {
      profileId: 'sandbox',
      source: { kind: 'sql', sql: "SELECT CASE WHEN amount_exact THEN error('stopped here') END FROM legs" },
      format: 'csv',
    });
    expect(answer.ok ? '' : answer.error.message).toContain('stopped here');
    const names = await readdir(folder);
    expect(names).not.toContain('failing.csv');
    expect(names).not.toContainEqual(expect.stringContaining('.partial-'));
  });

  it('answers null when the save dialog is cancelled', async () => {
    nextPath = '';
    expect(await call('local:export', { profileId: 'sandbox', source: allLegs(), format: 'csv' })).toBeNull();
  });
});
