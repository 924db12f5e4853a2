// The command palette against the sandbox, keyboard only: Ctrl+K, a few characters of a party's
// fingerprint or its label, Enter -> that party's transfers; a misspelt chain -> the Chains screen;
// the theme and the profile switched from it; `?` -> the shortcuts sheet.
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/web-app.ts';
import { legRows, openFilters } from './transfers-support.ts';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function runFromPalette(page: Page, typed: string, expectFirst: string | RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = palette(page).getByRole('combobox');
  await expect(input).toBeFocused();
  await input.pressSequentially(typed);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(expectFirst);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test('a saved party found by a fingerprint fragment or its label opens its transfers', async ({ app, page }) => {
  const [first, second] = app.sandbox.parties;
  await app.open(page);
  await page.evaluate(
    async ([a, b]) => {
      await window.ledger.settings.saveParty({ party: a, label: 'Acme Treasury' });
      await window.ledger.settings.saveParty({ party: b, label: 'North desk' });
    },
    [first, second],
  );
  await app.open(page);
  await page.keyboard.press('Control+3');
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();

  await runFromPalette(page, 'north d', 'North desk');
  // Focus lands on the new screen's title, not the page body: Tab goes on from the top of what is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeFocused();
  await expect(page.getByTestId('page-status')).toHaveText(/^Page 1 · \d+ legs?/);
  await expect(legRows(page).first()).toBeVisible();
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(second);

  // Six hex characters from the middle of the fingerprint: what an agent reads off a ticket.
  const fragment = first.slice(first.indexOf('::1220') + 26, first.indexOf('::1220') + 32);
  await runFromPalette(page, fragment, 'Acme Treasury');
  await expect(page.getByTestId('page-status')).toHaveText(/^Page 1 · \d+ legs?/);
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(first);
});

test('a misspelt chain, the theme and another profile, all from the palette', async ({ app, page }) => {
  await app.open(page);
  await page.evaluate(
    (s) =>
      window.ledger.settings.saveProfile({
        name: 'Staging desk',
        baseUrl: s.baseUrl,
        translateUrl: s.translateUrl,
        partnerUrl: s.partnerUrl,
        rpcUrl: s.rpcUrl,
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      }),
    app.sandbox,
  );
  await app.open(page);

  await runFromPalette(page, 'polygn', 'polygon');
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();

  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  expect(theme).toBe('system');
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await runFromPalette(page, 'theme', `Switch to ${dark ? 'light' : 'dark'} theme`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'light' : 'dark');
  await runFromPalette(page, 'theme', `Switch to ${dark ? 'dark' : 'light'} theme`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');

  await runFromPalette(page, 'staging', 'Switch profile to Staging desk');
  await expect(page.getByTestId('active-profile')).toHaveText('Staging desk');
});

test('? opens the shortcuts sheet outside fields; Escape closes it and the palette, focus back', async ({
  app,
  page,
}) => {
  await app.open(page);
  const party = page.getByLabel('Party id');
  await party.focus();
  await page.keyboard.type('?');
  await expect(party).toHaveValue('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await party.fill('');

  const chains = page.getByRole('button', { name: 'Chains', exact: true });
  await chains.focus();
  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Command palette');
  await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectAccessible(page, 'Shortcuts sheet', 'dialog.shortcuts-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(chains).toBeFocused();

  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expectAccessible(page, 'Command palette', 'dialog.command-palette');
  await palette(page).getByRole('combobox').pressSequentially('sync');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Sync the local ledger');
  await expectAccessible(page, 'Command palette (searching)', 'dialog.command-palette');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(chains).toBeFocused();

  if (process.env.SCREENSHOTS) {
    // The palette as it opens: grouped by kind, saved parties (label, then the full id) first.
    await page.evaluate(
      async ([a, b]) => {
        await window.ledger.settings.saveParty({ party: a, label: 'Acme Treasury' });
        await window.ledger.settings.saveParty({ party: b, label: 'North desk' });
      },
      [app.sandbox.parties[0], app.sandbox.parties[1]],
    );
    await app.open(page);
    await page.setViewportSize({ width: 1100, height: 720 });
    await page.keyboard.press('Control+k');
    await expect(palette(page).getByRole('option', { name: /North desk/ })).toBeVisible();
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/palette.png') });
  }
});
