// A 10 MB eth_getLogs answer in the RPC console, in Chromium through the test bridge: how long
// until the answer's tree is on screen, and how long a search takes to its first hit (the last log).
//
// First paint is measured from the answer arriving in the renderer, i.e. the responseEnd of the
// rpc:call bridge request in Resource Timing (the last byte is in the renderer's hands), to the
// first frame painted after the tree's `/result` row is in the DOM (a MutationObserver sees the
// row; a requestAnimationFrame callback then a posted message run after that frame is produced).
// Everything in between is the renderer's own work on the answer: the bridge envelope parsed, the
// answer text parsed, the tree's rows built, React's commit, layout and paint. Send-to-paint (from
// the Send click) is reported too: it adds main's call to the node and the 10 MB crossing the bridge.

import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type Figure, median, startReady, stop } from './bench-kit.ts';
import { CHROMIUM_ARGS } from './page-stack-bench.ts';

const RUNS = 7;
const TARGET_BYTES = 10 * 2 ** 20;
const NEEDLE = `0x${'feedface'.repeat(8)}`;

/** eth_getLogs-shaped logs (ERC-20 Transfer events) until the answer passes 10 MB; the last one carries the needle. */
function bigLogs(): string {
  const logs: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < TARGET_BYTES; i++) {
    const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;
    const log = JSON.stringify({
      address: hex(0xc0ffee + (i % 7), 40),
      topics: [`0x${'ddf252ad'.repeat(8)}`, hex(i, 64), hex(i * 31, 64)],
      data: hex(i * 1_000_003, 64),
      blockNumber: hex(1000 + (i >> 4), 1),
      transactionHash: hex(i * 7919, 64),
      transactionIndex: hex(i % 16, 1),
      blockHash: hex(1000 + (i >> 4), 64),
      logIndex: hex(i % 16, 1),
      removed: false,
    });
    logs.push(log);
    bytes += log.length + 1;
  }
  logs[logs.length - 1] = logs[logs.length - 1].replace(
    /"transactionHash":"0x[0-9a-f]+"/,
    `"transactionHash":"${NEEDLE}"`,
  );
  return `[${logs.join(',')}]`;
}

