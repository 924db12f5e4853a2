// User SQL runs in a process of its own over a snapshot of the legs (sql/): the first wall
// (its DuckDB holds nothing else, with file access off and its configuration locked) is checked
// here without the parse check in front of it; then the attacks through the real channel,
// a cancel at every point of the pipeline, and each budget answering in words with main's memory
// unchanged. Real DuckDB, real processes, the in-process sandbox service.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import {
  EXPORT_BUDGETS,
  SCREEN_BUDGETS,
  type SqlBudgets,
} from '../../../../src-main/services/local-ledger/sql/sql-budgets.ts';
import { forkSqlChild, SqlProcesses } from '../../../../src-main/services/local-ledger/sql/sql-process.ts';
import { dropKept, openSandbox } from '../../../../src-main/services/local-ledger/sql/sql-sandbox-db.ts';
import { snapshotFolder, sqlSource } from '../../../../src-main/services/local-ledger/sql/sql-snapshot.ts';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { SqlResult, SyncStatus } from '../../../../src-shared/contract/local-ledger.ts';
import { callOk } from '../../../fixtures/local-ledger.ts';

let services: AppServices;
let folder: string;
let party: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sql-sandbox-'));
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    sandbox: { transfers: 1_000, evm: false },
    host: { chooseSavePath: async () => null },
  });
  party = services.sandbox?.describe().parties[0] as string;
  const started = await callOk<SyncStatus>(services, 'local:sync', {
    profileId: 'sandbox',
    party,
    nodeId: null,
    range: { after: null, before: null },
  });
  expect((await services.local.waitForSync(started.jobId)).state).toBe('done');
}, 60_000);
afterAll(async () => {
  await services.close();
});

const requestId = () => `req-${randomBytes(4).toString('hex')}`;
function sql(text: string, id = requestId(), rowCap = 1000) {
  return services.dispatch('local:sql', [{ requestId: id, profileId: 'sandbox', sql: text, rowCap }]);
}
async function failure(text: string): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  const answer = await sql(text);
  if (answer.ok) throw new Error(`answered: ${JSON.stringify(answer.value).slice(0, 300)}`);
  return answer.error;
}

/** The SQL processes this test process has running (children whose command line names sql-child). */
async function sqlProcesses(): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (new RegExp(`^PPid:\\s+${process.pid}$`, 'm').test(status) && cmdline.includes('sql-child'))
      found.push(Number(pid));
  }
  return found;
}

