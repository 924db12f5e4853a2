// Regenerates the README screenshots: the app in Debian's Chromium through the test bridge, on the
// built-in sandbox network. Usage: npm run build && node scripts/screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { startKeyringSession } from './keyring-session.mjs';

const root = resolve(import.meta.dirname, '..');
const home = mkdtempSync(join(tmpdir(), 'ledger-shots-'));
// A private, unlocked Secret Service, as on a desktop: secrets go to the keychain (no warning banner).
const keyring = await startKeyringSession();
const shell = spawn(
  process.execPath,
  [join(root, 'src-main/web-shell/cli.ts'), '--temp-user-data', '--print-credentials'],
  {
    env: { ...keyring.env, HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const { url, sandbox } = JSON.parse(await new Promise((r) => createInterface({ input: shell.stdout }).once('line', r)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** Each shot: open the app, get the screen into shape, take it. */
const shots = [
  {
    // What a new user sees first: a party to try, nothing to type.
    file: 'first-screen.png',
    scheme: 'light',
    size: { width: 1280, height: 800 },
    async prepare(page) {
      await page.getByRole('button', { name: 'Try a sample party' }).waitFor();
    },
  },
  {
    file: 'transfers.png',
    scheme: 'light',
    size: { width: 1400, height: 1000 },
    async prepare(page) {
      await page.getByLabel('Page size').selectOption('100');
      await page.getByLabel('Party id').fill(sandbox.parties[1]);
      await page.getByRole('button', { name: 'Show transfers' }).click();
      await page
        .getByTestId('page-status')
        .filter({ hasText: /^Page 1/ })
        .waitFor();
      await page.getByTestId('flow-chart').locator('canvas').waitFor();
      // The filters fold into one line after the query, so the results start near the top.
      await page.getByTestId('filter-bar').waitFor();
    },
  },
  {
    file: 'rpc-console.png',
    scheme: 'dark',
    size: { width: 1400, height: 900 },
    async prepare(page) {
      await page.getByRole('button', { name: 'RPC console', exact: true }).click();
      await page.getByLabel('Chain', { exact: true }).fill('ethereum');
      await page.getByRole('radio', { name: 'Single call' }).check();
      await page.getByLabel('Method', { exact: true }).fill('eth_getBlockByNumber');
      const editor = page.getByRole('textbox', { name: 'Params (JSON array)' });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+KeyA');
      await page.keyboard.insertText('["latest", false]');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByTestId('rpc-status').filter({ hasText: 'HTTP 200' }).waitFor();
    },
  },
  {
    file: 'chains.png',
    scheme: 'light',
    size: { width: 1200, height: 720 },
    async prepare(page) {
      await page.getByRole('button', { name: 'Chains', exact: true }).click();
      await page.getByRole('table', { name: 'Chains' }).waitFor();
    },
  },
  {
    file: 'settings-dark.png',
    scheme: 'dark',
    size: { width: 1200, height: 720 },
    async prepare(page) {
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
    },
  },
];

try {
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: shot.size, colorScheme: shot.scheme });
    await page.goto(url);
    await page.locator('.app[data-ready="true"]').waitFor();
    await shot.prepare(page);
    await page.screenshot({ path: join(root, 'docs/screenshots', shot.file) });
    await page.close();
  }
} finally {
  await browser.close();
  shell.kill('SIGTERM');
  keyring.stop();
}
