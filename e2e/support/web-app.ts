// Browser tier fixture: a fresh app per test. It starts `src-main/web-shell/cli.ts` (the real
// main-process services and handler table, the in-process sandbox network, the real keytar) on a
// new user-data folder, and opens the built renderer in Debian's Chromium through the test bridge.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type Page } from '@playwright/test';
import type { SandboxDescription } from '../../src-sandbox/sandbox-network.ts';

export interface WebApp {
  url: string;
  userDataDir: string;
  /** The in-process sandbox network, as `npm run sandbox` describes it (addresses, keys, parties, tokens). */
  sandbox: SandboxDescription;
  /** Where exports land (the browser version has no save dialog). */
  exportDir: string;
  /** Everything main wrote to stderr so far (its log). */
  log(): string;
  /** Opens the app in the page and waits until it has loaded its settings. */
  open(page: Page): Promise<void>;
}

export interface WebAppOptions {
  /** Environment overrides for the main-process side (e.g. no Secret Service). */
  env?: NodeJS.ProcessEnv;
  /** Called with the fresh user-data folder before the app starts. */
  prepare?: (userDataDir: string) => Promise<void>;
  /** Transfers in the sandbox ledger (default: the app's 100,000). */
  transfers?: number;
  /** The sandbox ledger answers the start-up 503 for this many seconds after it starts. */
  startupSeconds?: number;
  /** The sandbox takes faults (x-sandbox-fault, and armed ones): `app.sandbox.faultsUrl` is its control endpoint. */
  faults?: boolean;
  /** How long main waits for the ledger-data and chain-listing interfaces (default: the app's 20 s / 15 s). */
  httpTimeoutMs?: number;
  /** Party ids, instrument symbols and statuses from the sandbox carry HTML and script (`--hostile-names`). */
  hostileNames?: boolean;
}

const root = resolve(import.meta.dirname, '../..');

export async function startWebApp(options: WebAppOptions = {}): Promise<WebApp & { stop(): Promise<void> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'ledger-e2e-'));
  await options.prepare?.(userDataDir);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'src-main/web-shell/cli.ts'),
      '--user-data-dir',
      userDataDir,
      '--keychain-service',
      `ledger-explorer-e2e-${randomBytes(4).toString('hex')}`,
      ...(options.transfers ? ['--transfers', String(options.transfers)] : []),
      ...(options.startupSeconds ? ['--startup-seconds', String(options.startupSeconds)] : []),
      ...(options.faults ? ['--faults'] : []),
      ...(options.httpTimeoutMs ? ['--http-timeout-ms', String(options.httpTimeoutMs)] : []),
      ...(options.hostileNames ? ['--hostile-names'] : []),
      // Tests sign in with the sandbox's keys and pick its parties: the ready line must carry them.
      '--print-credentials',
    ],
    { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const ready = await new Promise<Record<string, unknown>>((resolveReady, reject) => {
    child.once('exit', (code) => reject(new Error(`web shell exited (${code}) before it was ready:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolveReady(JSON.parse(line)),
    );
  });
  return {
    url: ready.url as string,
    userDataDir,
    sandbox: ready.sandbox as WebApp['sandbox'],
    exportDir: ready.exportDir as string,
    log: () => stderr,
    open: async (page) => {
      // Always a full load (a second goto to the same URL with a fragment would only change the hash).
      if (page.url() !== 'about:blank') await page.goto('about:blank');
      await page.goto(ready.url as string);
      await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ app: WebApp; appOptions: WebAppOptions; expectCspViolations: boolean }>({
  appOptions: [{}, { option: true }],
  /** For the CSP tests only: they provoke violations on purpose and assert them themselves. */
  expectCspViolations: [false, { option: true }],
  // Every test also proves the app runs under its Content-Security-Policy: any violation fails it.
  page: async ({ page, expectCspViolations }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation:')) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        ),
      );
    });
    await use(page);
    if (!expectCspViolations) expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  app: async ({ appOptions }, use) => {
    const app = await startWebApp(appOptions);
    await use(app);
    await app.stop();
  },
});
export { expect };