describe('the first wall: the SQL process sees the legs and nothing else', () => {
  it('holds only the legs views, cannot touch a file, and cannot change its configuration', async () => {
    const store = await (await services.local.ledger()).writer('sandbox');
    const snapshot = (await sqlSource(store)).snapshot;
    expect(snapshot.startsWith(snapshotFolder(store.path))).toBe(true);
    expect((await stat(snapshotFolder(store.path))).mode & 0o777).toBe(0o700);
    expect((await stat(snapshot)).mode & 0o777).toBe(0o600);
    const workDir = await mkdtemp(join(tmpdir(), 'sql-wall-'));
    // No parse check here: what DuckDB itself allows.
    const { c, close } = await openSandbox({
      snapshot,
      workDir,
      budgets: SCREEN_BUDGETS,
      task: { kind: 'query', sql: '', rowCap: 1 },
    });
    const rows = async (text: string) => (await c.runAndReadAll(text)).getRowsJson();
    const error = async (text: string) =>
      c.runAndReadAll(text).then(
        () => 'answered',
        (e: Error) => e.message.split('\n')[0],
      );
    try {
      // One table: the snapshot's, attached read-only; the views are the job's own (temporary).
      expect(await rows('SELECT database_name, table_name FROM duckdb_tables()')).toEqual([['snapshot', 'legs']]);
      expect(await rows('SELECT database_name, view_name FROM duckdb_views() WHERE NOT internal ORDER BY 2')).toEqual([
        ['temp', 'instrument_totals'],
        ['temp', 'legs'],
      ]);
      expect(await rows("SELECT readonly FROM duckdb_databases() WHERE database_name = 'snapshot'")).toEqual([[true]]);
      // The snapshot holds the legs view's columns, and nothing of the store's own tables.
      expect((await rows('DESCRIBE legs')).map((r) => r[0])).toEqual(LEGS_VIEW_COLUMNS.map((column) => column.name));
      expect((await rows('DESCRIBE snapshot.legs')).map((r) => r[0])).toEqual(
        LEGS_VIEW_COLUMNS.map((column) => column.name),
      );
      expect(await error('DELETE FROM snapshot.legs')).toMatch(/read-only/i);
      expect(await rows('SELECT count(DISTINCT party) FROM legs')).toEqual([['1']]);
      for (const text of [
        "SELECT * FROM read_csv('/etc/passwd')",
        `ATTACH '${store.path}' AS store (READ_ONLY)`,
        `COPY (SELECT * FROM legs) TO '${join(folder, 'out.csv')}'`,
        "SELECT * FROM glob('/*')",
        'INSTALL httpfs',
      ]) {
        expect(await error(text), text).toMatch(/^Permission Error|disabled by configuration/);
      }
      for (const text of [
        'SET enable_external_access = true',
        "SET memory_limit = '8GB'",
        'RESET lock_configuration',
      ]) {
        expect(await error(text), text).toMatch(/configuration has been locked/);
      }
      // The paths its settings name: the snapshot (which it may read) and its own folder; never the
      // store, the user-data folder's other files, or the home folder (extensions, secrets).
      const paths = (await rows("SELECT value FROM duckdb_settings() WHERE value LIKE '%/%' AND name <> 'TimeZone'"))
        .flatMap((r) =>
          String(r[0])
            .replace(/^\[|\]$/g, '')
            .split(', '),
        )
        .filter(Boolean);
      expect(paths.length).toBeGreaterThan(0);
      // (DuckDB adds the attached file's WAL names itself; read-only, it writes none.)
      const own = (path: string) =>
        path === snapshot || /^\.wal(\.(recovery|checkpoint))?$/.test(path.slice(snapshot.length));
      for (const path of paths) expect(own(path) || path.startsWith(workDir), path).toBe(true);
      expect(JSON.stringify(paths)).not.toContain(homedir());
    } finally {
      close();
      // This test opened the sandbox in the test's own process, where a query's is kept: closed here,
      // or the SQL processes forked later would inherit its open snapshot file.
      dropKept();
    }
  });
});

describe('the SQL process', () => {
  it('starts with none of main’s environment (no JWT, no HOME, no proxy): only the zone', async () => {
    process.env.LEDGER_EXPLORER_LEDGER_JWT = 'eyJ.secret.jwt';
    try {
      expect((await sql('SELECT 1')).ok).toBe(true);
      // The process that answered (or a new one) waits for the next query.
      await expect.poll(sqlProcesses).not.toEqual([]);
      const [pid] = await sqlProcesses();
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0').filter(Boolean);
      // Node's own channel to main (NODE_CHANNEL_FD, NODE_CHANNEL_SERIALIZATION_MODE) and the zone.
      expect(environ.filter((entry) => !/^(TZ|NODE_CHANNEL_[A-Z_]+)=/.test(entry))).toEqual([]);
    } finally {
      delete process.env.LEDGER_EXPLORER_LEDGER_JWT;
    }
  });
});

describe('the kept sandbox (the next query over the same snapshot, warm)', () => {
  it('serves query after query from one process, each with its own scope, and follows a new snapshot', async () => {
    const snapshot = (await sqlSource(await services.local.reader('sandbox'))).snapshot;
    let launches = 0;
    const processes = new SqlProcesses((options) => {
      launches += 1;
      return forkSqlChild(options);
    });
    const run = (sqlText: string, job: { snapshot?: string; scope?: { parties: string[]; portfolio: boolean } } = {}) =>
      processes.run<SqlResult>({
        snapshot: job.snapshot ?? snapshot,
        budgets: SCREEN_BUDGETS,
        task: { kind: 'query', sql: sqlText, rowCap: 10, ...(job.scope ? { scope: job.scope } : {}) },
      });
    const count = async (job: Parameters<typeof run>[1] = {}) =>
      (await run('SELECT count(*) FROM legs', job)).rows[0][0];
    // A smaller snapshot beside it: three of the legs.
    const other = join(folder, 'other-snapshot.duckdb');
    const maker = await DuckDBInstance.create(':memory:');
    const m = await maker.connect();
    await m.run(`ATTACH '${snapshot}' AS source (READ_ONLY)`);
    await m.run(`ATTACH '${other}' AS made`);
    await m.run('CREATE TABLE made.legs AS SELECT * FROM source.legs ORDER BY update_id, direction LIMIT 3');
    await m.run('DETACH made');
    m.closeSync();
    maker.closeSync();
    try {
      const all = await count();
      expect(Number(all)).toBeGreaterThan(3);
      // A portfolio's view has `internal`; the next job's, without a scope, has not, and sees every leg.
      expect(
        (
          await run('SELECT count(*) FILTER (WHERE internal) FROM legs', {
            scope: { parties: [party], portfolio: true },
          })
        ).rows,
      ).toEqual([[0]]);
      await expect(run('SELECT internal FROM legs')).rejects.toThrow(/internal/);
      expect(await count({ scope: { parties: ['nobody::1220aa'], portfolio: false } })).toBe(0);
      expect(await count()).toBe(all);
      // Another snapshot (a sync made a new version): its legs, then the first's again.
      expect(await count({ snapshot: other })).toBe(3);
      expect(await count()).toBe(all);
      // An export between queries has a sandbox of its own (the kept one closed first), and the next
      // query opens a new one.
      const target = join(folder, 'kept-export.csv');
      const exported = await processes.run<{ rows: number }>({
        snapshot,
        budgets: EXPORT_BUDGETS,
        task: { kind: 'export', sql: 'SELECT update_id FROM legs', format: 'csv', target },
      });
      expect(exported.rows).toBe(all);
      expect(await count()).toBe(all);
      // One process answered all of them (the spare it keeps is the one that answered).
      expect(launches).toBe(1);
    } finally {
      await processes.close();
    }
  });
});

