// The ledger engine across its process boundary (docs/architecture.md, "The ledger engine"): the
// app's services as the web shell starts them (the local ledger in a real engine child, Node's fork
// of engine-main.ts), the in-process sandbox network over real HTTP, real DuckDB files. A sync, the
// views and SQL work through the engine; the engine SIGKILLed mid-sync, mid-export and mid-query
// makes main's calls fail at once with a clear message, the next call starts a new engine, the
// store is intact and a sync resumes; no export is left behind half-written; a crash loop stops
// restarting. Main itself never loads DuckDB, and the engine's code reaches no HTTP or credentials.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppServices, startAppServices } from '../../../../../src-main/services/app-services.ts';
import { CRASH_LIMIT, forkEngine } from '../../../../../src-main/services/local-ledger/engine/engine-client.ts';
import { forkSqlChild } from '../../../../../src-main/services/local-ledger/sql/sql-process.ts';
import type {
  LocalPartyStatus,
  LocalStoreInfo,
  SqlResult,
  SyncStatus,
} from '../../../../../src-shared/contract/local-ledger.ts';
import type { SyncAllStatus } from '../../../../../src-shared/contract/sync-all.ts';
import { projectPath, readSource, resolveSpecifier } from '../../../../architecture/import-rules.ts';
import { legsOverHttp } from '../../../../fixtures/local-ledger.ts';

