// "Ready" means a click made at once lands and stays (issue 16, item 9). The filter form is laid
// out from answers that arrive one by one after the window opens; the ledger JWT's parties and the
// sandbox's parties add rows above the asset choice. Here both answer late, the way a slow start
// answers them, and the test presses exactly where "Canton Coin" was when the app said it was ready.
import type { Route } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';

/** Set in the page: where the "Canton Coin" radio was at the moment data-ready was set. */
type AtReady = { x: number; y: number } | null | undefined;

test('a choice clicked where it was when the app said ready is made and kept', async ({ app, page }) => {
  // Record the radio's place in the same task that sets data-ready (before any later answer can move it).
  await page.addInitScript(() => {
    const w = window as unknown as { __atReady: AtReady };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.app[data-ready="true"]')) return;
      observer.disconnect();
      const rect = document.querySelector('input[type="radio"][value="ledgerCoin"]')?.getBoundingClientRect();
      w.__atReady = rect ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  // Hold the two late answers until both have been asked for (and the app info is in), then let them go.
  const held: Route[] = [];
  let releaseAll: () => void = () => {};
  const bothAsked = new Promise<void>((resolve) => (releaseAll = resolve));
  const released = bothAsked.then(() => {});
  for (const channel of ['transfers:tokenInfo', 'transfers:knownParties']) {
    await page.route(`**/__bridge/${encodeURIComponent(channel)}`, async (route) => {
      held.push(route);
      if (held.length === 2) releaseAll();
      await released;
      await route.continue();
    });
  }
  const infoAnswered = page.waitForResponse((r) => r.url().endsWith(`/__bridge/${encodeURIComponent('app:info')}`));

  await page.goto(app.url);
  await infoAnswered;
  await bothAsked;
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  // Everything has answered: the JWT's parties and the sandbox's parties are on screen.
  await expect(page.getByTestId('token-info')).toBeVisible();
  await expect(page.getByLabel('Sandbox parties')).toBeVisible();

  const atReady = await page.evaluate(() => (window as unknown as { __atReady: AtReady }).__atReady);
  expect(atReady, 'the asset choice was on screen when the app said ready').toBeTruthy();
  const radio = page.getByRole('radio', { name: 'Canton Coin' });
  await page.mouse.click((atReady as { x: number }).x, (atReady as { y: number }).y);
  await expect(radio).toBeChecked();
  await expect(page.getByRole('radio', { name: 'All assets' })).not.toBeChecked();
  // Nothing moved it after the app said ready.
  const now = await radio.boundingBox();
  expect(now && { x: now.x + now.width / 2, y: now.y + now.height / 2 }).toEqual(atReady);
});
