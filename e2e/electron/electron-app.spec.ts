// Electron tier: the built app (out/) in a real Electron, production webPreferences, fresh profile.
// Runs only where an Electron binary exists; scripts/test-all.mjs says plainly when it is skipped.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ElectronApplication, _electron as electron, expect, test } from '@playwright/test';
// @ts-expect-error plain .mjs helper
import { findElectronBinary } from '../../scripts/electron-binary.mjs';

const root = resolve(import.meta.dirname, '../..');
let app: ElectronApplication;
let userData: string;

function electronBinary(): string {
  const binary = findElectronBinary();
  if (!binary.path) throw new Error(`Electron tier needs an Electron binary: ${binary.reason}`);
  return binary.path;
}

const launch = () =>
  electron.launch({
    executablePath: electronBinary(),
    args: [join(root, 'out/main/index.js')],
    env: { ...process.env, LEDGER_EXPLORER_USER_DATA: userData },
  });

test.beforeEach(async () => {
  userData = await mkdtemp(join(tmpdir(), 'ledger-electron-'));
  app = await launch();
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

// Desktop conventions (docs/desktop.md): the menu, the window's place across launches, one instance.

/** The application menu's labels, menu by menu. */
const menuLabels = () =>
  app.evaluate(({ Menu }) =>
    (Menu.getApplicationMenu()?.items ?? []).map((m) => [m.label, (m.submenu?.items ?? []).map((i) => i.label)]),
  );

test('has the application menu; its items reach the page (Keyboard shortcuts opens the sheet)', async () => {
  const page = await app.firstWindow();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const menus = Object.fromEntries(await menuLabels());
  expect(Object.keys(menus)).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Actions', 'Window', 'Help']));
  expect(menus.View).toEqual(expect.arrayContaining(['Command palette…', 'Recent views…', 'Transfers']));
  expect(menus.Help).toEqual(expect.arrayContaining(['Keyboard shortcuts', 'Reveal settings folder']));
  await app.evaluate(({ Menu }) => {
    const help = Menu.getApplicationMenu()?.items.find((m) => m.label === 'Help');
    help?.submenu?.items.find((i) => i.label === 'Keyboard shortcuts')?.click();
  });
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('opens the window where it was closed, at the same size', async () => {
  const page = await app.firstWindow();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const bounds = { x: 40, y: 50, width: 1000, height: 700 };
  await app.evaluate(({ BrowserWindow }, b) => BrowserWindow.getAllWindows()[0].setBounds(b), bounds);
  await app.close();
  app = await launch();
  await (await app.firstWindow()).locator('.app[data-ready="true"]').waitFor();
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0].getNormalBounds())).toEqual(bounds);
});

test('a second instance hands its link to the running window and quits', async () => {
  const page = await app.firstWindow();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const second = spawn(
    electronBinary(),
    [join(root, 'out/main/index.js'), 'ledger-explorer://chain?profile=sandbox&chain=polygon'],
    { env: { ...process.env, LEDGER_EXPLORER_USER_DATA: userData }, stdio: 'ignore' },
  );
  // The single-instance lock is held: the second process ends by itself.
  expect(await new Promise((resolve) => second.once('exit', (code) => resolve(code)))).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();
  await expect(page.locator('tr.focused-row')).toHaveAttribute('data-chain', 'polygon');
  expect(app.windows()).toHaveLength(1);
});
