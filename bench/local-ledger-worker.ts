// Main's services in their own process (as Electron's main runs them, no sandbox inside) with the
// local ledger in the ledger engine, as the app runs it (engine/engine-client.ts, forkEngine): main
// fetches, the engine parses and stores. Syncs one party from a separately running sandbox, then times
// the questions answered from the store. Prints one JSON line. Memory of each process is read from
// /proc/<pid>/status (VmRSS sampled, VmHWM reset before each phase), the engine's split by the probe
// preloaded into it (bench/engine-probe.ts).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { forkEngine } from '../src-main/services/local-ledger/engine/engine-client.ts';
import { DUCKDB_OPTIONS } from '../src-main/services/local-ledger/store/ledger-store.ts';
import { syncTuning } from '../src-main/services/local-ledger/sync/sync-windows.ts';
import { SANDBOX_ARG_OPTIONS, sandboxArgs, sandboxFromArgs } from './bench-args.ts';
import { failed, startBenchProfile } from './bench-kit.ts';

const { values } = parseArgs({
  options: {
    ...SANDBOX_ARG_OPTIONS,
    dir: { type: 'string' },
    runs: { type: 'string' },
    rounds: { type: 'string' },
    chains: { type: 'string' },
    'sandbox-pid': { type: 'string' },
  },
});
// The floor's chains here, the sync's in the engine (the probe sets them there): paired.
if (values.chains) syncTuning.chains = Number(values.chains);
const dir = values.dir as string;
const { sandbox, party } = sandboxFromArgs(values);
const runs = Number(values.runs ?? 20);
let saveAs = '';

/** What the probe in the engine told, newest last (bench/engine-probe.ts). */
interface ProbeMemory {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
const probe = { memory: [] as ProbeMemory[], duckdb: [] as Array<{ at: number; byTag: Record<string, number> }> };
/** The app's engine (forkEngine) with the probe preloaded; its messages are taken off before the client's. */
const benchEngine = () => {
  const child = forkEngine({
    execArgv: [
      '--import',
      fileURLToPath(new URL('./engine-probe.ts', import.meta.url)),
      // BENCH_ENGINE_ARGS: node options for the engine alone (e.g. --max-semi-space-size=4), a lever to measure.
      ...(process.env.BENCH_ENGINE_ARGS ? process.env.BENCH_ENGINE_ARGS.split(' ') : []),
    ],
    env: {
      BENCH_SYNC_CHAINS: String(syncTuning.chains),
      // The memory levers, tried without changing the app (bench/engine-probe.ts); MALLOC_ARENA_MAX is glibc's.
      ...Object.fromEntries(
        [
          'BENCH_SYNC_READ_AHEAD',
          'BENCH_NO_LEG_DAYS',
          'BENCH_DUCKDB_MEMORY_LIMIT',
          'BENCH_DUCKDB_THREADS',
          'BENCH_DUCKDB_CHECKPOINT',
          'BENCH_DUCKDB_OPTIONS',
          'BENCH_ENGINE_NICE',
          'MALLOC_ARENA_MAX',
          'MALLOC_MMAP_THRESHOLD_',
          'MALLOC_TRIM_THRESHOLD_',
        ].flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])),
      ),
    },
  });
  return {
    ...child,
    onMessage: (listener: (message: unknown) => void) =>
      child.onMessage((message) => {
        const m = message as { benchProbe?: string; at: number };
        if (m?.benchProbe === 'memory') probe.memory.push(m as unknown as ProbeMemory);
        else if (m?.benchProbe === 'duckdb') probe.duckdb.push(m as never);
        else listener(message);
      }),
  };
};
let syncEnded: (status: { state: string }) => void = () => {};
const { services, profileId } = await startBenchProfile(sandbox, {
  userDataDir: join(dir, 'user-data'),
  localLedger: { engine: benchEngine },
  host: {
    chooseSavePath: async () => saveAs,
    // The engine tells main when a sync ends (engine-client.ts): the signal the bench waits on.
    taskFinished: (task) => {
      if (task.kind === 'sync') syncEnded(task);
    },
  },
});
const engine = services.local.engine;
if (!engine) throw new Error('the local ledger is not in the engine');

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

