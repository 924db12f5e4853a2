// Main's services in their own process (as Electron's main runs them, no sandbox inside), syncing
// one party from a separately running sandbox into the local store, then timing the questions
// answered from it. Prints one JSON line. Its peak RSS after the sync is main's during the sync.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startAppServices } from '../src-main/services/app-services.ts';
import { openTransferSource } from '../src-main/services/ledger/transfer-fetch.ts';
import { syncFilters } from '../src-main/services/local-ledger/sync/sync-run.ts';
import { fetchFloor, syncTuning } from '../src-main/services/local-ledger/sync/sync-windows.ts';
import { failed } from './bench-kit.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    translate: { type: 'string' },
    partner: { type: 'string' },
    rpc: { type: 'string' },
    jwt: { type: 'string' },
    party: { type: 'string' },
    dir: { type: 'string' },
    runs: { type: 'string' },
    rounds: { type: 'string' },
    chains: { type: 'string' },
  },
});
if (values.chains) syncTuning.chains = Number(values.chains);
const dir = values.dir as string;
const party = values.party as string;
const runs = Number(values.runs ?? 20);
let saveAs = '';
const services = await startAppServices({
  userDataDir: join(dir, 'user-data'),
  version: 'bench',
  transport: 'web',
  keychain: { keytar: async () => Promise.reject(new Error('no keychain in the benchmark')) },
  sandbox: false,
  host: { chooseSavePath: async () => saveAs },
});

type Answer = { ok: true; value: any } | { ok: false; error: { message: string } };
const call = async (channel: string, args: unknown[]): Promise<any> => {
  const answer = (await services.dispatch(channel as never, args as never)) as Answer;
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.value;
};
const timed = async (n: number, once: (k: number) => Promise<unknown>): Promise<number[]> => {
  await once(-1); // warm-up, untimed
  const times: number[] = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    await once(k);
    times.push(performance.now() - t0);
  }
  return times;
};
/** A figure that depends on a part not built yet: its error instead of a number. */
const attempt = async <T>(fn: () => Promise<T>): Promise<T | { error: string }> => {
  try {
    return await fn();
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const { profile } = await call('settings:saveProfile', [
  {
    name: 'bench',
    baseUrl: values.base,
    translateUrl: values.translate,
    partnerUrl: values.partner,
    rpcUrl: values.rpc,
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  },
]);
await call('secrets:set', [profile.id, 'ledgerJwt', values.jwt]);
const profileId: string = profile.id;

/**
 * Main's event-loop lag while `work` runs (perf_hooks, sampled every 10 ms): how late a timer, and
 * so any other channel's answer, would be. p99 and max in ms.
 */
const lagDuring = async <T>(work: () => Promise<T>): Promise<{ value: T; lag: { p99Ms: number; maxMs: number } }> => {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const value = await work();
    return { value, lag: { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 } };
  } finally {
    histogram.disable();
  }
};

/**
 * Where the process's memory is at its fullest while `work` runs (sampled every 50 ms): RSS split
 * into V8's heap, memory outside it that V8 knows of (Buffers, ArrayBuffers) and the rest, which
 * is native memory no JavaScript counter sees (DuckDB's buffer pool, appender and WAL, the code).
 */
const memoryAtPeak = async <T>(work: () => Promise<T>): Promise<{ value: T; peak: MemoryBreakdown }> => {
  const toMb = (n: number) => Math.round(n / 2 ** 20);
  let peak = process.memoryUsage();
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 50);
  try {
    const value = await work();
    return {
      value,
      peak: {
        rssMb: toMb(peak.rss),
        v8HeapMb: toMb(peak.heapTotal),
        v8HeapUsedMb: toMb(peak.heapUsed),
        externalMb: toMb(peak.external),
        nativeMb: toMb(peak.rss - peak.heapTotal - peak.external),
      },
    };
  } finally {
    clearInterval(timer);
  }
};
interface MemoryBreakdown {
  rssMb: number;
  v8HeapMb: number;
  v8HeapUsedMb: number;
  externalMb: number;
  nativeMb: number;
}

