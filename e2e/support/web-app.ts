// Browser tier fixture: a fresh app per test. It starts `src-main/web-shell/cli.ts` (the real
// main-process services and handler table, the in-process sandbox network, the real keytar) on a
// new user-data folder, and opens the built renderer in Debian's Chromium through the test bridge.
// A test can stop that server and start it again on the same folder (a restart of `npm run dev:web`).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type Page } from '@playwright/test';
import type { SandboxDescription } from '../../src-sandbox/sandbox-network.ts';

export interface WebApp {
  /** The address the server printed last (it carries the bridge key in its fragment). */
  readonly url: string;
  userDataDir: string;
  /** The in-process sandbox network, as `npm run sandbox` describes it (addresses, keys, parties, tokens). */
  readonly sandbox: SandboxDescription;
  /** Where exports land (the browser version has no save dialog). */
  exportDir: string;
  /** Everything main wrote to stderr so far (its log), over every start. */
  log(): string;
  /** Opens the app in the page and waits until it has loaded its settings. */
  open(page: Page): Promise<void>;
  /** Stops the server and keeps its folder: SIGTERM (Ctrl+C), or SIGKILL (a crash). */
  stopServer(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /**
   * Starts the server again on the same folder, as `npm run dev:web` run again would: on the port
   * and with the key it remembers there (`newKey`: with a new key, as `--new-key`).
   */
  startServer(options?: { newKey?: boolean }): Promise<void>;
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

/**
 * Origins of servers a test stopped (a restart, a crash, its end): the page's calls to them are
 * refused while they are away, and the browser logs each refused fetch as a console error.
 */
const stoppedOrigins = new Set<string>();
const REFUSED = /^Failed to load resource: net::ERR_CONNECTION_(REFUSED|RESET)$/;

interface Ready {
  url: string;
  sandbox: SandboxDescription;
  exportDir: string;
}

export async function startWebApp(options: WebAppOptions = {}): Promise<WebApp & { stop(): Promise<void> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'ledger-e2e-'));
  await options.prepare?.(userDataDir);
  const keychainService = `ledger-explorer-e2e-${randomBytes(4).toString('hex')}`;
  let stderr = '';

  /** One run of the web shell on the test's folder; resolves with its ready line. */
  const spawnShell = async (extra: string[]): Promise<{ child: ChildProcess; ready: Ready }> => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        join(root, 'src-main/web-shell/cli.ts'),
        '--user-data-dir',
        userDataDir,
        '--keychain-service',
        keychainService,
        ...(options.transfers ? ['--transfers', String(options.transfers)] : []),
        ...(options.startupSeconds ? ['--startup-seconds', String(options.startupSeconds)] : []),
        ...(options.faults ? ['--faults'] : []),
        ...(options.httpTimeoutMs ? ['--http-timeout-ms', String(options.httpTimeoutMs)] : []),
        ...(options.hostileNames ? ['--hostile-names'] : []),
        // Tests sign in with the sandbox's keys and pick its parties: the ready line must carry them.
        '--print-credentials',
        ...extra,
      ],
      { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const ready = await new Promise<Ready>((resolveReady, reject) => {
      child.once('exit', (code) => reject(new Error(`web shell exited (${code}) before it was ready:\n${stderr}`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
        resolveReady(JSON.parse(line)),
      );
    });
    return { child, ready };
  };

  const stopChild = async (child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stoppedOrigins.add(new URL(current.ready.url).origin);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };

  // The first start on any free port (tests run side by side); a restart comes back on the same one.
  let current = await spawnShell(['--port', '0']);
  return {
    get url() {
      return current.ready.url;
    },
    userDataDir,
    get sandbox() {
      return current.ready.sandbox;
    },
    exportDir: current.ready.exportDir,
    log: () => stderr,
    open: async (page) => {
      // Always a full load (a second goto to the same URL with a fragment would only change the hash).
      if (page.url() !== 'about:blank') await page.goto('about:blank');
      await page.goto(current.ready.url);
      await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    },
    stopServer: (signal = 'SIGTERM') => stopChild(current.child, signal),
    startServer: async (restart = {}) => {
      current = await spawnShell(restart.newKey ? ['--new-key'] : []);
    },
    stop: async () => {
      await stopChild(current.child, 'SIGTERM');
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{
  app: WebApp;
  appOptions: WebAppOptions;
  expectCspViolations: boolean;
  allowedConsoleErrors: readonly RegExp[];
}>({
  appOptions: [{}, { option: true }],
  /** For the CSP tests only: they provoke violations on purpose and assert them themselves. */
  expectCspViolations: [false, { option: true }],
  /**
   * Console errors a test provokes on purpose and names (a server it stopped: the browser logs the
   * refused fetch). Everything else the page logs as an error, or throws uncaught, fails the test.
   */
  allowedConsoleErrors: [[], { option: true }],
  // Every test also proves the app runs under its Content-Security-Policy and logs no error: a CSP
  // violation, an uncaught exception or any console error fails it (the browser's own messages
  // count: "Applying inline style violates …" reached users while no test listened for it).
  page: async ({ page, expectCspViolations, allowedConsoleErrors }, use) => {
    const violations: string[] = [];
    const errors: string[] = [];
    stoppedOrigins.clear();
    const refused: Array<{ text: string; url: string }> = [];
    page.on('console', (message) => {
      const text = message.text();
      const where = message.location();
      if (text.startsWith('CSP violation:')) violations.push(text);
      else if (message.type() !== 'error' || allowedConsoleErrors.some((allowed) => allowed.test(text))) return;
      else if (REFUSED.test(text)) refused.push({ text, url: where.url });
      else errors.push(`${text}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        ),
      );
    });
    await use(page);
    // Read at the end: a server stopped in an afterEach still counts as stopped by the test.
    for (const { text, url } of refused) {
      if (!stoppedOrigins.has(url ? new URL(url).origin : ''))
        errors.push(`${text} (${url}, a server no test stopped)`);
    }
    if (!expectCspViolations) {
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(errors, 'console errors and uncaught exceptions in the page').toEqual([]);
    }
  },
  app: async ({ appOptions }, use) => {
    const app = await startWebApp(appOptions);
    await use(app);
    await app.stop();
  },
});
export { expect };
