// About and the folders, in the browser version against the real services: the versions it has
// (no Electron or Chromium of its own), where settings and logs live, and Reveal answering the path
// (this version cannot open a file manager); reached from the palette and from Settings.
import { join } from 'node:path';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/web-app.ts';

test('About from the palette: versions, folders, Reveal names the logs folder; Escape closes', async ({
  app,
  page,
}) => {
  await app.open(page);
  const before = page.getByRole('button', { name: 'Transfers', exact: true });
  await before.focus();
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').pressSequentially('about');
  await page.keyboard.press('Enter');

  const about = page.getByRole('dialog', { name: 'About Ledger Explorer' });
  await expect(about).toBeVisible();
  const value = (term: string) => about.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  await expect(value('Version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(value('Node')).toHaveText(/^\d+\.\d+\.\d+$/);
  await expect(value('Electron')).toHaveText('— (the browser version)');
  await expect(value('Runs as')).toHaveText('Browser version');
  await expect(value('Settings folder').locator('code')).toHaveText(app.userDataDir);
  await expect(value('Logs folder').locator('code')).toHaveText(join(app.userDataDir, 'logs'));
  await expectAccessible(page, 'About dialog', '.about-dialog');

  await about.getByRole('button', { name: 'Reveal logs folder' }).click();
  await expect(about.getByRole('status')).toHaveText(
    `This version cannot open a file manager: the folder is ${join(app.userDataDir, 'logs')}`,
  );
  await page.keyboard.press('Escape');
  await expect(about).toHaveCount(0);
  await expect(before).toBeFocused();
});

test('Settings shows the same folders with Reveal', async ({ app, page }) => {
  await app.open(page);
  await page.keyboard.press('Control+5');
  const panel = page.getByRole('region', { name: 'Settings and logs folders' });
  await expect(panel.locator('code').first()).toHaveText(app.userDataDir);
  await panel.getByRole('button', { name: 'Reveal settings folder' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    `This version cannot open a file manager: the folder is ${app.userDataDir}`,
  );
});