export async function rpcAnswerBench(): Promise<Figure[]> {
  const result = bigLogs();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      let id: unknown = null;
      try {
        id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      } catch {}
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'));
  const web = await startReady(
    'src-main/web-shell/cli.ts',
    ['--no-sandbox', '--temp-user-data', '--keychain-service', 'ledger-explorer-bench'],
    {
      HOME: home,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
    },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(web.info.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    await page.evaluate(async (url) => {
      const { profile } = await window.ledger.settings.saveProfile({
        name: 'big answers',
        baseUrl: url,
        translateUrl: url,
        partnerUrl: url,
        rpcUrl: `${url}/rpc`,
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      });
      await window.ledger.secrets.set(profile.id, 'apiKey', 'bench-key');
      await window.ledger.settings.setActiveProfile(profile.id);
    }, base);
    await page.goto('about:blank');
    await page.goto(web.info.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: 'RPC console', exact: true }).click();
    await page.getByLabel('Chain', { exact: true }).fill('big');
    await page.getByRole('radio', { name: 'Single call' }).check();
    await page.getByLabel('Method', { exact: true }).fill('eth_getLogs');
    await page.getByRole('textbox', { name: 'Params (JSON array)' }).click();
    await page.keyboard.press('ControlOrMeta+KeyA');
    await page.keyboard.insertText('[{"fromBlock": "0x0", "toBlock": "latest"}]');

    // Long tasks on the page's main thread: the window must not freeze while the answer arrives.
    await page.evaluate(() => {
      const longest = { ms: 0 };
      Object.defineProperty(window, '__longestTask', { value: longest });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longest.ms = Math.max(longest.ms, entry.duration);
      }).observe({ type: 'longtask' });
    });
    const paints: number[] = [];
    const sendToPaint: number[] = [];
    const longestTasks: number[] = [];
    const searches: number[] = [];
    let sizeText = '';
    for (let run = 0; run <= RUNS; run++) {
      const timing = await page.evaluate(() => {
        const pane = document.querySelector('section[aria-label="Answer"]') as HTMLElement;
        const seq = Number(pane.dataset.answerSeq) + 1;
        (window as unknown as { __longestTask: { ms: number } }).__longestTask.ms = 0;
        const selector = `.json-row[data-path="/result"]`;
        performance.clearResourceTimings();
        return new Promise<{ sent: number; arrived: number; painted: number }>((resolve, reject) => {
          // A run that never paints fails the section instead of hanging the whole bench.
          setTimeout(() => reject(new Error('the 10 MB answer was not painted within 60 s')), 60_000);
          const afterPaint = (then: (t: number) => void) =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => then(performance.now());
              channel.port2.postMessage(null);
            });
          const observer = new MutationObserver(() => {
            if (Number(pane.dataset.answerSeq) !== seq || !pane.querySelector(selector)) return;
            observer.disconnect();
            afterPaint((painted) => {
              const entry = performance
                .getEntriesByType('resource')
                .find((e) =>
                  e.name.endsWith(`/__bridge/${encodeURIComponent('rpc:call')}`),
                ) as PerformanceResourceTiming;
              resolve({ sent, arrived: entry.responseEnd, painted });
            });
          });
          observer.observe(pane, { subtree: true, childList: true, attributes: true });
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent === 'Send',
          ) as HTMLButtonElement;
          const sent = performance.now();
          button.click();
        });
      });
      const longestTask = await page.evaluate(
        () => (window as unknown as { __longestTask: { ms: number } }).__longestTask.ms,
      );
      const pane = page.getByRole('region', { name: 'Answer', exact: true });
      sizeText = await pane.getByTestId('rpc-size').innerText();
      await pane.getByRole('searchbox', { name: 'Search the answer' }).fill(NEEDLE);
      const searched = await page.evaluate(() => {
        const pane = document.querySelector('section[aria-label="Answer"]') as HTMLElement;
        const form = pane.querySelector('form.json-tree-search') as HTMLFormElement;
        return new Promise<number>((resolve, reject) => {
          setTimeout(() => reject(new Error('the search found no hit within 60 s')), 60_000);
          const observer = new MutationObserver(() => {
            const current = pane.querySelector('.json-row[data-current="true"]');
            if (!current?.getAttribute('data-path')?.endsWith('/transactionHash')) return;
            observer.disconnect();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve(performance.now() - started);
              channel.port2.postMessage(null);
            });
          });
          observer.observe(pane, { subtree: true, childList: true, attributes: true });
          const started = performance.now();
          form.requestSubmit();
        });
      });
      if (run === 0) continue; // the first run warms the code paths up
      paints.push(timing.painted - timing.arrived);
      sendToPaint.push(timing.painted - timing.sent);
      searches.push(searched);
      longestTasks.push(longestTask);
    }
    const fmt = (values: number[]) => `${median(values).toFixed(0)} ms`;
    const range = (values: number[]) =>
      `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)} ms (${values.length} runs)`;
    return [
      {
        figure: `10 MB eth_getLogs (${sizeText}): answer in renderer to tree painted`,
        median: fmt(paints),
        range: range(paints),
        target: '<= 500 ms',
        pass: median(paints) <= 500,
      },
      {
        figure: '10 MB eth_getLogs: Send click to tree painted',
        median: fmt(sendToPaint),
        range: range(sendToPaint),
        target: '-',
        pass: null,
      },
      {
        figure: '10 MB eth_getLogs: longest main-thread task, Send click to tree painted',
        median: fmt(longestTasks),
        range: range(longestTasks),
        target: '< 1000 ms',
        pass: median(longestTasks) < 1000,
      },
      {
        figure: '10 MB eth_getLogs: search to the first hit painted (last log)',
        median: fmt(searches),
        range: range(searches),
        target: '-',
        pass: null,
      },
    ];
  } finally {
    await browser.close();
    await stop(web.child);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
