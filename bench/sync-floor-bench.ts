// The sync against its fetch+parse floor alone (bench/local-ledger-worker.ts with BENCH_SYNC_ONLY):
// a sandbox of N legs of one party, the floor, the sync, the floor again, in one worker process.
// `node bench/sync-floor-bench.ts [legs=300000] [runs=1]` (BENCH_SYNC_CHAINS sets the chains;
// BENCH_PAIR_LEG_DAYS=1: each run a pair, the sync with its aggregates and without, issue 39;
// BENCH_WORKER_ARGS, node options for the worker, main, alone: `--cpu-prof --cpu-prof-dir=/tmp/p`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxArgs } from './bench-args.ts';
import { median, ROOT, startReady, stop, syncCpuCeiling } from './bench-kit.ts';

const transfers = Number(process.argv[2] ?? 300_000);
const runs = Number(process.argv[3] ?? 1);
const { child, info } = await startReady('src-sandbox/cli.ts', [
  ...['--port', '0', '--seed', '42', '--transfers', String(transfers), '--busy-party'],
]);
const shares: number[] = [];
/** Sync time with the aggregates over without them, one pair per run (BENCH_PAIR_LEG_DAYS). */
const paired: number[] = [];

/** One worker: floor, sync, floor; `noLegDays`: the sync leaves the aggregates as they were. */
function worker(noLegDays: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'sync-floor-bench-'));
  try {
    const run = spawnSync(
      process.execPath,
      [
        // BENCH_WORKER_ARGS: node options for main's process alone (e.g. --cpu-prof --cpu-prof-dir=DIR).
        '--expose-gc',
        ...(process.env.BENCH_WORKER_ARGS ? process.env.BENCH_WORKER_ARGS.split(' ') : []),
        join(ROOT, 'bench/local-ledger-worker.ts'),
        ...sandboxArgs(info, info.parties[0]).args,
        ...['--dir', dir],
        ...['--sandbox-pid', String(child.pid)],
        ...(process.env.BENCH_SYNC_CHAINS ? ['--chains', process.env.BENCH_SYNC_CHAINS] : []),
      ],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
        env: {
          ...sandboxArgs(info, info.parties[0]).env,
          BENCH_SYNC_ONLY: '1',
          ...(noLegDays ? { BENCH_NO_LEG_DAYS: '1' } : {}),
        },
      },
    );
    if (run.status !== 0) throw new Error(`worker failed: ${run.stderr.slice(-2000)}`);
    return JSON.parse(run.stdout.trim().split('\n').pop() as string);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  for (let k = 0; k < runs; k++) {
    // BENCH_PAIR_LEG_DAYS: each run is a pair, with and without the aggregates, in turns first.
    const pair = process.env.BENCH_PAIR_LEG_DAYS === '1';
    const order = pair ? (k % 2 === 0 ? [false, true] : [true, false]) : [false];
    const results = order.map((noLegDays) => ({ noLegDays, r: worker(noLegDays) }));
    if (pair) {
      const ms = (without: boolean) => results.find((x) => x.noLegDays === without)?.r.syncMs as number;
      paired.push(ms(true) / ms(false));
      console.log(JSON.stringify({ pair: k, syncMsWith: Math.round(ms(false)), syncMsWithout: Math.round(ms(true)) }));
    }
    for (const { noLegDays, r } of results) {
      const floorMs = median(r.floor.map((f: { ms: number }) => f.ms));
      const share = floorMs / r.syncMs;
      if (!noLegDays) shares.push(share);
      console.log(
        JSON.stringify({
          aggregates: !noLegDays,
          legs: r.legs,
          syncMs: r.syncMs,
          syncLegsPerS: Math.round(r.legs / (r.syncMs / 1000)),
          floorMs: r.floor.map((f: { ms: number }) => Math.round(f.ms)),
          floorLegsPerS: Math.round(r.legs / (floorMs / 1000)),
          share: `${Math.round(share * 100)}%`,
          peakRssMb: { main: r.syncMemory.main.peakMb, engine: r.syncMemory.engine?.peakMb ?? null },
          syncMemory: r.syncMemory,
          lag: r.syncLag,
          mainGc: r.syncCpu.mainGc,
          cpu: syncCpuCeiling(r.legs, r.syncCpu, r.floor, r.storeFloor),
        }),
      );
    }
  }
  console.log(`sync share of the fetch+parse floor, median of ${runs}: ${Math.round(median(shares) * 100)}%`);
  if (paired.length > 0) {
    console.log(
      `sync with the aggregates vs without (speed, paired), median of ${paired.length}: ${Math.round(median(paired) * 100)}% (target >= 90%)`,
    );
  }
} finally {
  await stop(child);
}
