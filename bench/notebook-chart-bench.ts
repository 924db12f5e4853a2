// A notebook chart of a 100,000-row result in Chromium: the real ResultChart (React, uPlot, the exact
// model: units at their scale, 100 series folded exactly into 12, stacks summed in BigInt) from the
// result handed over to the chart painted. Median of repeats; the target is 200 ms.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { type Figure, median, ROOT } from './bench-kit.ts';
import { CHROMIUM_ARGS } from './page-stack-bench.ts';

const ROUNDS = 7;
const TARGET_MS = 200;

/** Bundles notebook-chart-page.tsx (and its CSS) into a folder with an index.html. */
async function bundle(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'bench-chart-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: out,
      emptyOutDir: false,
      minify: true,
      lib: {
        entry: join(ROOT, 'bench/notebook-chart-page.tsx'),
        formats: ['iife'],
        name: 'chartBenchPage',
        fileName: () => 'page.js',
        cssFileName: 'page',
      },
    },
  });
  writeFileSync(
    join(out, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" href="page.css"></head><body><div id="chart" style="width:1200px"></div><script src="page.js"></script></body></html>',
  );
  return out;
}

export async function notebookChartBench(): Promise<Figure[]> {
  const folder = await bundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--allow-file-access-from-files'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`file://${join(folder, 'index.html')}`);
    await page.waitForFunction(() => 'chartBench' in window);
    const figures: Figure[] = [];
    for (const [kind, label] of [
      ['stacked', 'stacked bars'],
      ['line', 'lines'],
    ] as const) {
      const times: number[] = [];
      // One warm-up round (the JIT, fonts), then the timed ones.
      for (let i = 0; i <= ROUNDS; i++) {
        const ms = await page.evaluate(
          ([k]) =>
            (
              window as unknown as { chartBench: { run: (d: number, s: number, k: string) => Promise<number> } }
            ).chartBench.run(1000, 100, k),
          [kind],
        );
        if (i > 0) times.push(ms);
      }
      const m = median(times);
      figures.push({
        figure: `100,000-row result (1,000 days × 100 series → 12) charted as ${label} and painted`,
        median: `${m.toFixed(0)} ms`,
        range: `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms`,
        target: `≤ ${TARGET_MS} ms`,
        pass: m <= TARGET_MS,
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./bench-kit.ts');
  printTable('notebook chart in Chromium', await notebookChartBench());
}