describe('the issue’s attacks, through local:sql', () => {
  it.each([
    // 1. CTE names out of scope bind to the catalog.
    'WITH duckdb_settings AS (SELECT * FROM duckdb_settings) SELECT * FROM duckdb_settings',
    'WITH s AS (SELECT * FROM duckdb_tables) SELECT * FROM s',
    'SELECT * FROM (WITH duckdb_views AS (SELECT 1) SELECT * FROM duckdb_views) t, duckdb_views',
    'WITH a AS (SELECT * FROM b), b AS (SELECT * FROM duckdb_sequences) SELECT * FROM a',
    'WITH leg_store AS (SELECT 1) SELECT * FROM leg_store',
    // 2. pg_catalog macros called without a schema.
    "SELECT pg_get_viewdef('legs')",
    "SELECT pg_get_viewdef('leg_rows')",
    "SELECT format_type(1, 1), pg_get_expr('x', 1)",
  ])('%s is refused in words', async (text) => {
    const error = await failure(text);
    expect(error.code).toBe('invalid_argument');
    expect(error.message).not.toMatch(/\/|\\/);
  });

  it('answers a recursive CTE and CTEs that use earlier ones, as before', async () => {
    const answer = await sql(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5), m AS (SELECT sum(i) AS s FROM n) SELECT s FROM m',
    );
    expect(answer.ok && (answer.value as SqlResult).rows).toEqual([['15']]); // a HUGEINT sum: exact text
  });
});

describe('cancel', () => {
  it('is honoured wherever it arrives, and the next query answers', async () => {
    const endless = 'SELECT count(*) FROM range(1000000000000) a, legs b';
    const processes = (await services.local.ledger()).sql;
    // At each point of the pipeline, on its own signal, several times: as the request is sent
    // (before anything), while the snapshot is read, when the job reaches the process (the guard),
    // and once the guard passed and DuckDB runs the query.
    const points = ['sent', 'snapshot', 'posted', 'started'] as const;
    try {
      for (const point of [...points, ...points, ...points]) {
        const id = requestId();
        let sent = 0;
        const cancel = () => {
          sent = performance.now();
          void services.dispatch('app:cancel', [id]);
        };
        processes.onPhase = (phase) => {
          if (phase === point) cancel();
        };
        const running = sql(endless, id);
        if (point === 'sent') cancel();
        const answer = await running;
        expect(answer.ok ? 'answered' : answer.error.code, `cancel at ${point}`).toBe('cancelled');
        expect(sent, `cancel at ${point}`).toBeGreaterThan(0);
        expect(performance.now() - sent, `cancel at ${point}`).toBeLessThan(2_000);
      }
    } finally {
      processes.onPhase = null;
    }
    // Nothing keeps running: at most the spare process, waiting for the next query.
    expect((await sqlProcesses()).length).toBeLessThanOrEqual(1);
    const next = await sql('SELECT count(*) FROM legs');
    expect(next.ok).toBe(true);
  }, 60_000);
});

