// What the user sees when a file the app keeps is unusable at start (a crash of a non-atomic writer,
// a full disk, something else's write): the app starts either way, says what happened and where the
// old file was kept (byte for byte), and saving works again without touching that backup
// (docs/durability.md).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultSettings } from '../../src-main/services/settings/default-settings.ts';
import { expect, test } from '../support/web-app.ts';
import { openConsole, send, writeCall } from './rpc-support.ts';

/** The settings a user had: dark theme, one saved party. */
function userSettings(): string {
  const settings = defaultSettings();
  settings.preferences.theme = 'dark';
  settings.savedParties.push({ party: `desk::1220${'0'.repeat(64)}`, label: 'Desk', colour: 'none', note: '' });
  return `${JSON.stringify(settings, null, 2)}\n`;
}

test.describe('a truncated settings file', () => {
  const whole = userSettings();
  const cut = whole.slice(0, Math.floor(whole.length * 0.6));
  test.use({
    appOptions: {
      prepare: async (dir) => {
        await writeFile(join(dir, 'settings.json'), cut);
      },
    },
  });

  test('the app starts on defaults, names the backup (byte for byte the bad file), and saves again', async ({
    app,
    page,
  }) => {
    await app.open(page);
    const banner = page.getByTestId('settings-problem-banner');
    await expect(banner).toContainText('The settings file was not usable (not valid JSON');
    const backup = (await readdir(app.userDataDir)).find((name) => name.startsWith('settings.json.corrupt-'));
    expect(backup).toBeDefined();
    await expect(banner).toContainText(`It was kept as ${join(app.userDataDir, backup as string)}`);
    expect(await readFile(join(app.userDataDir, backup as string), 'utf8')).toBe(cut);
    await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox network');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');

    // Nothing stops the user: a change is saved as usual, and the backup stays.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Theme').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect
      .poll(async () => JSON.parse(await readFile(join(app.userDataDir, 'settings.json'), 'utf8')).preferences.theme)
      .toBe('light');
    expect(await readFile(join(app.userDataDir, backup as string), 'utf8')).toBe(cut);
  });
});

test.describe('a truncated RPC history file (history and saved requests)', () => {
  const whole = `${JSON.stringify({
    version: 1,
    history: [],
    saved: [
      {
        id: 'a1',
        name: 'Chain id',
        chain: 'ethereum',
        nodeType: 'full',
        body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
        savedAt: '2026-11-01T10:00:00.000Z',
      },
    ],
  })}\n`;
  const cut = whole.slice(0, Math.floor(whole.length * 0.7));
  test.use({
    appOptions: {
      prepare: async (dir) => {
        await writeFile(join(dir, 'rpc-history.json'), cut);
      },
    },
  });

  test('the console starts with an empty history, says where the old file was kept, and records again', async ({
    app,
    page,
  }) => {
    await app.open(page);
    await openConsole(page);
    const historyPanel = page.getByRole('region', { name: 'History' });
    // Read when the console first asks for the history; the file is moved aside then.
    await expect(historyPanel.getByRole('status')).toContainText('The RPC history file was not usable (not valid JSON');
    const backup = (await readdir(app.userDataDir)).find((name) => name.startsWith('rpc-history.json.corrupt-'));
    expect(backup).toBeDefined();
    await expect(historyPanel.getByRole('status')).toContainText(
      `it was kept as ${join(app.userDataDir, backup as string)} and a new history started.`,
    );
    expect(await readFile(join(app.userDataDir, backup as string), 'utf8')).toBe(cut);
    await expect(
      page.getByRole('region', { name: 'Collection Saved requests' }).getByText('No requests yet.'),
    ).toBeVisible();

    // A call is recorded in the new file; the backup stays as it was.
    await writeCall(page, 'eth_chainId', []);
    await send(page);
    await expect(page.getByTestId('rpc-history-count')).toHaveText('1 call');
    await expect
      .poll(async () => {
        // Written just behind the call: absent until that first write lands.
        const text = await readFile(join(app.userDataDir, 'rpc-history.json'), 'utf8').catch(() => null);
        return text === null ? null : JSON.parse(text).history.length;
      })
      .toBe(1);
    expect(await readFile(join(app.userDataDir, backup as string), 'utf8')).toBe(cut);
  });
});