const root = resolve(import.meta.dirname, '../../../../..');
let services: AppServices;
let folder: string;
let exportDir: string;
let party: string;
let serviceLegCount: number;
const finished: Array<{ kind: string; state: string }> = [];
let nextSavePath: string | null = null;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ledger-engine-'));
  exportDir = join(folder, 'exports');
  await mkdir(exportDir);
  services = await startAppServices({
    userDataDir: folder,
    version: 'test',
    transport: 'web',
    keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
    // busyParty: parties[0] is in every transfer (20 pages of 1000 legs); faults: a slow ledger on demand.
    sandbox: { transfers: 20_000, evm: false, busyParty: true, faults: true },
    host: {
      chooseSavePath: async () => nextSavePath,
      taskFinished: (task) => finished.push(task),
    },
    // Killed three times on purpose below: the crash-loop rule has its own test.
    localLedger: { engine: forkEngine, engineRestarts: { limit: 10, windowMs: 60_000 } },
  });
  party = services.sandbox?.describe().parties[0] as string;
  serviceLegCount = (await legsOverHttp(services, party)).length;
}, 120_000);
afterAll(async () => {
  await services?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const engine = () => {
  const client = services.local.engine;
  if (!client) throw new Error('the services run no engine');
  return client;
};

async function dispatch(channel: string, ...args: unknown[]) {
  return services.dispatch(channel, args);
}
async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  return callOn<T>(services, channel, ...args);
}
async function callOn<T>(app: AppServices, channel: string, ...args: unknown[]): Promise<T> {
  const answer = await app.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const startSync = () =>
  call<SyncStatus>('local:sync', { profileId: 'sandbox', party, nodeId: null, range: { after: null, before: null } });
const status = () => call<LocalPartyStatus>('local:status', 'sandbox', party);
const sqlQuery = (sql: string) => ({
  requestId: `req-${randomBytes(6).toString('hex')}`,
  profileId: 'sandbox',
  sql,
  rowCap: 100,
});

/** Waits for the job's end as the screen sees it: through syncStatus. */
async function syncEnd(jobId: string): Promise<SyncStatus> {
  let last: SyncStatus | null = null;
  await vi.waitFor(
    async () => {
      last = await call<SyncStatus>('local:syncStatus', jobId);
      expect(['done', 'failed', 'cancelled']).toContain(last.state);
    },
    { timeout: 60_000, interval: 100 },
  );
  return last as unknown as SyncStatus;
}

/** Every request to the sandbox's ledger answers `ms` later, until disarmed (null). */
async function slowLedger(ms: number | null): Promise<void> {
  const url = services.sandbox?.describe().faultsUrl as string;
  const answer =
    ms === null
      ? await fetch(`${url}?interface=ledger`, { method: 'DELETE' })
      : await fetch(url, { method: 'POST', body: JSON.stringify({ interface: 'ledger', fault: `latency=${ms}` }) });
  expect(answer.ok).toBe(true);
}

/** The processes the engine started (its SQL processes), from /proc. */
function childrenOf(pid: number): number[] {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

/** SIGKILLs the running engine and waits until main has seen it go. */
async function killEngine(): Promise<number> {
  const pid = engine().pid as number;
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGKILL');
  await vi.waitFor(() => expect(engine().pid).not.toBe(pid), { timeout: 10_000, interval: 20 });
  return pid;
}

describe('the ledger engine', () => {
  it('syncs, reads and queries through the engine, and main never loads DuckDB', async () => {
    const job = await startSync();
    expect(job.state).toBe('running');
    const done = await syncEnd(job.jobId);
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    expect((await status()).legs).toBe(serviceLegCount);
    expect(finished).toContainEqual(expect.objectContaining({ kind: 'sync', state: 'done' }));

    const legs = await call<{ total: number; legs: unknown[] }>('local:legs', {
      requestId: `req-${randomBytes(6).toString('hex')}`,
      profileId: 'sandbox',
      party,
      filters: {
        instruments: null,
        range: { after: null, before: null },
        direction: null,
        statuses: null,
        counterparty: null,
        amountMin: null,
        amountMax: null,
        search: null,
      },
      sort: { column: 'effectiveAt', desc: true },
      offset: 0,
      limit: 50,
    });
    expect(legs.total).toBe(serviceLegCount);
    expect(legs.legs).toHaveLength(50);
    const counted = await call<SqlResult>('local:sql', sqlQuery('SELECT count(*) AS n FROM legs'));
    expect(Number(counted.rows[0][0])).toBe(serviceLegCount);

    // The engine is another process, and this one has no DuckDB library mapped.
    expect(engine().pid).not.toBe(process.pid);
    const maps = readFileSync('/proc/self/maps', 'utf8');
    expect(maps).not.toMatch(/duckdb/i);
    const engineMaps = readFileSync(`/proc/${engine().pid}/maps`, 'utf8');
    expect(engineMaps).toMatch(/duckdb/i);
    // ...and none of main's environment: only Node's own channel variables (and TZ, if set) and glibc's
    // allocator settings (ENGINE_ALLOCATOR_ENV), which hold no secret.
    const environment = readFileSync(`/proc/${engine().pid}/environ`, 'utf8').split('\0').filter(Boolean);
    expect(
      environment.filter((v) => !/^(TZ|NODE_CHANNEL_FD|NODE_CHANNEL_SERIALIZATION_MODE|MALLOC_[A-Z_]+)=/.test(v)),
    ).toEqual([]);
    expect(environment).toContain('MALLOC_ARENA_MAX=2');
  }, 120_000);

  it('killed mid-sync: main answers at once, the next call starts a new engine, and the sync resumes where the store stopped', async () => {
    await call('local:forget', { profileId: 'sandbox', party });
    expect((await status()).legs).toBe(0);
    await slowLedger(150);
    try {
      const job = await startSync();
      await vi.waitFor(
        async () => expect((await call<SyncStatus>('local:syncStatus', job.jobId)).pages).toBeGreaterThanOrEqual(3),
        { timeout: 60_000, interval: 50 },
      );
      const killed = await killEngine();
      expect(alive(killed)).toBe(false);
      // The job died with its engine: the new one says so in words.
      const gone = await dispatch('local:syncStatus', job.jobId);
      expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
      // The store opens and reads: what the pages wrote so far is there, resumable.
      const after = await status();
      expect(after.legs).toBeLessThan(serviceLegCount);
      expect(after.resumable).toBe(true);
    } finally {
      await slowLedger(null);
    }
    const resumed = await startSync();
    const done = await syncEnd(resumed.jobId);
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    expect(done.resumed).toBe(true);
    // Every leg once: no page lost or stored twice across the kill.
    expect((await status()).legs).toBe(serviceLegCount);
    const distinct = await call<SqlResult>(
      'local:sql',
      sqlQuery(
        'SELECT count(*) - count(DISTINCT (update_id, sender_party, receiver_party, amount, instrument_id)) FROM legs',
      ),
    );
    expect(Number(distinct.rows[0][0])).toBe(0);
  }, 180_000);

  it('killed mid-export: the call fails at once with the reason, and no file is left, whole or partial', async () => {
    const target = join(exportDir, 'big.csv');
    nextSavePath = target;
    const partialSeen = new Promise<void>((resolvePartial) => {
      const watcher = watch(exportDir, (_event, name) => {
        if (name?.includes('.partial-')) {
          watcher.close();
          resolvePartial();
        }
      });
    });
    const exporting = dispatch('local:export', {
      profileId: 'sandbox',
      // Long enough to be killed in the middle: every leg 200 times.
      source: { kind: 'sql', sql: 'SELECT l.*, r.range AS copy FROM legs l, range(200) r' },
      format: 'csv',
    });
    await partialSeen;
    await killEngine();
    const answer = await exporting;
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'local_store',
        message: expect.stringMatching(
          /engine stopped unexpectedly \(signal SIGKILL\); it restarts on your next action/,
        ),
      },
    });
    nextSavePath = null;
    // The next call works on a new engine; the SQL process that wrote goes with the old one, and main removes what it left.
    expect((await status()).legs).toBe(serviceLegCount);
    await vi.waitFor(async () => expect(await readdir(exportDir)).toEqual([]), { timeout: 10_000, interval: 50 });
  }, 120_000);

  it('killed mid-query: the call fails at once, the query process goes too, and the next query runs', async () => {
    const querying = dispatch(
      'local:sql',
      sqlQuery('SELECT count(*) FROM legs a, legs b, legs c WHERE a.amount < b.amount AND b.amount < c.amount'),
    );
    // The query is running once the engine has its SQL process at work.
    let sqlPid = 0;
    const pid = engine().pid as number;
    await vi.waitFor(
      () => {
        const children = childrenOf(pid).filter(
          (child) => Number(readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1].split(' ')[11]) > 50,
        );
        expect(children.length).toBeGreaterThan(0);
        sqlPid = children[0];
      },
      { timeout: 30_000, interval: 20 },
    );
    await killEngine();
    const answer = await querying;
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'local_store', message: expect.stringMatching(/engine stopped unexpectedly/) },
    });
    await vi.waitFor(() => expect(alive(sqlPid)).toBe(false), { timeout: 10_000, interval: 50 });
    const counted = await call<SqlResult>('local:sql', sqlQuery('SELECT count(*) FROM legs'));
    expect(Number(counted.rows[0][0])).toBe(serviceLegCount);
  }, 120_000);
});

