// What a user feels first: (1) a filter change to the first row painted in Chromium, against the
// bare HTTP call for the same page from Node (A B alternating); (7) the renderer's cold load to
// interactive, and the size of its bundle (gzip) with the largest modules.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { type Figure, median, ROOT, startReady, stop } from './bench-kit.ts';
import { CHROMIUM_ARGS } from './page-stack-bench.ts';

const ROUNDS = 20;

export async function firstRowBench(): Promise<Figure[]> {
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'));
  // The app on its default profile: the in-process sandbox network, here with 1M transfers.
  const { child, info } = await startReady(
    'src-main/web-shell/cli.ts',
    [
      '--transfers',
      '1000000',
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
    // Cold load: a fresh page (no cache) to the app shell answering (data-ready), five times.
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(info.url);
      await page.locator('.app[data-ready="true"]').waitFor();
      loads.push(performance.now() - t0);
      await context.close();
    }

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(info.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    const parties: string[] = info.sandbox.parties;
    const token: string = info.sandbox.tokens.readAll;
    const viaApp = async (party: string) => {
      // Since issue 16 the form folds into a one-line bar once a query has run: unfold it (untimed).
      const bar = page.getByTestId('filter-bar');
      if (await bar.isVisible()) await bar.click();
      await page.getByLabel('Party id').fill(party);
      return page.evaluate(async () => {
        const firstRow = () => document.querySelector('tr.leg-row')?.textContent ?? null;
        const before = firstRow();
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Show transfers');
        if (!button) throw new Error('no Show transfers button');
        const t0 = performance.now();
        button.click();
        await new Promise<void>((resolve) => {
          const check = () => {
            const now = firstRow();
            if (now !== null && now !== before) {
              observer.disconnect();
              resolve();
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          check();
        });
        // The row is in the DOM; the next frame paints it.
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return performance.now() - t0;
      });
    };
    const direct = async (party: string) => {
      const t0 = performance.now();
      const url = `${info.sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?pageSize=25&orderDesc=true`;
      const body = (await (await fetch(url, { headers: { jwt: token } })).json()) as { transfers: unknown[] };
      if (!body.transfers.length) throw new Error('empty page');
      return performance.now() - t0;
    };
    await viaApp(parties[parties.length - 1]);
    const app: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // A different party each time: a new query, never an answer from the cache.
      const party = parties[i % parties.length];
      app.push(await viaApp(party));
      bare.push(await direct(party));
    }
    const ratios = app.map((a, i) => a / bare[i]);

    const bundle = bundleSizes();
    return [
      {
        figure: 'filter change to first row painted (25 legs, 1M ledger), p50',
        median: `${median(app).toFixed(1)} ms`,
        range: `${Math.min(...app).toFixed(1)}-${Math.max(...app).toFixed(1)} ms`,
        target: '<= 100 ms',
        pass: median(app) <= 100,
      },
      {
        figure: 'first row / bare HTTP call from Node (paired ratio)',
        median: `${median(ratios).toFixed(1)}x`,
        range: `${Math.min(...ratios).toFixed(1)}-${Math.max(...ratios).toFixed(1)}x (bare p50 ${median(bare).toFixed(1)} ms)`,
        target: '-',
        pass: null,
      },
      {
        figure: 'renderer cold load to interactive (fresh context), p50',
        median: `${median(loads).toFixed(0)} ms`,
        range: `${Math.min(...loads).toFixed(0)}-${Math.max(...loads).toFixed(0)} ms`,
        target: '<= 1000 ms',
        pass: median(loads) <= 1000,
      },
      {
        figure: 'renderer bundle, gzip (JS + CSS)',
        median: `${(bundle.total / 1024).toFixed(0)} KB`,
        range: bundle.largest,
        target: '<= 500 KB',
        pass: bundle.total <= 500 * 1024,
      },
    ];
  } finally {
    await browser.close();
    await stop(child);
  }
}

/** gzip size of the built renderer's JS and CSS, and its three largest files. */
function bundleSizes(): { total: number; largest: string } {
  const dir = join(ROOT, 'out/renderer/assets');
  const files = readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f) && statSync(join(dir, f)).isFile())
    .map((f) => ({ f, gz: gzipSync(readFileSync(join(dir, f))).length }))
    .sort((a, b) => b.gz - a.gz);
  return {
    total: files.reduce((sum, file) => sum + file.gz, 0),
    largest: files
      .slice(0, 3)
      .map((file) => `${file.f.replace(/-[\w-]{8}\./, '.')} ${(file.gz / 1024).toFixed(0)} KB`)
      .join(', '),
  };
}
