// 100,000+ legs loaded in Chromium with "Load all": scrolling frame times (p95), rows in the DOM,
// and the renderer's JS heap. Drives the real UI through the test bridge.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type Figure, median, percentile, startReady, stop } from './bench-kit.ts';
import { CHROMIUM_ARGS } from './page-stack-bench.ts';

export async function scrollBench(options: { transfers?: number } = {}): Promise<Figure[]> {
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'));
  const { child, info } = await startReady(
    'src-main/web-shell/cli.ts',
    ['--transfers', String(options.transfers ?? 600_000), '--keychain-service', 'ledger-explorer-bench'],
    { HOME: home, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(info.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    const party: string = info.sandbox.parties[0];
    await page.getByLabel('Party id').fill(party);
    await page.getByRole('button', { name: 'Show transfers' }).click();
    await page
      .getByTestId('page-status')
      .filter({ hasText: /^Page 1/ })
      .waitFor();
    const loadStarted = performance.now();
    await page.getByRole('button', { name: 'Load all' }).click();
    await page
      .getByTestId('load-all-status')
      .filter({ hasText: /all loaded/ })
      .waitFor({ timeout: 300_000 });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const loaded = Number((await page.getByTestId('row-count').innerText()).replace(/[^\d]/g, ''));

    // Scroll by a screenful-ish step every frame and record frame intervals; three passes.
    const passes: Array<{ frames: number[]; maxRows: number }> = [];
    for (let pass = 0; pass < 3; pass++) {
      passes.push(
        await page.locator('.legs-scroll').evaluate(
          async (el, start) => {
            el.scrollTop = start;
            const frames: number[] = [];
            let maxRows = 0;
            let last = await new Promise<number>((r) => requestAnimationFrame(r));
            for (let i = 0; i < 240; i++) {
              el.scrollTop += 700;
              const now = await new Promise<number>((r) => requestAnimationFrame(r));
              frames.push(now - last);
              last = now;
              maxRows = Math.max(maxRows, el.querySelectorAll('tr.leg-row').length);
            }
            return { frames, maxRows };
          },
          pass * 240 * 700,
        ),
      );
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const p95s = passes.map((p) => percentile(p.frames, 95));
    const rows = Math.max(...passes.map((p) => p.maxRows));
    const heapMb = heap.usedSize / 2 ** 20;
    return [
      {
        figure: `Load all: ${loaded.toLocaleString('en')} legs into the table`,
        median: `${loadSeconds.toFixed(1)} s`,
        range: 'one load',
        target: '-',
        pass: loaded >= 100_000 ? null : false,
      },
      {
        figure: 'scrolling the loaded legs: p95 frame time',
        median: `${median(p95s).toFixed(1)} ms`,
        range: `${Math.min(...p95s).toFixed(1)}-${Math.max(...p95s).toFixed(1)} ms (3 passes)`,
        target: '<= 20 ms',
        pass: median(p95s) <= 20,
      },
      {
        figure: 'rows in the DOM while scrolling (max)',
        median: String(rows),
        range: '-',
        target: '<= 150',
        pass: rows <= 150,
      },
      {
        figure: 'renderer JS heap with the legs loaded',
        median: `${heapMb.toFixed(0)} MB`,
        range: '-',
        target: '<= 250 MB',
        pass: heapMb <= 250,
      },
    ];
  } finally {
    await browser.close();
    await stop(child);
  }
}
