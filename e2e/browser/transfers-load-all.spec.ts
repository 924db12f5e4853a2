// Load all: every page for the filters in one virtualized table, with progress and Stop.
import { expect, test } from '../support/web-app.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty } from './transfers-support.ts';

test.describe('on a small ledger', () => {
  test.use({ appOptions: { transfers: 15000 } });

  test('pulls every page into one table with the sandbox count, keeping at most 150 rows in the DOM', async ({
    app,
    page,
  }) => {
    const party = app.sandbox.parties[0];
    const expected = await fetchLegsOverHttp(app, party);
    expect(expected.pages).toBeGreaterThan(1);
    const total = expected.legs.length.toLocaleString('en');

    await app.open(page);
    await showParty(page, party);
    await expectPage(page, 1);
    await page.getByRole('button', { name: 'Load all' }).click();
    await expect(page.getByTestId('load-all-status')).toHaveText(
      `${total} legs from ${expected.pages} pages — all loaded`,
    );
    await expect(page.getByTestId('row-count')).toHaveText(`${total} rows`);
    await expect(page.getByRole('table', { name: 'Transfer legs' })).toHaveAttribute(
      'aria-rowcount',
      String(expected.legs.length + 1),
    );
    expect(await legRows(page).count()).toBeLessThanOrEqual(150);

    // Scrolled to the end, the last leg the service sent is on screen, and still few rows exist.
    await page.locator('.legs-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const lastId = expected.legs.at(-1)?.updateId as string;
    await expect(legRows(page).last().locator('td[data-column="updateId"] .mono')).toHaveAttribute('title', lastId);
    expect(await legRows(page).count()).toBeLessThanOrEqual(150);

    // The quick filter works on everything loaded, not only what is in the DOM.
    const counterparty = expected.legs.at(-1)?.counterparty as string;
    const matching = expected.legs.filter((l) =>
      Object.values(l).some((v) => typeof v === 'string' && v.toLowerCase().includes(counterparty.toLowerCase())),
    ).length;
    await page.getByLabel('Filter loaded rows').fill(counterparty);
    await expect(page.getByTestId('row-count')).toHaveText(`${matching.toLocaleString('en')} of ${total} rows match`);
    await expect(page.getByRole('region', { name: 'Summary of the loaded legs' })).toContainText(
      `Summary of ${total} loaded legs`,
    );
  });
});

test('Stop keeps what was loaded and Continue finishes from the last cursor', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const expected = await fetchLegsOverHttp(app, party);
  const total = expected.legs.length.toLocaleString('en');
  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Load all' }).click();
  const status = page.getByTestId('load-all-status');
  // Stopped at once, while the first pages are on their way (about 20 pages in all).
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status).toHaveText(/— stopped$/);
  const stoppedText = await status.textContent();
  expect(stoppedText).not.toContain(total);
  await expect(page.getByRole('progressbar', { name: 'Loading all pages' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(status).toHaveText(`${total} legs from ${expected.pages} pages — all loaded`, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Back to pages' }).click();
  await expectPage(page, 1);
});

test.describe('while the service is starting', () => {
  test.use({ appOptions: { transfers: 3000, startupSeconds: 6 } });

  test('Load all stopped before its first page, then continued, loads everything once the service is up', async ({
    app,
    page,
  }) => {
    const party = app.sandbox.parties[0];
    await app.open(page);
    await showParty(page, party);
    await expect(page.getByTestId('service-starting')).toBeVisible();
    await page.getByRole('button', { name: 'Load all' }).click();
    await page.getByRole('button', { name: 'Stop' }).click();
    const status = page.getByTestId('load-all-status');
    await expect(status).toHaveText('0 legs from 0 pages — stopped');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(status).toHaveText(/— all loaded$/, { timeout: 30_000 });
    const expected = await fetchLegsOverHttp(app, party);
    await expect(status).toHaveText(
      `${expected.legs.length.toLocaleString('en')} legs from ${expected.pages} ${expected.pages === 1 ? 'page' : 'pages'} — all loaded`,
    );
  });
});
