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
    [
      '--transfers',
      String(options.transfers ?? 600_000),
      '--temp-user-data',
      '--keychain-service',
      'ledger-explorer-bench',
      '--print-credentials',
    ],
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

    // Real wheel input over the table (as a user scrolls: Chromium scrolls on input, the virtualizer
    // swaps rows), recording every frame's interval and the rows in the DOM. 100 px is one wheel
    // notch in Chromium on Linux and Windows. Three passes, plus a stress pass at 700 px per event
    // (about a screenful: every row replaced each step, like dragging the scrollbar).
    const scroller = page.locator('.legs-scroll');
    await scroller.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const box = await scroller.boundingBox();
    if (!box) throw new Error('the table is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const wheelPass = async (delta: number, events: number) => {
      await page.evaluate(() => {
        const w = window as unknown as { __bench: { frames: number[]; maxRows: number; run: boolean } };
        w.__bench = { frames: [], maxRows: 0, run: true };
        let last = performance.now();
        const tick = (now: number) => {
          w.__bench.frames.push(now - last);
          last = now;
          w.__bench.maxRows = Math.max(w.__bench.maxRows, document.querySelectorAll('tr.leg-row').length);
          if (w.__bench.run) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const before = await scroller.evaluate((el) => el.scrollTop);
      for (let i = 0; i < events; i++) await page.mouse.wheel(0, delta);
      const result = await page.evaluate(() => {
        const w = window as unknown as { __bench: { frames: number[]; maxRows: number; run: boolean } };
        w.__bench.run = false;
        return { frames: w.__bench.frames.slice(1), maxRows: w.__bench.maxRows };
      });
      const scrolled = (await scroller.evaluate((el) => el.scrollTop)) - before;
      if (scrolled < delta * events * 0.9) throw new Error(`the wheel scrolled only ${scrolled}px`);
      return result;
    };
    const passes: Array<{ frames: number[]; maxRows: number }> = [];
    for (let pass = 0; pass < 3; pass++) passes.push(await wheelPass(100, 200));
    const stress = await wheelPass(700, 100);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const p95s = passes.map((p) => percentile(p.frames, 95));
    const rows = Math.max(stress.maxRows, ...passes.map((p) => p.maxRows));
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
        figure: 'wheel scrolling the loaded legs (100 px notches): p95 frame',
        median: `${median(p95s).toFixed(1)} ms`,
        range: `${Math.min(...p95s).toFixed(1)}-${Math.max(...p95s).toFixed(1)} ms (3 passes)`,
        target: '<= 20 ms',
        pass: median(p95s) <= 20,
      },
      {
        figure: 'stress: 700 px per wheel event (every row replaced): p95 frame',
        median: `${percentile(stress.frames, 95).toFixed(1)} ms`,
        range: `p50 ${percentile(stress.frames, 50).toFixed(1)} ms`,
        target: '-',
        pass: null,
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
