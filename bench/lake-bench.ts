// A team's lake at scale (issue 29, `npm run bench -- scale`): the sandbox's parties with about
// 10 million legs between them, written by the real CLI (`lake sync`: the store sync, then the
// lake), then read by main's services with the lake open, then verified by the CLI.
// Figures: lake sync rate against the rate of the same parties synced into a store alone; size on disk against the store;
// a counterparty ranking over every party in the app (<= 1 s); a one-party window of the table,
// read through partition pruning (<= 100 ms); `lake verify` legs/s.
// The sandbox's party count is fixed (the issue's shape is 100 parties x 100k legs): the legs are
// spread over its parties instead. Direct: node bench/lake-bench.ts [--transfers N] [--runs R]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ALL_LEGS } from '../src-shared/contract/local-ledger.ts';
import { type Figure, median, printTable, ROOT, startBenchProfile, startReady, stop } from './bench-kit.ts';

/** 5M transfers: 10M legs (each transfer is a leg of its sender and one of its receiver). */
export const LAKE_TRANSFERS = 5_000_000;

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(0)} ms`;

function cli(args: string[], userDataDir: string | null, jwt: string): { summary: any; stderr: string } {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'src-main/cli/cli.ts'), ...args, ...(userDataDir ? ['--user-data-dir', userDataDir] : [])],
    {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      env: { ...process.env, LEDGER_EXPLORER_LEDGER_JWT: jwt, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
    },
  );
  if (run.status !== 0)
    throw new Error(`cli ${args.slice(0, 2).join(' ')} exited ${run.status}: ${run.stderr.slice(-1500)}`);
  return { summary: JSON.parse(run.stdout.trim().split('\n').at(-1) as string), stderr: run.stderr };
}

export async function lakeBench(options: { transfers?: number; runs?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? LAKE_TRANSFERS;
  const runs = options.runs ?? 10;
  const dir = mkdtempSync(join(tmpdir(), 'lake-bench-'));
  const lake = join(dir, 'lake');
  const { child, info } = await startReady('src-sandbox/cli.ts', [
    '--port',
    '0',
    '--seed',
    '42',
    '--transfers',
    String(transfers),
  ]);
  const app = await startBenchProfile(info, { userDataDir: join(dir, 'user-data') });
  try {
    const parties = info.parties as string[];
    const jwt = info.tokens.readAll as string;
    // Arm A, the single-store sync rate: the same parties synced into the profile's store alone
    // (main's services in this process: the CLI's code path), then forgotten.
    const a0 = performance.now();
    const syncing = await app.call<{ jobId: string }>('local:syncAll', {
      profileId: app.profileId,
      parties,
      nodeId: null,
      range: { after: null, before: null },
    });
    const allDone = await (await app.services.local.ledger()).syncAll.wait(syncing.jobId);
    const storeSeconds = (performance.now() - a0) / 1000;
    if (allDone.failed !== 0) throw new Error(`store sync: ${allDone.failed} parties failed`);
    const storeRate = allDone.legs / storeSeconds;
    await app.call('local:forget', { profileId: app.profileId, party: null });
    // Arm B, the CLI on the app's folder (its profile), as a scheduler runs it: the store sync with
    // each party's months written to the lake as soon as it is synced.
    const written = cli(
      ['lake', 'sync', '--profile', app.profileId, '--parties', parties.join(','), '--lake', lake],
      join(dir, 'user-data'),
      jwt,
    ).summary;
    if (written.failed !== 0) throw new Error(`lake sync: ${written.failed} parties failed`);
    const legs = written.lakeLegs as number;
    const lakeRate = written.legsFetched / written.seconds;
    const tail = written.seconds - written.syncSeconds;
    const storeBytes = statSync(join(dir, 'user-data', 'local-ledger', `${app.profileId}.duckdb`)).size;

    await app.call('local:openLake', { profileId: app.profileId, folder: lake });
    // The first read (the views read the legs while the lake reader sums its months in the background),
    // then the time until the months are summed.
    const open0 = performance.now();
    await app.call('local:counterparties', {
      profileId: app.profileId,
      party: parties[0],
      scope: { kind: 'all' },
      range: { after: null, before: null },
      instruments: null,
    });
    const firstRead = performance.now() - open0;
    const reader = (await (await app.services.local.ledger()).reader(app.profileId)) as {
      monthsReady?: () => Promise<boolean>;
    };
    const summed = await reader.monthsReady?.();
    const monthsReady = performance.now() - open0;
    const timed = async (once: () => Promise<unknown>) => {
      await once();
      const times: number[] = [];
      for (let k = 0; k < runs; k++) {
        const t0 = performance.now();
        await once();
        times.push(performance.now() - t0);
      }
      return times;
    };
    const all = await timed(() =>
      app.call('local:counterparties', {
        profileId: app.profileId,
        party: parties[0],
        scope: { kind: 'all' },
        range: { after: null, before: null },
        instruments: null,
      }),
    );
    let n = 0;
    const one = await timed(() =>
      app.call('local:legs', {
        requestId: `lake-bench-${n++}`,
        profileId: app.profileId,
        party: parties[1],
        filters: ALL_LEGS,
        sort: { column: 'effectiveAt', desc: true },
        offset: 0,
        limit: 100,
      }),
    );
    const oneRanking = await timed(() =>
      app.call('local:counterparties', {
        profileId: app.profileId,
        party: parties[1],
        range: { after: null, before: null },
        instruments: null,
      }),
    );
    const verified = cli(['lake', 'verify', '--lake', lake], null, jwt).summary;
    if (verified.problems !== 0) throw new Error(`lake verify found ${verified.problems} differences`);
    const again = cli(
      ['lake', 'sync', '--profile', app.profileId, '--parties', parties.join(','), '--lake', lake],
      join(dir, 'user-data'),
      jwt,
    ).summary;

    const range = (t: number[]) => `${ms(Math.min(...t))}-${ms(Math.max(...t))}`;
    return [
      {
        figure: `lake sync of ${parties.length} parties, ${fmt(legs)} legs: legs/s`,
        median: fmt(lakeRate),
        range: `${written.seconds.toFixed(0)} s (its sync ${written.syncSeconds.toFixed(0)} s, lake after it ${tail.toFixed(0)} s); store alone ${storeSeconds.toFixed(0)} s`,
        target: `>= ${fmt(storeRate)} (store alone)`,
        pass: lakeRate >= storeRate,
      },
      {
        figure: 'lake sync again, nothing new: seconds',
        median: `${again.seconds.toFixed(1)} s`,
        range: `${again.monthsWritten} months written, ${again.monthsUnchanged} unchanged`,
        target: 'report',
        pass: null,
      },
      {
        figure: `size on disk: lake (${written.monthsWritten} partitions) against the store`,
        median: `${(written.lakeBytes / 1e6).toFixed(0)} MB`,
        range: `store ${(storeBytes / 1e6).toFixed(0)} MB (${(written.lakeBytes / storeBytes).toFixed(2)}x)`,
        target: 'report',
        pass: null,
      },
      {
        figure: `counterparty ranking over all ${parties.length} parties, in the app`,
        median: ms(median(all)),
        range: range(all),
        target: '<= 1000 ms',
        pass: median(all) <= 1000,
      },
      {
        figure: 'the first read after the lake opens (the ranking over the legs), and its months summed',
        median: ms(firstRead),
        range: `months summed ${summed ? `after ${(monthsReady / 1000).toFixed(1)} s` : 'never (the reader keeps none)'}`,
        target: 'report',
        pass: null,
      },
      {
        figure: 'one party: the table window (100 newest legs), partitions pruned',
        median: ms(median(one)),
        range: range(one),
        target: '<= 100 ms',
        pass: median(one) <= 100,
      },
      {
        figure: 'one party: its counterparty ranking, partitions pruned',
        median: ms(median(oneRanking)),
        range: range(oneRanking),
        target: '<= 100 ms',
        pass: median(oneRanking) <= 100,
      },
      {
        figure: 'lake verify: legs/s',
        median: fmt(verified.legsPerSecond),
        range: `${verified.seconds.toFixed(0)} s for ${verified.partitions} partitions`,
        target: 'report',
        pass: null,
      },
    ];
  } finally {
    await app.services.close();
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { transfers: { type: 'string' }, runs: { type: 'string' } } });
  const figures = await lakeBench({
    transfers: values.transfers ? Number(values.transfers) : undefined,
    runs: values.runs ? Number(values.runs) : undefined,
  });
  printTable('team lake', figures);
  if (figures.some((f) => f.pass === false)) process.exitCode = 1;
}
