// Export of ~1,000,000 legs to CSV: legs/s and the exporter's peak RSS, plus the ratio against a
// shell loop of curl + jq over the same pages (measured on the first pages, A B A B alternating).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figure, median, ROOT, startReady, stop } from './bench-kit.ts';

export async function exportBench(options: { transfers?: number; comparePages?: number } = {}): Promise<Figure[]> {
  const transfers = options.transfers ?? 5_000_000;
  const comparePages = options.comparePages ?? 40;
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
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
    const party = info.parties[0];
    const firstUrl = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?pageSize=1000`;
    const exporter = (maxPages?: number) => {
      const run = spawnSync(
        process.execPath,
        [
          join(ROOT, 'bench/export-worker.ts'),
          '--base',
          info.baseUrl,
          '--jwt',
          info.tokens.readAll,
          '--party',
          party,
          '--out',
          join(dir, `app-${Date.now()}.csv`),
          ...(maxPages ? ['--max-pages', String(maxPages)] : []),
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (run.status !== 0) throw new Error(`export worker failed: ${run.stderr}`);
      return JSON.parse(run.stdout) as {
        legs: number;
        elapsedMs: number;
        legsPerSecond: number;
        peakRssMb: number;
        state: string;
      };
    };
    const hasJq = spawnSync('sh', ['-c', 'command -v jq && command -v curl']).status === 0;
    const shellLoop = () => {
      const out = join(dir, `shell-${Date.now()}.csv`);
      const started = performance.now();
      const run = spawnSync(
        join(ROOT, 'bench/curl-jq-export.sh'),
        [firstUrl, info.tokens.readAll, out, String(comparePages)],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`curl + jq loop failed: ${run.stderr}`);
      const lines = Number(spawnSync('wc', ['-l', out], { encoding: 'utf8' }).stdout.trim().split(' ')[0]) - 1;
      return lines / ((performance.now() - started) / 1000);
    };

    const full = exporter();
    // Growth: the same export cut at 10 and 100 pages. Linear growth keeps legs/s level.
    const small = [10, 100].map((pages) => exporter(pages));
    const ratios: number[] = [];
    const appRates: number[] = [];
    const shellRates: number[] = [];
    if (hasJq) {
      for (let round = 0; round < 2; round++) {
        const a = exporter(comparePages).legsPerSecond;
        const b = shellLoop();
        appRates.push(a);
        shellRates.push(b);
        ratios.push(a / b);
      }
    }
    const fileMb =
      statSync(
        join(
          dir,
          spawnSync('ls', [dir], { encoding: 'utf8' })
            .stdout.split('\n')
            .find((f) => f.startsWith('app-')) as string,
        ),
      ).size / 1e6;
    return [
      {
        figure: `export ${full.legs.toLocaleString('en')} legs to CSV (${fileMb.toFixed(0)} MB): legs/s`,
        median: full.legsPerSecond.toLocaleString('en'),
        range: `${(full.elapsedMs / 1000).toFixed(1)} s total`,
        target: '>= 50,000',
        pass: full.legsPerSecond >= 50_000,
      },
      {
        figure: 'exporter peak RSS',
        median: `${full.peakRssMb.toFixed(0)} MB`,
        range: '-',
        target: '<= 300 MB',
        pass: full.peakRssMb <= 300,
      },
      ...small.map((run) => {
        const level = full.legsPerSecond / run.legsPerSecond;
        return {
          figure: `growth: legs/s at all legs vs at ${run.legs.toLocaleString('en')} legs`,
          median: `${level.toFixed(2)}x`,
          range: `${run.legsPerSecond.toLocaleString('en')} legs/s at ${run.legs.toLocaleString('en')}`,
          target: '>= 0.8x (linear)',
          pass: level >= 0.8,
        };
      }),
      hasJq
        ? {
            figure: `export vs curl + jq loop, first ${comparePages} pages (x faster)`,
            median: `${median(ratios).toFixed(1)}x`,
            range: `${Math.min(...ratios).toFixed(1)}-${Math.max(...ratios).toFixed(1)}x (${Math.round(median(appRates)).toLocaleString('en')} vs ${Math.round(median(shellRates)).toLocaleString('en')} legs/s)`,
            target: '>= 5x',
            pass: median(ratios) >= 5,
          }
        : {
            figure: 'export vs curl + jq loop',
            median: 'not run',
            range: 'jq or curl missing',
            target: '>= 5x',
            pass: null,
          },
    ];
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
