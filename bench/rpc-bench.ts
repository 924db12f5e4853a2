// eth_blockNumber round trip through the app against the same call made directly from Node to the
// same address, alternating A B. Two app paths: main alone (the handler table in-process, as the
// Electron IPC handler runs it) and the whole browser test bridge (Chromium fetch -> web shell).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startAppServices } from '../src-main/services/app-services.ts';
import { type Figure, median, startReady, stop } from './bench-kit.ts';
import { CHROMIUM_ARGS } from './page-stack-bench.ts';

const ROUNDS = 60;
const call = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] };

export async function rpcBench(): Promise<Figure[]> {
  const services = await startAppServices({
    userDataDir: mkdtempSync(join(tmpdir(), 'rpc-bench-')),
    version: 'bench',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in the benchmark')) },
    sandbox: { transfers: 1_000 },
    host: { chooseSavePath: async () => null },
  });
  const sandbox = services.sandbox;
  if (!sandbox) throw new Error('the sandbox did not start');
  const address = `${sandbox.urls.rpcUrl}/ethereum_full`;
  const direct = async () => {
    const t0 = performance.now();
    const response = await fetch(address, {
      method: 'POST',
      headers: { apiKey: sandbox.credentials.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    await response.text();
    return performance.now() - t0;
  };
  let n = 0;
  const viaMain = async () => {
    const t0 = performance.now();
    const answer = await services.dispatch('rpc:call', [
      { requestId: `bench-rpc-${n++}`, profileId: 'sandbox', chain: 'ethereum', nodeType: 'full', body: call },
    ]);
    if (!answer.ok) throw new Error(answer.error.message);
    return performance.now() - t0;
  };
  const paired = async (app: () => Promise<number>) => {
    for (let i = 0; i < 10; i++) {
      await app();
      await direct();
    }
    const diffs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await app();
      const d = await direct();
      diffs.push(a - d);
    }
    return diffs;
  };
  try {
    const mainDiffs = await paired(viaMain);

    // The same call from the renderer in Chromium through the loopback test bridge.
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
    let bridgeDiffs: number[] = [];
    let floor: number[] = [];
    try {
      const page = await browser.newPage();
      await page.goto(web.info.url);
      await page.locator('.app[data-ready="true"]').waitFor();
      const profileId = await page.evaluate(
        async (sb) => {
          const { profile } = await window.ledger.settings.saveProfile({
            name: 'bench',
            baseUrl: sb.baseUrl,
            translateUrl: sb.translateUrl,
            partnerUrl: sb.partnerUrl,
            rpcUrl: sb.rpcUrl,
            defaultNodeId: null,
            chainAuth: 'apiKey',
            rpcKeyPlacement: 'header',
            rpcSeparator: '_',
            ledgerAuthPlacement: 'header',
          });
          await window.ledger.secrets.set(profile.id, 'apiKey', sb.apiKey);
          return profile.id;
        },
        { ...sandbox.urls, apiKey: sandbox.credentials.apiKey },
      );
      let k = 0;
      bridgeDiffs = await paired(() =>
        page.evaluate(
          async ([id, body, i]) => {
            const t0 = performance.now();
            await window.ledger.rpc.call({
              requestId: `bench-web-${i}`,
              profileId: id,
              chain: 'ethereum',
              nodeType: 'full',
              body: body as never,
            });
            return performance.now() - t0;
          },
          [profileId, call, k++] as const,
        ),
      );
      // The browser transport's floor: a tiny fetch from the page to the same web shell (a 404,
      // no handler). Electron's IPC does not pay it; the overhead above includes it.
      floor = [];
      for (let i = 0; i < ROUNDS; i++) {
        floor.push(
          await page.evaluate(async () => {
            const t0 = performance.now();
            await (await fetch('/no-such-file', { cache: 'no-store' })).text();
            return performance.now() - t0;
          }),
        );
      }
    } finally {
      await browser.close();
      await stop(web.child);
    }
    const fmt = (d: number[]) => `${median(d).toFixed(2)} ms`;
    const range = (d: number[]) => `${Math.min(...d).toFixed(1)}-${Math.max(...d).toFixed(1)} ms`;
    return [
      {
        figure: 'eth_blockNumber: overhead of main (handler table) vs direct',
        median: fmt(mainDiffs),
        range: range(mainDiffs),
        target: '<= 2 ms',
        pass: median(mainDiffs) <= 2,
      },
      {
        figure: 'eth_blockNumber: overhead of renderer + test bridge + main',
        median: fmt(bridgeDiffs),
        range: range(bridgeDiffs),
        target: '<= 2 ms',
        pass: median(bridgeDiffs) <= 2,
      },
      {
        figure: 'browser transport floor: a tiny Chromium fetch round trip',
        median: fmt(floor),
        range: range(floor),
        target: '-',
        pass: null,
      },
    ];
  } finally {
    await services.close();
  }
}
