// One hostile query of the 'sql' bench section (sql-budget-bench.ts) in a fresh process: main's
// services with the in-process sandbox sync one party, answer a warm-up query, settle (GC), and then
// run the query through `local:sql` while a worker thread of this process measures what a window
// would see: another channel's round trip (`settings:get`, sent every 10 ms whether or not the last
// one came back, as a renderer's IPC does) and the RSS of this process (the one holding the store)
// and of its child processes (the SQL process of the sandbox design). Prints two JSON lines on
// stdout: {"ready": ...} before the query, then the result.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startAppServices } from '../src-main/services/app-services.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    transfers: { type: 'string' },
    sql: { type: 'string' },
    'row-cap': { type: 'string' },
    'cancel-after-ms': { type: 'string' },
  },
});
const dir = values.dir as string;
const transfers = Number(values.transfers);
const cancelAfterMs = values['cancel-after-ms'] ? Number(values['cancel-after-ms']) : null;
/** How long a cancelled query may take to end before the bench calls the cancel lost. */
const CANCEL_GIVE_UP_MS = 20_000;
/** Pings and samples run at least this long, so that a quick query still gets a p99 of ~100 calls. */
const MIN_WINDOW_MS = 1000;
const AFTER_MS = 5000;
const SETTLE_MIN_MS = 7000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusKb = (field: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
const mb = (kb: number) => kb / 1024;

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

const services = await startAppServices({
  userDataDir: join(dir, 'user-data'),
  version: 'bench',
  transport: 'web',
  keychain: { keytar: async () => Promise.reject(new Error('no keychain in the benchmark')) },
  sandbox: { transfers, evm: false, busyParty: true },
  host: { chooseSavePath: async () => null },
});
const dispatch = (channel: string, args: unknown[]) =>
  services.dispatch(channel as never, args as never) as Promise<Answer>;
const party = services.sandbox?.describe().parties[0];
if (!party) throw new Error('the in-process sandbox did not start');

const syncStarted = performance.now();
const started = await dispatch('local:sync', [
  { profileId: 'sandbox', party, nodeId: null, range: { after: null, before: null } },
]);
if (!started.ok) throw new Error(`local:sync: ${started.error.message}`);
const synced = await services.local.waitForSync((started.value as { jobId: string }).jobId);
if (synced.state !== 'done') throw new Error(`sync ended ${synced.state}: ${synced.error?.message ?? ''}`);
const syncMs = performance.now() - syncStarted;

// The first query of a session may set things up (a snapshot, a SQL process): not the query measured.
const warm = await dispatch('local:sql', [
  { requestId: 'bench-sql-warm-up', profileId: 'sandbox', sql: 'SELECT count(*) FROM legs', rowCap: 1 },
]);
if (!warm.ok) throw new Error(`warm-up query: ${warm.error.message}`);

// The measuring thread: pings main every 10 ms (open loop) and samples /proc every 20 ms.
const probe = new Worker(
  `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, readdirSync, statfsSync } = require('node:fs');
const { pid, dir } = workerData;
const kb = (p, field) => {
  try {
    const m = readFileSync('/proc/' + p + '/status', 'utf8').match(new RegExp(field + ':\\\\s+(\\\\d+)'));
    return m ? Number(m[1]) : 0;
  } catch { return 0; }
};
const children = (p) => {
  const out = [];
  let tasks = [];
  try { tasks = readdirSync('/proc/' + p + '/task'); } catch { return out; }
  for (const t of tasks) {
    try {
      for (const c of readFileSync('/proc/' + p + '/task/' + t + '/children', 'utf8').trim().split(/\\s+/)) if (c) out.push(Number(c));
    } catch {}
  }
  return out;
};
const descendants = () => {
  const all = [];
  const stack = children(pid);
  while (stack.length) { const c = stack.pop(); all.push(c); stack.push(...children(c)); }
  return all;
};
const free = () => { const s = statfsSync(dir); return s.bavail * s.bsize; };
const snapshot = () => { const kids = descendants(); return { mainKb: kb(pid, 'VmRSS'), children: kids.length, childKb: kids.reduce((sum, c) => sum + kb(c, 'VmRSS'), 0), free: free() }; };
let sent = new Map(), latencies = [], next = 0, pinger = null, sampler = null, s = null;
parentPort.on('message', (m) => {
  if (m.pong !== undefined) {
    const t = sent.get(m.pong);
    if (t !== undefined) { latencies.push(performance.now() - t); sent.delete(m.pong); }
  } else if (m.cmd === 'snapshot') {
    parentPort.postMessage({ snapshot: snapshot() });
  } else if (m.cmd === 'start') {
    sent = new Map(); latencies = []; const first = snapshot();
    s = { mainMaxKb: first.mainKb, childPeakKb: first.childKb, childMax: first.children, freeAtStart: first.free, minFree: first.free };
    pinger = setInterval(() => { const id = next++; sent.set(id, performance.now()); parentPort.postMessage({ ping: id }); }, 10);
    sampler = setInterval(() => {
      const now = snapshot();
      s.mainMaxKb = Math.max(s.mainMaxKb, now.mainKb);
      s.childPeakKb = Math.max(s.childPeakKb, now.childKb);
      s.childMax = Math.max(s.childMax, now.children);
      s.minFree = Math.min(s.minFree, now.free);
    }, 20);
  } else if (m.cmd === 'stop') {
    clearInterval(pinger); clearInterval(sampler);
    const until = performance.now() + 15000;
    const done = () => {
      if (sent.size && performance.now() < until) return setTimeout(done, 5);
      parentPort.postMessage({ report: { ...s, latencies, unanswered: sent.size } });
    };
    done();
  }
});
`,
  { eval: true, workerData: { pid: process.pid, dir } },
);
probe.unref();
type Snapshot = { mainKb: number; children: number; childKb: number; free: number };
interface ProbeReport {
  mainMaxKb: number;
  childPeakKb: number;
  childMax: number;
  freeAtStart: number;
  minFree: number;
  latencies: number[];
  unanswered: number;
}
let waiting: ((value: unknown) => void) | null = null;
probe.on('message', (m) => {
  if (m.ping !== undefined) {
    void dispatch('settings:get', []).then(() => probe.postMessage({ pong: m.ping }));
  } else if (m.snapshot || m.report) {
    waiting?.(m.snapshot ?? m.report);
    waiting = null;
  }
});
probe.on('error', (error) => {
  console.error(`probe thread: ${error.message}`);
  process.exit(1);
});
const ask = <T>(cmd: 'snapshot' | 'stop'): Promise<T> => {
  const answer = new Promise<T>((resolve) => {
    waiting = resolve as (value: unknown) => void;
  });
  probe.postMessage({ cmd });
  return answer;
};

// Baseline: settled after the sync and the warm-up, V8's garbage collected. RSS falls by ~60 MB about
// 5-6 s after a sync here (idle HTTP keep-alive sockets closing, among others), GC or not: wait for
// that, then for three readings a second apart within 4 MB of each other.
const settleStarted = performance.now();
const readings: number[] = [];
for (;;) {
  gc();
  await sleep(1000);
  readings.push(statusKb('VmRSS'));
  const last = readings.slice(-3);
  const settled = last.length === 3 && Math.max(...last) - Math.min(...last) <= 4096;
  if ((settled && performance.now() - settleStarted >= SETTLE_MIN_MS) || performance.now() - settleStarted > 15_000)
    break;
}
const baseline = await ask<Snapshot>('snapshot');
const baselineRssKb = statusKb('VmRSS');
// Linux: writing 5 resets this process's VmHWM, so that VmHWM after the query is the query's peak.
let hwmReset = false;
try {
  writeFileSync('/proc/self/clear_refs', '5');
  hwmReset = statusKb('VmHWM') <= statusKb('VmRSS') + 4096;
} catch {}
process.stdout.write(`${JSON.stringify({ ready: { baselineRssMb: mb(baselineRssKb) } })}\n`);

const requestId = 'bench-sql-query';
probe.postMessage({ cmd: 'start' });
const t0 = performance.now();
let settledAt: number | null = null;
const running = dispatch('local:sql', [
  { requestId, profileId: 'sandbox', sql: values.sql, rowCap: Number(values['row-cap']) },
]).then((answer) => {
  settledAt = performance.now();
  return answer;
});
let cancel: { sentAfterMs: number; accepted: boolean | null; toEndMs: number | null } | null = null;
let answer: Answer | null;
if (cancelAfterMs === null) {
  answer = await running;
} else {
  answer = await Promise.race([running, sleep(cancelAfterMs).then(() => null)]);
  if (answer === null) {
    const cancelledAt = performance.now();
    const sent = await dispatch('app:cancel', [requestId]);
    cancel = { sentAfterMs: cancelledAt - t0, accepted: sent.ok ? sent.value === true : null, toEndMs: null };
    answer = await Promise.race([running, sleep(CANCEL_GIVE_UP_MS).then(() => null)]);
    if (answer !== null) cancel.toEndMs = (settledAt ?? performance.now()) - cancelledAt;
  }
}
const endedAt = performance.now();
const elapsedMs = (settledAt ?? endedAt) - t0;
if (endedAt - t0 < MIN_WINDOW_MS) await sleep(MIN_WINDOW_MS - (endedAt - t0));
const peakSelfKb = hwmReset ? statusKb('VmHWM') : 0;
const report = await ask<ProbeReport>('stop');
const outcome =
  answer === null
    ? { kind: 'not ended' as const }
    : answer.ok
      ? (({ rows, truncated }) => ({ kind: 'answered' as const, rows: rows.length, truncated }))(
          answer.value as { rows: unknown[]; truncated: boolean },
        )
      : { kind: 'error' as const, code: answer.error.code, message: answer.error.message };
answer = null; // main keeps nothing of the answer: what stays is what the services keep

await sleep(Math.max(0, endedAt + AFTER_MS - performance.now()));
const after = await ask<Snapshot>('snapshot');
const afterRssKb = statusKb('VmRSS');
gc();
await sleep(200);
const afterGcRssKb = statusKb('VmRSS');

process.stdout.write(
  `${JSON.stringify({
    legs: synced.legs,
    syncMs,
    baselineRssMb: mb(baselineRssKb),
    baselineChildren: baseline.children,
    baselineChildMb: mb(baseline.childKb),
    peakRssMb: mb(Math.max(peakSelfKb, report.mainMaxKb)),
    peakExact: hwmReset,
    childPeakMb: mb(report.childPeakKb),
    childMax: report.childMax,
    diskUsedMb: Math.max(0, report.freeAtStart - report.minFree) / 2 ** 20,
    afterRssMb: mb(afterRssKb),
    afterGcRssMb: mb(afterGcRssKb),
    afterChildMb: mb(after.childKb),
    latencies: report.latencies,
    unanswered: report.unanswered,
    elapsedMs,
    cancel,
    outcome,
  })}\n`,
);
// A query that did not end keeps DuckDB's threads busy: leave without waiting for it.
if (outcome.kind === 'not ended') process.exit(0);
await Promise.race([services.close(), sleep(10_000)]);
process.exit(0);