/**
 * Main's event-loop lag while `work` runs (perf_hooks, sampled every 10 ms): how late a timer, and
 * so any other channel's answer, would be. p99 and max in ms.
 */
const lagDuring = async <T>(
  work: () => Promise<T>,
): Promise<{ value: T; lag: { p99Ms: number; maxMs: number; idleP99Ms: number | null } }> => {
  const idle = await idleLag();
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const value = await work();
    const idleP99Ms = await idle.stop();
    return { value, lag: { p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6, idleP99Ms } };
  } finally {
    histogram.disable();
  }
};

/**
 * The machine's own lag over the same phase: a Node process that does nothing but measure its
 * event loop the same way. What main's p99 has above it is main's; what it shares is the scheduler's
 * (2 cores shared with the engine, the sandbox and whatever else runs).
 */
async function idleLag(): Promise<{ stop: () => Promise<number | null> }> {
  const script = `const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 }); h.enable();
process.stdout.write('ready\\n'); process.stdin.resume(); process.stdin.on('end', () => { h.disable(); process.stdout.write(JSON.stringify({ p99Ms: h.percentile(99) / 1e6 }) + '\\n'); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'ignore'], env: {} });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string | null>((resolve) => lines.once('line', resolve).once('close', () => resolve(null)));
  await next();
  return {
    stop: async () => {
      const answer = next();
      child.stdin.end();
      const line = await answer;
      return line ? (JSON.parse(line) as { p99Ms: number }).p99Ms : null;
    },
  };
}

/** A process's memory in MB from /proc/<pid>/status: resident now, its peak (VmHWM), anonymous and file-backed. */
const statusOf = (pid: number | 'self') => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Math.round(Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]) / 1024);
  return { rssMb: mb('VmRSS'), hwmMb: mb('VmHWM'), anonMb: mb('RssAnon'), fileMb: mb('RssFile') };
};
/** Sets the process's VmHWM back to its RSS now (Linux: 5 into /proc/<pid>/clear_refs), so a phase has its own peak. */
const resetPeak = (pid: number | 'self') => writeFileSync(`/proc/${pid}/clear_refs`, '5');
/** A process's CPU time so far (user + system, every thread) in ms, from /proc/<pid>/stat (ticks of 10 ms: Linux's USER_HZ, 100, as `getconf CLK_TCK` says here). */
const cpuMsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/**
 * Main's garbage collections over a phase (perf_hooks 'gc' entries): full (mark-compact) ones and
 * young-generation ones, with their pause time. Main's full collections during a sync are most of
 * its CPU beyond the fetch (docs/performance.md, "The sync's bound").
 */
const watchGc = () => {
  const seen = { full: 0, fullMs: 0, young: 0, youngMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) {
        seen.full++;
        seen.fullMs += entry.duration;
      } else if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) {
        seen.young++;
        seen.youngMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer.disconnect();
    return { ...seen, fullMs: Math.round(seen.fullMs), youngMs: Math.round(seen.youngMs) };
  };
};
const sandboxPid = values['sandbox-pid'] ? Number(values['sandbox-pid']) : null;
/**
 * Where a phase's CPU went: main (this process), the engine and the sandbox, in ms. With 2 cores a
 * phase can use at most twice its wall time: what the three need a leg bounds the sync's rate here.
 */
const cpuDuring = () => {
  const main0 = process.cpuUsage();
  const sandbox0 = sandboxPid === null ? null : cpuMsOf(sandboxPid);
  const t0 = performance.now();
  const gc = watchGc();
  return (enginePid: number | null, engine0 = 0) => {
    const main = process.cpuUsage(main0);
    return {
      mainGc: gc(),
      wallMs: Math.round(performance.now() - t0),
      mainMs: Math.round((main.user + main.system) / 1000),
      engineMs: enginePid === null ? null : cpuMsOf(enginePid) - engine0,
      sandboxMs: sandbox0 === null || sandboxPid === null ? null : cpuMsOf(sandboxPid) - sandbox0,
    };
  };
};

interface MemoryBreakdown {
  rssMb: number;
  v8HeapMb: number;
  v8HeapUsedMb: number;
  externalMb: number;
  nativeMb: number;
}
const toMb = (n: number) => Math.round(n / 2 ** 20);
const split = (m: { rss: number; heapTotal: number; heapUsed: number; external: number }): MemoryBreakdown => ({
  rssMb: toMb(m.rss),
  v8HeapMb: toMb(m.heapTotal),
  v8HeapUsedMb: toMb(m.heapUsed),
  externalMb: toMb(m.external),
  nativeMb: toMb(m.rss - m.heapTotal - m.external),
});

/**
 * Main's and the engine's memory over a phase, sampled every 50 ms: each one's peak (VmHWM, reset at
 * the start), main's split at its fullest (V8 heap / outside it / native), and the engine's at its
 * fullest from the probe (bench/engine-probe.ts) with DuckDB's own account (duckdb_memory()) then
 * and at most. Native is memory no JavaScript counter sees (DuckDB's buffer pool, appender, WAL,
 * allocator slack, the code).
 */
const watchMemory = () => {
  const t0 = Date.now();
  // Main's garbage from before is not the phase's (the worker runs with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  resetPeak('self');
  let enginePid = engine.pid;
  if (enginePid !== null) resetPeak(enginePid);
  let mainPeak = process.memoryUsage();
  let enginePeak: (ReturnType<typeof statusOf> & { at: number }) | null = null;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > mainPeak.rss) mainPeak = now;
    enginePid = engine.pid ?? enginePid;
    if (enginePid === null) return;
    try {
      const e = statusOf(enginePid);
      if (!enginePeak || e.rssMb > enginePeak.rssMb) enginePeak = { ...e, at: Date.now() };
    } catch {
      // The engine ended between two samples.
    }
  }, 50);
  return () => {
    clearInterval(timer);
    const t1 = Date.now();
    const inPhase = <T extends { at: number }>(list: T[]) => list.filter((x) => x.at >= t0 && x.at <= t1);
    const probed = inPhase(probe.memory).reduce<ProbeMemory | null>((a, b) => (a && a.rss >= b.rss ? a : b), null);
    const total = (byTag: Record<string, number>) => toMb(Object.values(byTag).reduce((a, b) => a + b, 0));
    const duckdb = inPhase(probe.duckdb);
    const atPeak = probed ? duckdb.filter((d) => d.at <= probed.at).at(-1) : undefined;
    const most = duckdb.reduce<(typeof duckdb)[number] | null>(
      (a, b) => (a && total(a.byTag) >= total(b.byTag) ? a : b),
      null,
    );
    const main = statusOf('self');
    const engineNow = enginePid === null ? null : statusOf(enginePid);
    return {
      main: { peakMb: main.hwmMb, endMb: main.rssMb, atPeak: split(mainPeak) },
      engine: engineNow && {
        pid: enginePid,
        peakMb: engineNow.hwmMb,
        endMb: engineNow.rssMb,
        /** /proc at its fullest sample: anonymous (heaps) and file-backed (code, mapped files). */
        proc: enginePeak,
        atPeak: probed && split(probed),
        arrayBuffersMb: probed && toMb(probed.arrayBuffers),
        duckdbAtPeak: atPeak ? Object.fromEntries(Object.entries(atPeak.byTag).map(([k, v]) => [k, toMb(v)])) : null,
        duckdbMostMb: most ? total(most.byTag) : null,
      },
    };
  };
};

/**
 * The sync's floor: the same pages, fetched and parsed by the same TransferSource with the same
 * window plan, chains and read-ahead, nothing stored (sync-windows.ts, fetchFloor), in a process of
 * its own (bench/fetch-floor-worker.ts): main's memory is then what the app's main holds. Timed
 * inside that process, around fetchFloor alone.
 */
const floorOnce = async (): Promise<{
  legs: number;
  pages: number;
  windows: number;
  ms: number;
  cpuMs: number;
  sandboxCpuMs: number | null;
}> => {
  const sandbox0 = sandboxPid === null ? null : cpuMsOf(sandboxPid);
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./fetch-floor-worker.ts', import.meta.url)),
      ...sandboxArgs(sandbox, party).args,
      ...[
        '--chains',
        String(syncTuning.chains),
        '--read-ahead',
        process.env.BENCH_SYNC_READ_AHEAD ?? String(syncTuning.readAhead),
      ],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: sandboxArgs(sandbox, party).env },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the floor failed: ${err.slice(-2000)}`);
  const got = JSON.parse(out.trim().split('\n').pop() as string);
  return { ...got, sandboxCpuMs: sandbox0 === null || sandboxPid === null ? null : cpuMsOf(sandboxPid) - sandbox0 };
};
/** Above this many legs the store floor is not measured: its source is held in memory (1 GB; the scale run's 10M). */
const STORE_FLOOR_MAX_LEGS = 2_000_000;
/**
 * The store's floor (bench/store-floor-worker.ts): DuckDB's own CPU to store the legs just synced,
 * with the store's threads and with one, in a process of its own once this one's store is closed.
 */
