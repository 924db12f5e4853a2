// A 1000-leg page through the whole stack (renderer -> bridge -> main -> HTTP -> sandbox) against
// a direct fetch of the same URL from Node, alternating A B A B in one run.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type Figure, median, ROOT, startMainAlone, startReady, stop } from './bench-kit.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function pageStackBench(options: { transfers?: number; rounds?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 40;
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'));
  // The service runs in its own process, as a real deployment would; the app (web shell) and the
  // direct fetch both call it over loopback HTTP.
  const service = await startReady('src-sandbox/cli.ts', [
    '--port',
    '0',
    '--seed',
    '42',
    '--transfers',
    String(options.transfers ?? 1_000_000),
  ]);
  const sandbox = service.info;
  const { child, info } = await startReady(
    'src-main/web-shell/cli.ts',
    [
      '--no-sandbox',
      '--temp-user-data',
      '--keychain-service',
      'ledger-explorer-bench',
      ...(process.env.BENCH_RENDERER_DIR ? ['--renderer-dir', process.env.BENCH_RENDERER_DIR] : []),
    ],
    { HOME: home, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(info.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    // A profile on the separate service; the JWT goes in through the bridge as a user would paste it.
    const profileId = await page.evaluate(async (sb) => {
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
      await window.ledger.secrets.set(profile.id, 'ledgerJwt', sb.tokens.readAll);
      return profile.id;
    }, sandbox);
    const party: string = sandbox.parties[1];
    const filters = {
      party,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 1000,
      nodeId: null,
    };
    const url = `${sandbox.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?pageSize=1000&orderDesc=true`;
    const viaApp = () =>
      page.evaluate(
        async ([f, id]) => {
          const t0 = performance.now();
          const result = await window.ledger.transfers.page({
            requestId: `bench-${Math.random().toString(36).slice(2, 12)}`,
            profileId: id,
            filters: f as never,
            next: null,
          });
          if (result.legs.length !== 1000) throw new Error('short page');
          return performance.now() - t0;
        },
        [filters, profileId] as const,
      );
    const direct = async () => {
      const t0 = performance.now();
      const body = (await (await fetch(url, { headers: { jwt: sandbox.tokens.readAll } })).json()) as {
        transfers: unknown[];
      };
      if (body.transfers.length !== 1000) throw new Error('short page');
      return performance.now() - t0;
    };
    // Main alone: the same handler table in-process, as Electron's IPC handler runs it (no
    // browser transport). Splits the stack's cost into main's share and the test bridge's.
    const mainAlone = await startMainAlone(sandbox);
    const viaMain = () => mainAlone.page(filters, 1000);
    // The browser transport's floor: Chromium fetching a static file of about the page's size
    // from the same web shell (no handler, no service). Electron's IPC does not pay this.
    const assets = join(ROOT, 'out/web/assets');
    const largest = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ f, size: statSync(join(assets, f)).size }))
      .sort((a, b) => b.size - a.size)[0];
    const viaFetchFloor = () =>
      page.evaluate(async (path) => {
        const t0 = performance.now();
        await (await fetch(path, { cache: 'no-store' })).text();
        return performance.now() - t0;
      }, `/assets/${largest.f}`);
    for (let i = 0; i < 5; i++) {
      await viaFetchFloor();
      await viaApp();
      await direct();
      await viaMain();
      await direct();
    }
    const app: number[] = [];
    const node: number[] = [];
    const main: number[] = [];
    const node2: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < rounds; i++) {
      floor.push(await viaFetchFloor());
      app.push(await viaApp());
      node.push(await direct());
      main.push(await viaMain());
      node2.push(await direct());
    }
    await mainAlone.close();
    const ratios = app.map((a, i) => a / node[i]);
    const mainRatios = main.map((a, i) => a / node2[i]);
    return [
      {
        figure: '1000-leg page through the app stack, p50',
        median: `${median(app).toFixed(1)} ms`,
        range: `${Math.min(...app).toFixed(1)}-${Math.max(...app).toFixed(1)} ms`,
        target: '-',
        pass: null,
      },
      {
        figure: 'same page by direct fetch from Node, p50',
        median: `${median(node).toFixed(1)} ms`,
        range: `${Math.min(...node).toFixed(1)}-${Math.max(...node).toFixed(1)} ms`,
        target: '-',
        pass: null,
      },
      {
        figure: `browser transport floor: Chromium GET of a ${Math.round(largest.size / 1024)} KB file, p50`,
        median: `${median(floor).toFixed(1)} ms`,
        range: `${Math.min(...floor).toFixed(1)}-${Math.max(...floor).toFixed(1)} ms`,
        target: '-',
        pass: null,
      },
      {
        figure: 'main alone (handler table, as under Electron IPC) / direct',
        median: `${median(mainRatios).toFixed(2)}x`,
        range: `${Math.min(...mainRatios).toFixed(2)}-${Math.max(...mainRatios).toFixed(2)}x`,
        target: '<= 2x',
        pass: median(mainRatios) <= 2,
      },
      {
        figure: 'app stack / direct fetch (paired ratio)',
        median: `${median(ratios).toFixed(2)}x`,
        range: `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`,
        target: '<= 2x',
        pass: median(ratios) <= 2,
      },
    ];
  } finally {
    await browser.close();
    await stop(child);
    await stop(service.child);
  }
}
