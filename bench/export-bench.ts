// Export of ~1,000,000 legs to CSV, in one run: the exporter's legs/s (median of several runs) and
// peak RSS; the floor (the same pages' bodies already in memory, parsed and written as CSV by one
// process, no HTTP) and the export's share of it; a shell loop of curl + jq over the same pages and
// the ratio (A B A B alternating); and how legs/s holds up as the export grows.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { transfersUrl } from '../src-main/services/ledger/ledger-client.ts';
import { sandboxArgs } from './bench-args.ts';
import { type Figure, median, ROOT, startReady, stop } from './bench-kit.ts';

interface ExportRun {
  legs: number;
  bytes: number;
  elapsedMs: number;
  legsPerSecond: number;
  peakRssMb: number;
  state: string;
}

export async function exportBench(
  options: { transfers?: number; runs?: number; comparePages?: number } = {},
): Promise<Figure[]> {
  const transfers = options.transfers ?? 5_000_000;
  const runs = options.runs ?? 3;
  // 100 pages: long enough that start-up (first connections, the probe) is not most of the app's time.
  const comparePages = options.comparePages ?? 100;
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  const loadBefore = loadavg()[0];
  const { child, info } = await startReady('src-sandbox/cli.ts', [
    '--port',
    '0',
    '--seed',
    '42',
    '--transfers',
    String(transfers),
  ]);
  try {
    // The busiest party: an exchange, about a fifth of all legs.
    const party: string = info.parties[0];
    const { args: common, env } = sandboxArgs(info, party);
    let n = 0;
    const exporter = (after?: string): ExportRun & { out: string } => {
      const out = join(dir, `app-${n++}.csv`);
      const run = spawnSync(
        process.execPath,
        [join(ROOT, 'bench/export-worker.ts'), ...common, '--out', out, ...(after ? ['--after', after] : [])],
        { encoding: 'utf8', maxBuffer: 1 << 20, env },
      );
      if (run.status !== 0) throw new Error(`export worker failed: ${run.stderr}`);
      const result = JSON.parse(run.stdout) as ExportRun;
      if (result.state !== 'done') throw new Error(`export ended ${result.state}`);
      return { ...result, out };
    };

    // The whole export, several times; the first file is kept to compare with the floor's.
    const full = Array.from({ length: runs }, () => exporter());
    const hasJq = spawnSync('sh', ['-c', 'command -v jq && command -v curl']).status === 0;
    for (const run of full.slice(1)) rmSync(run.out, { force: true });
    const reference = full[0];

    // The floor, over the same pages (fetched first, untimed), its CSV checked byte for byte.
    const floorOut = join(dir, 'floor.csv');
    const floorRun = spawnSync(
      process.execPath,
      [join(ROOT, 'bench/export-floor-worker.ts'), ...common, '--out', floorOut, '--passes', String(runs)],
      { encoding: 'utf8', maxBuffer: 1 << 20, env },
    );
    if (floorRun.status !== 0) throw new Error(`floor worker failed: ${floorRun.stderr}`);
    const floor = JSON.parse(floorRun.stdout) as {
      legs: number;
      passes: Array<{ legsPerSecond: number }>;
    };
    const sameFile = spawnSync('cmp', ['-s', reference.out, floorOut]).status === 0;
    rmSync(floorOut, { force: true });

    // Where the newest 10,000 legs and the newest `comparePages` pages begin: an effectiveAfter per size.
    const starts = await effectiveAtOfLines(reference.out, [10_000, comparePages * 1000]);
    rmSync(reference.out, { force: true });

    // Growth: the same export cut to its newest 10,000 legs (and, below, the compared pages). Linear growth keeps legs/s level.
    const small = [starts[0]].map((after) => {
      const run = exporter(after);
      rmSync(run.out, { force: true });
      return run;
    });

    // The newest `comparePages` pages through a shell loop of curl + jq, alternating with the exporter.
    const compareAfter = starts[1];
    const compareUrl = transfersUrl(info.baseUrl, {
      party,
      asset: { kind: 'all' },
      effectiveAfter: compareAfter,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 1000,
      nodeId: null,
    }).toString();
    const shellLoop = (url = compareUrl) => {
      const out = join(dir, `shell-${n++}.csv`);
      const started = performance.now();
      const run = spawnSync(join(ROOT, 'bench/curl-jq-export.sh'), [url, out, '100000'], { encoding: 'utf8', env });
      if (run.status !== 0) throw new Error(`curl + jq loop failed: ${run.stderr}`);
      const seconds = (performance.now() - started) / 1000;
      const lines = Number(spawnSync('wc', ['-l', out], { encoding: 'utf8' }).stdout.trim().split(' ')[0]) - 1;
      rmSync(out, { force: true });
      return { legs: lines, legsPerSecond: lines / seconds };
    };
    // The ratio: the same pages as the whole export (every page of the party), once through
    // the shell loop (about a minute), against the whole export's legs/s above.
    const wholeUrl = transfersUrl(info.baseUrl, {
      party,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 1000,
      nodeId: null,
    }).toString();
    const whole = hasJq ? shellLoop(wholeUrl) : null;
    if (whole && whole.legs !== reference.legs) {
      throw new Error(`curl + jq wrote ${whole.legs} legs, the exporter ${reference.legs}`);
    }
    const ratios: number[] = [];
    const appRates: number[] = [];
    const shellRates: number[] = [];
    let compareLegs = 0;
    if (hasJq) {
      for (let round = 0; round < 2; round++) {
        const a = exporter(compareAfter);
        rmSync(a.out, { force: true });
        const b = shellLoop();
        if (a.legs !== b.legs) throw new Error(`curl + jq wrote ${b.legs} legs, the exporter ${a.legs}`);
        compareLegs = a.legs;
        if (round === 0) small.push(a);
        appRates.push(a.legsPerSecond);
        shellRates.push(b.legsPerSecond);
        ratios.push(a.legsPerSecond / b.legsPerSecond);
      }
    }

    const rates = full.map((r) => r.legsPerSecond);
    const floorRates = floor.passes.map((p) => p.legsPerSecond);
    const rss = full.map((r) => r.peakRssMb);
    const exportRate = median(rates);
    const floorRate = median(floorRates);
    const share = exportRate / floorRate;
    const fmt = (x: number) => Math.round(x).toLocaleString('en');
    const span = (xs: number[]) => `${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))}`;
    return [
      {
        figure: `export ${reference.legs.toLocaleString('en')} legs to CSV (${(reference.bytes / 1e6).toFixed(0)} MB): legs/s, ${runs} runs`,
        median: fmt(exportRate),
        range: span(rates),
        target: '>= 200,000',
        pass: exportRate >= 200_000,
      },
      {
        figure: 'exporter peak RSS',
        median: `${median(rss).toFixed(0)} MB`,
        range: `${Math.min(...rss).toFixed(0)}-${Math.max(...rss).toFixed(0)} MB`,
        target: '<= 300 MB',
        pass: Math.max(...rss) <= 300,
      },
      {
        figure: `floor: the same pages in memory, parse + CSV write, no HTTP (legs/s, ${runs} passes)`,
        median: fmt(floorRate),
        range: `${span(floorRates)}${sameFile ? ', same bytes' : ', FILE DIFFERS'}`,
        target: '-',
        pass: sameFile ? null : false,
      },
      {
        figure: 'export share of the floor (export legs/s / floor legs/s)',
        median: `${(share * 100).toFixed(0)}%`,
        range: `${((Math.min(...rates) / Math.max(...floorRates)) * 100).toFixed(0)}-${((Math.max(...rates) / Math.min(...floorRates)) * 100).toFixed(0)}%`,
        target: '>= 50%',
        pass: share >= 0.5,
      },
      ...small.map((run) => {
        const level = exportRate / run.legsPerSecond;
        return {
          figure: `growth: legs/s at all legs vs at the newest ${run.legs.toLocaleString('en')} legs`,
          median: `${level.toFixed(2)}x`,
          range: `${fmt(run.legsPerSecond)} legs/s at ${run.legs.toLocaleString('en')}`,
          target: '>= 0.8x (linear)',
          pass: level >= 0.8,
        };
      }),
      whole
        ? {
            figure: `export vs curl + jq loop, the same ${reference.legs.toLocaleString('en')} legs, every page (x faster)`,
            median: `${(exportRate / whole.legsPerSecond).toFixed(1)}x`,
            range: `${(Math.min(...rates) / whole.legsPerSecond).toFixed(1)}-${(Math.max(...rates) / whole.legsPerSecond).toFixed(1)}x (${fmt(exportRate)} vs ${fmt(whole.legsPerSecond)} legs/s)`,
            target: '>= 10x',
            pass: exportRate / whole.legsPerSecond >= 10,
          }
        : {
            figure: 'export vs curl + jq loop, every page',
            median: 'not run',
            range: 'jq or curl missing',
            target: '>= 10x',
            pass: null,
          },
      hasJq
        ? {
            // A smaller export starts up in proportion more (first connections, the probe): shown, not a target.
            figure: `... the same on the newest ${compareLegs.toLocaleString('en')} legs only, paired rounds (x faster)`,
            median: `${median(ratios).toFixed(1)}x`,
            range: `${Math.min(...ratios).toFixed(1)}-${Math.max(...ratios).toFixed(1)}x (${fmt(median(appRates))} vs ${fmt(median(shellRates))} legs/s)`,
            target: '-',
            pass: null,
          }
        : {
            figure: 'export vs curl + jq loop',
            median: 'not run',
            range: 'jq or curl missing',
            target: '>= 10x',
            pass: null,
          },
      {
        figure: 'machine load (1-min load average, before / after this section)',
        median: `${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)}`,
        range: '-',
        target: '-',
        pass: null,
      },
    ];
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The effectiveAt of the given data lines (1-based, header excluded) of an export CSV. */
async function effectiveAtOfLines(path: string, lines: number[]): Promise<string[]> {
  const wanted = new Map(lines.map((line, i) => [line, i]));
  const found: string[] = new Array(lines.length);
  const last = Math.max(...lines);
  let n = -1;
  const reader = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of reader) {
    n++;
    const at = wanted.get(n);
    if (at !== undefined) found[at] = line.split(',')[1];
    if (n >= last) break;
  }
  reader.close();
  if (found.some((x) => !x) || statSync(path).size === 0) throw new Error('the export has fewer legs than the cuts');
  return found;
}