describe('a crash loop', () => {
  it(`stops restarting after ${CRASH_LIMIT} crashes within a minute, and says so`, async () => {
    const home = await mkdtemp(join(tmpdir(), 'ledger-engine-loop-'));
    const app = await startAppServices({
      userDataDir: home,
      version: 'test',
      transport: 'web',
      keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
      sandbox: false,
      host: { chooseSavePath: async () => null },
      localLedger: { engine: forkEngine },
    });
    try {
      const client = app.local.engine;
      if (!client) throw new Error('the services run no engine');
      for (let n = 1; n <= CRASH_LIMIT; n++) {
        expect(await app.dispatch('local:stores', [])).toEqual({ ok: true, value: [] });
        const pid = client.pid as number;
        process.kill(pid, 'SIGKILL');
        await vi.waitFor(() => expect(client.pid).toBeNull(), { timeout: 10_000, interval: 20 });
      }
      const answer = await app.dispatch('local:stores', []);
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'local_store',
          message: expect.stringMatching(
            /stopped 3 times within a minute \(last: signal SIGKILL\); it is not restarted/,
          ),
        },
      });
      expect(client.pid).toBeNull();
    } finally {
      await app.close();
      await rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the desktop app's way", () => {
  it('a host that starts the SQL processes itself (utilityProcess) has them relayed to the engine: a query answers, a cancel stops it; sync-all asks main for the parties', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ledger-engine-relay-'));
    const started: number[] = [];
    /** The SQL processes that began a query (their 'started' message, as main relays it). */
    const running: number[] = [];
    const app = await startAppServices({
      userDataDir: home,
      version: 'test',
      transport: 'electron',
      keychain: { service: `ledger-explorer-test-${randomBytes(4).toString('hex')}` },
      sandbox: { transfers: 600, evm: false },
      // As the desktop app does: main starts each SQL process (here with Node's fork, there utilityProcess).
      host: {
        chooseSavePath: async () => null,
        startSqlProcess: (options) => {
          const child = forkSqlChild(options);
          started.push(child.pid as number);
          child.onMessage((message) => {
            if (message.type === 'started') running.push(child.pid as number);
          });
          return child;
        },
      },
      localLedger: { engine: forkEngine },
    });
    try {
      // "Sync all my parties": the engine asks main which parties the JWT reads, then syncs each.
      const all = await callOn<SyncAllStatus>(app, 'local:syncAll', {
        profileId: 'sandbox',
        parties: 'all-readable',
        nodeId: null,
        range: { after: null, before: null },
      });
      const done = await vi.waitFor(
        async () => {
          const now = await callOn<SyncAllStatus>(app, 'local:syncAllStatus', all.jobId);
          expect(now.state).toBe('done');
          return now;
        },
        { timeout: 60_000, interval: 50 },
      );
      expect(done.source).toBe('sandbox');
      expect(done.total).toBe(app.sandbox?.describe().parties.length);
      expect(done.failed).toBe(0);
      const own = app.sandbox?.describe().parties[1] as string;
      const legs = (await callOn<LocalPartyStatus>(app, 'local:status', 'sandbox', own)).legs;
      expect(legs).toBe((await legsOverHttp(app, own)).length);
      const [store] = await callOn<LocalStoreInfo[]>(app, 'local:stores');
      expect(store.parties).toHaveLength(done.total);
      const counted = await callOn<SqlResult>(app, 'local:sql', sqlQuery('SELECT count(*) FROM legs'));
      expect(Number(counted.rows[0][0])).toBe(store.parties.reduce((sum, p) => sum + p.legs, 0));
      // Started by main, not by the engine: the SQL process is main's child.
      expect(started.length).toBeGreaterThan(0);
      expect(childrenOf(process.pid)).toContain(started[0]);

      const slow = sqlQuery('SELECT count(*) FROM range(1000000000000) t(x) WHERE x % 7 = 3');
      const answer = app.dispatch('local:sql', [slow]);
      await vi.waitFor(() => expect(running).toHaveLength(2), { timeout: 30_000, interval: 20 });
      expect(await app.dispatch('app:cancel', [slow.requestId])).toEqual({ ok: true, value: true });
      expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      // The process the query ran in is stopped through the relay.
      await vi.waitFor(() => expect(alive(running[1])).toBe(false), { timeout: 10_000, interval: 20 });
    } finally {
      await app.close();
      await rm(home, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('what the engine and main load', () => {
  /** Every file reached from `entry` through imports of the given kinds. */
  function closure(entry: string, follow: (kind: string) => boolean): Set<string> {
    const seen = new Set<string>([entry]);
    const queue = [entry];
    const exists = (path: string) => existsSync(resolve(root, path)) && statSync(resolve(root, path)).isFile();
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (!/\.(ts|tsx)$/.test(file)) continue;
      const { imports } = readSource(readFileSync(resolve(root, file), 'utf8'), file);
      for (const edge of imports) {
        const { specifier, kind } = typeof edge === 'string' ? { specifier: edge, kind: 'static' } : edge;
        if (!follow(kind)) continue;
        const target = resolveSpecifier(file, specifier, exists) ?? specifier;
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    return seen;
  }

  it('the engine reaches nothing under http/, credentials/, nor the ledger client, through any import', () => {
    const reached = [...closure('src-main/services/local-ledger/engine/engine-main.ts', (kind) => kind !== 'type')];
    expect(reached).toContain('src-main/services/local-ledger/sync/sync-run.ts');
    expect(reached).toContain('src-main/services/ledger/transfer-page.ts');
    expect(
      reached.filter((f) =>
        /^src-main\/services\/(http|credentials)\/|ledger-client\.ts$|transfer-fetch\.ts$|^electron$/.test(f),
      ),
    ).toEqual([]);
  });

  it('main loads DuckDB through no static import (the app path: the shells)', () => {
    for (const entry of ['src-main/web-shell/cli.ts', 'src-main/shell/main.ts']) {
      const reached = [...closure(entry, (kind) => kind === 'static')];
      expect(reached).toContain('src-main/services/local-ledger/engine/engine-client.ts');
      expect(
        reached.filter((f) => f.startsWith('@duckdb/')),
        entry,
      ).toEqual([]);
    }
    expect(projectPath(root, resolve(root, 'src-main'))).toBe('src-main');
  });
});
