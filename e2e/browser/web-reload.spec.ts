// The browser version survives what a browser does to a page: a reload (F5), back and forward, a
// second tab of the same address, the printed address opened again in the same tab. The bridge key
// is never put back in the address bar, and never lands where another origin can read it: not in
// localStorage, not in a cookie (cookies are shared by every port of 127.0.0.1), not in the
// referrer (docs/security.md, "The browser version's key"). A reload comes back where the user was:
// the Transfers page (not page 1), the Local ledger's tab (docs/links.md, "After a reload").
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { expectPage, legRows } from './transfers-support.ts';

test.use({ appOptions: { transfers: 600 } });

const ready = (page: Page) => expect(page.locator('.app[data-ready="true"]')).toBeVisible();

/** The app works: main answered the settings (the old failure said "Settings could not be loaded"). */
async function expectWorking(page: Page): Promise<void> {
  await ready(page);
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox network');
  await expect(page.getByText('Settings could not be loaded.')).toHaveCount(0);
  await expect(page.getByTestId('server-status')).toBeHidden();
}

/** Where the key must never be: the address bar, localStorage, cookies and the referrer. */
async function expectKeyNowhereReadable(page: Page, key: string, origin: string): Promise<void> {
  expect(page.url()).toBe(`${origin}/`);
  const seen = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    cookie: document.cookie,
    referrer: document.referrer,
    href: location.href,
  }));
  expect(seen.href).not.toContain(key);
  expect(seen.local).not.toContain(key);
  expect(seen.cookie).toBe('');
  expect(seen.referrer).not.toContain(key);
  expect(await page.context().cookies()).toEqual([]);
}

test('a reload, back and forward and the printed address opened again keep the app and its settings', async ({
  app,
  page,
}) => {
  const key = app.url.split('#bridge=')[1] as string;
  const origin = new URL(app.url).origin;
  await app.open(page);
  await expectWorking(page);
  await expectKeyNowhereReadable(page, key, origin);
  // Something main keeps: the theme, in the settings file.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // F5: the old failure was a blank app with "bad bridge token".
  await page.reload();
  await expectWorking(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectKeyNowhereReadable(page, key, origin);

  // Away to another page and back, then forward and back again.
  await page.goto('about:blank');
  await page.goBack();
  await expectWorking(page);
  await expectKeyNowhereReadable(page, key, origin);
  await page.goForward();
  expect(page.url()).toBe('about:blank');
  await page.goBack();
  await expectWorking(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The printed address again in the same tab: only the fragment changes (no reload); still working,
  // and the fragment is taken out of the address bar again.
  await page.goto(app.url);
  await expect.poll(() => page.url()).toBe(`${origin}/`);
  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await expectWorking(page);
  await expectKeyNowhereReadable(page, key, origin);
});

test('a second tab of the same address works while the first is open, and after it closed', async ({ app, page }) => {
  const origin = new URL(app.url).origin;
  await app.open(page);
  await expectWorking(page);

  // Typed into the address bar without the key: it gets it from the open tab.
  const second = await page.context().newPage();
  await second.goto(`${origin}/`);
  await expectWorking(second);
  await second.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(second, 1);
  await expect(legRows(second).first()).toBeVisible();

  // Its own from now on: the first tab closed, it still reloads.
  await page.close();
  await second.reload();
  await expectWorking(second);
  await second.close();
});

test('a tab with no key and no open tab of the app says what to do, and the printed address brings it in', async ({
  app,
  browser,
}) => {
  const origin = new URL(app.url).origin;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  const banner = page.getByTestId('server-status');
  await expect(banner).toContainText(
    "This tab has no key to Ledger Explorer's server: open the address npm run dev:web printed (it ends in #bridge=…) in this tab.",
  );
  await expect(page.locator('.app[data-ready="true"]')).toHaveCount(0);

  await page.goto(app.url);
  await expectWorking(page);
  expect(page.url()).toBe(`${origin}/`);
  await context.close();
});

test('a reload comes back on the Transfers page the user was on, with the same legs', async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Next page →' }).click();
  await expectPage(page, 2);
  await page.getByRole('button', { name: 'Next page →' }).click();
  await expectPage(page, 3);
  const third = await legRows(page).allInnerTexts();
  expect(third.length).toBeGreaterThan(0);

  await page.reload();
  await expectWorking(page);
  await expectPage(page, 3);
  expect(await legRows(page).allInnerTexts()).toEqual(third);
  // Previous goes back along the pages as before the reload.
  await page.getByRole('button', { name: '← Previous page' }).click();
  await expectPage(page, 2);
});

test('a reload comes back on the Local ledger tab the user was on', async ({ app, page }) => {
  await app.open(page);
  await openLocalParty(page, app.sandbox.parties[0]);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toBeVisible();

  await page.reload();
  await expectWorking(page);
  await expect(page.getByRole('tab', { name: 'SQL' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transfers' })).toHaveAttribute('aria-selected', 'false');
});