const storeFloor = async (
  storePath: string,
  legs: number,
): Promise<Array<{ legs: number; threads: number; ms: number; cpuMs: number }>> => {
  const runs: Array<{ legs: number; threads: number; ms: number; cpuMs: number }> = [];
  if (legs > STORE_FLOOR_MAX_LEGS) return runs;
  for (const threads of [DUCKDB_OPTIONS.threads, '1']) {
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./store-floor-worker.ts', import.meta.url)), storePath, threads],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) throw new Error(`the store floor failed: ${run.stderr.slice(-2000)}`);
    runs.push(JSON.parse(run.stdout.trim().split('\n').pop() as string));
  }
  return runs;
};

// Floor, sync, floor: the sync is paired with the floor on both sides of it (the sandbox warms up).
const floorBefore = await floorOnce();

// The sync in the engine, timed from the job's start to its end as the engine reports them; main's
// and the engine's memory over it (the engine starts with the sync's call: its peak is the sync's).
const syncMemoryEnd = watchMemory();
const syncCpuEnd = cpuDuring();
const { value: synced, lag: syncLag } = await lagDuring(async () => {
  const ended = new Promise<unknown>((resolve) => {
    syncEnded = resolve;
  });
  const started = await call('local:sync', [{ profileId, party, nodeId: null, range: { after: null, before: null } }]);
  await ended;
  return call('local:syncStatus', [started.jobId]);
});
const syncMemory = syncMemoryEnd();
// The engine started with the sync's call: its CPU so far is the sync's (and its own start).
const syncCpu = syncCpuEnd(engine.pid);
if (synced.state !== 'done') throw new Error(`sync ended ${synced.state}: ${synced.error?.message ?? ''}`);
const syncMs = Date.parse(synced.finishedAt as string) - Date.parse(synced.startedAt);
const floorAfter = await floorOnce();
// BENCH_SYNC_ONLY (bench/sync-floor-bench.ts): the sync and its floor alone, for a quick look.
if (process.env.BENCH_SYNC_ONLY) {
  const storePath = services.local.storePath(profileId);
  await services.close();
  const floor = [floorBefore, floorAfter];
  process.stdout.write(
    `${JSON.stringify({ legs: synced.legs, pages: synced.pages, syncMs, syncMemory, syncCpu, syncLag, floor, storeFloor: await storeFloor(storePath, synced.legs) })}\n`,
  );
  process.exit(0);
}
// After the sync: the views, exports and queries below.
const afterMemoryEnd = watchMemory();

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

const afterMemory = afterMemoryEnd();

// The browser part (local-ledger-bench.ts) opens a web shell on this folder: on this profile.
await call('settings:setActiveProfile', [profileId]);
await services.close();
const storeFloorRuns = await storeFloor(storePath, synced.legs);
process.stdout.write(
  `${JSON.stringify({
    profileId,
    legs: synced.legs,
    pages: synced.pages,
    syncMs,
    syncMemory,
    syncCpu,
    afterMemory,
    chains: syncTuning.chains,
    floor: [floorBefore, floorAfter],
    storeBytes,
    syncLag,
    exportLag,
    queryLag,
    counterparties,
    flows,
    legsRoundTrip,
    parquet,
    csv,
    storeFloor: storeFloorRuns,
  })}\n`,
);