/**
 * The sync's floor: the same pages, fetched and parsed by the same TransferSource with the same
 * window plan and chains, nothing stored (sync-windows.ts, fetchFloor). Timed on this process's clock.
 */
const floorOnce = async () => {
  const source = await openTransferSource(services.context, profileId);
  const t0 = performance.now();
  const got = await fetchFloor(
    source,
    syncFilters(party, null, { after: null, before: null }),
    new AbortController().signal,
  );
  return { ...got, ms: performance.now() - t0 };
};
// Floor, sync, floor: the sync is paired with the floor on both sides of it (the sandbox warms up).
const floorBefore = await floorOnce();

// The sync, timed from the job's start to its end as main reports them.
const {
  value: { value: synced, lag: syncLag },
  peak: syncMemory,
} = await memoryAtPeak(() =>
  lagDuring(async () => {
    const started = await call('local:sync', [
      { profileId, party, nodeId: null, range: { after: null, before: null } },
    ]);
    return services.local.waitForSync(started.jobId);
  }),
);
// DuckDB's own account of its memory by tag (buffer pool) right after the sync, in MB.
const duckdbMemory = await attempt(async () => {
  const store = await services.local.reader(profileId);
  const reader = await store.read((c) =>
    c.runAndReadAll(
      'SELECT tag, round(memory_usage_bytes / 2 ** 20) FROM duckdb_memory() WHERE memory_usage_bytes > 0 ORDER BY 2 DESC',
    ),
  );
  return Object.fromEntries(reader.getRows().map(([tag, mb]) => [tag as string, Number(mb)]));
});
if (synced.state !== 'done') throw new Error(`sync ended ${synced.state}: ${synced.error?.message ?? ''}`);
const syncMs = Date.parse(synced.finishedAt as string) - Date.parse(synced.startedAt);
const syncPeakRssMb = process.resourceUsage().maxRSS / 1024;
const floorAfter = await floorOnce();
// BENCH_SYNC_ONLY (bench/sync-floor-bench.ts): the sync and its floor alone, for a quick look.
if (process.env.BENCH_SYNC_ONLY) {
  process.stdout.write(
    `${JSON.stringify({ legs: synced.legs, pages: synced.pages, syncMs, syncPeakRssMb, syncMemory, syncLag, floor: [floorBefore, floorAfter], duckdbMemory })}\n`,
  );
  await services.close();
  process.exit(0);
}

const storePath = services.local.storePath(profileId);
const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const storeBytes = sizeOf(storePath) + sizeOf(`${storePath}.wal`);

// The counterparty ranking over the history's last year (it ends 2026-11-01).
const year = { after: '2025-11-01T00:00:00Z', before: '2026-11-01T00:00:00Z' };
const counterparties = await attempt(() =>
  timed(runs, () => call('local:counterparties', [{ profileId, party, range: year, instruments: null }])),
);

// Flows by month over the whole history (local:flows).
const flows = await attempt(() =>
  timed(runs, () =>
    call('local:flows', [
      { profileId, party, range: { after: null, before: null }, instruments: null, bucket: 'month' },
    ]),
  ),
);

// A filter change on the local table: the first window of rows for the new filters, through main's handler.
const noFilters = {
  instruments: null,
  range: { after: null, before: null },
  direction: null,
  statuses: null,
  counterparty: null,
  amountMin: null,
  amountMax: null,
  search: null,
};
const variants = [
  { ...noFilters, direction: 'in' },
  { ...noFilters, direction: 'out' },
  { ...noFilters, range: year },
  { ...noFilters, statuses: ['pending'] },
];
const legsRoundTrip = await attempt(() =>
  timed(runs, (k) =>
    call('local:legs', [
      {
        requestId: `bench-legs-${k + 1}`,
        profileId,
        party,
        filters: variants[(k + 4) % variants.length],
        sort: { column: 'effectiveAt', desc: true },
        offset: 0,
        limit: 100,
      },
    ]),
  ),
);

