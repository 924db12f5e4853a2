// Electron tier: the built app (out/) in a real Electron, production webPreferences, fresh profile.
// Runs only where an Electron binary exists; scripts/test-all.mjs says plainly when it is skipped.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ElectronApplication, _electron as electron, expect, test } from '@playwright/test';
// @ts-expect-error plain .mjs helper
import { findElectronBinary } from '../../scripts/electron-binary.mjs';

const root = resolve(import.meta.dirname, '../..');
let app: ElectronApplication;
let userData: string;

test.beforeEach(async () => {
  const binary = findElectronBinary();
  if (!binary.path) throw new Error(`Electron tier needs an Electron binary: ${binary.reason}`);
  userData = await mkdtemp(join(tmpdir(), 'ledger-electron-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: [join(root, 'out/main/index.js')],
    env: { ...process.env, LEDGER_EXPLORER_USER_DATA: userData },
  });
});

test.afterEach(async () => {
  await app?.close();
  await rm(userData, { recursive: true, force: true });
});

test('opens the app shell on the sandbox network with no Node in the page (context isolation and sandbox on)', async () => {
  const page = await app.firstWindow();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox network');
  expect(
    await page.evaluate(() => [
      typeof window.ledger,
      typeof (globalThis as { require?: unknown }).require,
      typeof (globalThis as { process?: unknown }).process,
    ]),
  ).toEqual(['object', 'undefined', 'undefined']);
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Chains' })).toContainText('ethereum');
});

test('denies window.open and navigation away from the app; https links go to the OS browser', async () => {
  const page = await app.firstWindow();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  // Record instead of really opening a browser on the test machine.
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { openedExternally?: string[] }).openedExternally = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  expect(await page.evaluate(() => window.open('https://example.com/a') === null)).toBe(true);
  await page.evaluate(() => {
    window.location.href = 'https://example.com/b';
  });
  await expect
    .poll(() => app.evaluate(() => (globalThis as { openedExternally?: string[] }).openedExternally))
    .toEqual(['https://example.com/a', 'https://example.com/b']);
  expect(page.url()).toMatch(/^app:\/\/renderer\//);
  expect(app.windows()).toHaveLength(1);
});