describe('budgets', () => {
  it('stops an answer larger than the editor shows while fetching, naming the limit', async () => {
    const bytes = await failure("SELECT repeat('x', 100000) AS s FROM range(1000)");
    expect(bytes).toMatchObject({ code: 'invalid_argument', details: { limit: 'result_bytes' } });
    expect(bytes.message).toContain('larger than 16 MiB');
    const cell = await failure("SELECT 1 AS a, repeat('x', 2000000) AS big");
    expect(cell).toMatchObject({ code: 'invalid_argument', details: { limit: 'cell_bytes' } });
    expect(cell.message).toContain('(row 1, big)');
  });

  it("keeps main's memory where it was while huge strings are made", async () => {
    const before = process.memoryUsage.rss();
    const huge = await failure("SELECT repeat('x', 400000000) AS s FROM range(8)");
    expect(['memory', 'cell_bytes']).toContain(huge.details?.limit);
    // The screen's 1,000-row cap of 1 MB cells: DuckDB makes the rows in one chunk of 1 GB, past
    // the process's memory limit before a byte reaches the count (else the answer's byte limit).
    const many = await failure("SELECT repeat('x', 1000000) AS s FROM range(1000)");
    expect(['memory', 'result_bytes']).toContain(many.details?.limit);
    expect(process.memoryUsage.rss() - before).toBeLessThan(100 * 1024 * 1024);
    expect((await sql('SELECT count(*) FROM legs')).ok).toBe(true);
  }, 60_000);

  describe('in the SQL process, with small limits', () => {
    const processes = new SqlProcesses(undefined, 128);
    afterAll(() => processes.close());
    const run = async (text: string, over: Partial<SqlBudgets>) => {
      const snapshot = (await sqlSource(await services.local.reader('sandbox'))).snapshot;
      return processes
        .run({ snapshot, budgets: { ...SCREEN_BUDGETS, ...over }, task: { kind: 'query', sql: text, rowCap: 10 } })
        .then(
          () => ({ code: 'answered', message: '', details: {} as Record<string, unknown> }),
          (e: { code: string; message: string; details?: Record<string, unknown> }) => e,
        );
    };

    it('time: an endless query is stopped at its limit', async () => {
      const started = performance.now();
      const error = await run('SELECT count(*) FROM range(1000000000000) a, legs b', { timeMs: 800 });
      expect(error).toMatchObject({ code: 'timeout', details: { limit: 'time' } });
      expect(error.message).toContain('longer than 0.8 s');
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('temp disk: a sort that spills past its folder’s limit stops in words', async () => {
      const error = await run(
        "SELECT count(*) FROM (SELECT md5(i::VARCHAR) || repeat('y', 200) AS s FROM range(3000000) t(i) ORDER BY s)",
        { duckdbMemoryBytes: 64 * 1024 * 1024, tempBytes: 16 * 1024 * 1024 },
      );
      expect(error).toMatchObject({ code: 'invalid_argument', details: { limit: 'temp_disk' } });
      expect(error.message).toContain('more than 16 MiB of temporary disk space');
    });

    it('memory: a process that grows past its limit is stopped', async () => {
      const error = await run("SELECT length(repeat('x', 900000000)) AS n", { memoryBytes: 300 * 1024 * 1024 });
      expect(error).toMatchObject({ code: 'invalid_argument', details: { limit: 'memory' } });
      expect(error.message).toContain('more than 300 MiB of memory');
    });
  });
});

// Last in this file: it forgets the party every test above reads.
describe('a forget', () => {
  it('leaves no SQL process holding the forgotten legs: the waiting one, with the snapshot open, is replaced', async () => {
    const folderOfSnapshots = snapshotFolder(
      ((await services.local.reader('sandbox')) as unknown as { path: string }).path,
    );
    // The files under the snapshot folder any SQL process of this test process has open.
    const holders = async () => {
      const held: string[] = [];
      for (const pid of await sqlProcesses()) {
        for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [] as string[])) {
          const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
          if (target.startsWith(folderOfSnapshots)) held.push(target);
        }
      }
      return held;
    };
    expect((await sql('SELECT count(*) FROM legs')).ok).toBe(true);
    // The process that answered waits for the next query with the snapshot attached.
    await expect.poll(holders).not.toEqual([]);
    expect((await services.dispatch('local:forget', [{ profileId: 'sandbox', party }])).ok).toBe(true);
    await expect.poll(holders).toEqual([]);
  });
});