// Exports of every leg of the party, from the store, each paired with DuckDB's own COPY of the same
// rows and columns (the engine's speed on this machine, in this run): A B A B, EXPORT_ROUNDS rounds.
const EXPORT_ROUNDS = Number(values.rounds ?? 3);
mkdirSync(join(dir, 'exports'), { recursive: true });
const exportOnce = async (format: 'csv' | 'parquet', round: number) => {
  saveAs = join(dir, 'exports', `all-${round}.${format}`);
  const t0 = performance.now();
  const result = await call('local:export', [
    {
      profileId,
      source: { kind: 'legs', party, filters: noFilters, sort: { column: 'effectiveAt', desc: true } },
      format,
    },
  ]);
  return { ...result, wallMs: performance.now() - t0 };
};
// The engine: the same rows and columns (the store's own Parquet export, written untimed first),
// copied by DuckDB itself in a process of its own (bench/duckdb-copy-worker.ts).
const engineSource = await attempt(async () => {
  await exportOnce('parquet', -1);
  return join(dir, 'exports', 'all--1.parquet');
});
const engineCopy = async (format: 'csv' | 'parquet', round: number) => {
  if (failed(engineSource)) throw new Error(engineSource.error);
  const target = join(dir, 'exports', `engine-${round}.${format}`);
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('./duckdb-copy-worker.ts', import.meta.url)), engineSource, target, format],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`DuckDB's own COPY failed: ${run.stderr.slice(-500)}`);
  return JSON.parse(run.stdout) as { rows: number; bytes: number; wallMs: number };
};
const paired = (format: 'csv' | 'parquet') =>
  attempt(async () => {
    const app: Array<Awaited<ReturnType<typeof exportOnce>>> = [];
    const own: Array<Awaited<ReturnType<typeof engineCopy>>> = [];
    for (let round = 0; round < EXPORT_ROUNDS; round++) {
      app.push(await exportOnce(format, round));
      own.push(await engineCopy(format, round));
      // 1M legs of CSV is about 460 MB a file: only the last round's files stay (their sizes are read).
      if (round < EXPORT_ROUNDS - 1) {
        rmSync(join(dir, 'exports', `all-${round}.${format}`), { force: true });
        rmSync(join(dir, 'exports', `engine-${round}.${format}`), { force: true });
      }
    }
    return { app, engine: own };
  });
const parquet = await paired('parquet');
const csv = await paired('csv');

// Main's lag during a heavy export (CSV of every leg, sorted) and a long query (in the SQL process).
const exportLag = await attempt(async () => (await lagDuring(() => exportOnce('csv', 99))).lag);
rmSync(join(dir, 'exports', 'all-99.csv'), { force: true });
const queryLag = await attempt(
  async () =>
    (
      await lagDuring(() =>
        call('local:sql', [
          {
            requestId: 'bench-long-query',
            profileId,
            sql: 'SELECT count(*) FROM (SELECT update_id FROM legs LIMIT 4000) a, (SELECT update_id FROM legs LIMIT 4000) b WHERE hash(a.update_id || b.update_id) % 7 = 0',
            rowCap: 10,
          },
        ]),
      )
    ).lag,
);

// The browser part (local-ledger-bench.ts) opens a web shell on this folder: on this profile.
await call('settings:setActiveProfile', [profileId]);
process.stdout.write(
  `${JSON.stringify({
    profileId,
    legs: synced.legs,
    pages: synced.pages,
    syncMs,
    syncPeakRssMb,
    syncMemory,
    chains: syncTuning.chains,
    floor: [floorBefore, floorAfter],
    duckdbMemory,
    storeBytes,
    syncLag,
    exportLag,
    queryLag,
    counterparties,
    flows,
    legsRoundTrip,
    parquet,
    csv,
    finalPeakRssMb: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
await services.close();
