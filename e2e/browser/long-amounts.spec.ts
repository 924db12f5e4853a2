// Issue 24, item 7: exact amounts are never cut in any table. The sandbox sends every leg's amount
// with 48 digits (every other one 38: the `long-amounts` variation), and in a 1280x800 window each
// table the amounts reach shows every one whole inside its cell, while the page itself never
// scrolls sideways (a wide table scrolls in its own box): the live transfers table and its
// summary, then, synced through the UI, the local table, the counterparty ranking, the
// relationship's totals and legs, the flows table and a SQL query's results.
import type { Page } from '@playwright/test';
import { formatAmount } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { armVariation } from './conformance-support.ts';
import { syncToDone } from './local-support.ts';
import { expectNoSidewaysScroll, expectWholeAmounts } from './table-fit-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000, faults: true } });

async function runQuery(page: Page, sql: string): Promise<void> {
  await page.getByRole('textbox', { name: 'SQL query' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

test('a 48-digit amount is whole in every table at 1280 px, live and local', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await armVariation(app, 'ledger', ['long-amounts']);
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party, { pageSize: '25', orderDesc: 'true' });
  const longest = legs.find((l) => l.amount?.replace(/[^0-9]/g, '').length === 48);
  expect(longest, 'the variation gives legs 48-digit amounts').toBeTruthy();

  // Live: the first page, and its summary's exact totals (sums of 48-digit amounts).
  await app.open(page);
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  const live = page.getByRole('table', { name: 'Transfer legs' });
  await expect(live.locator('tbody tr.leg-row').first()).toBeVisible();
  const shown = await expectWholeAmounts(live, 10);
  expect(shown.map((a) => a.text)).toContain(formatAmount(longest?.amount as string, longest?.decimals ?? null));
  expect(Math.max(...shown.map((a) => a.digits))).toBe(48);
  const totals = await expectWholeAmounts(page.getByRole('table', { name: 'Totals per instrument' }), 3);
  expect(Math.max(...totals.map((a) => a.digits))).toBeGreaterThanOrEqual(48);
  await expectNoSidewaysScroll(page);

  // Local, synced through the UI with the same answers: the Local ledger opens on this party.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await syncToDone(page);
  const local = page.getByRole('table', { name: 'Local legs' });
  await expect(local.locator('tbody tr.local-leg-row:not(.loading)').first()).toBeVisible();
  const stored = await expectWholeAmounts(local, 10);
  // 48 digits of units are past the store's 128 bits: kept as the text sent, marked, still whole.
  expect(stored.map((a) => a.text)).toContain(`≈ ${longest?.amount}`);
  await expectNoSidewaysScroll(page);

  await page.getByRole('tab', { name: 'Counterparties' }).click();
  const ranking = page.getByRole('table', { name: /counterparties$/ }).first();
  await expectWholeAmounts(ranking, 3);
  await expectNoSidewaysScroll(page);

  await ranking.locator('.local-counterparty-button').first().click();
  await expectWholeAmounts(page.getByRole('table', { name: 'Totals between the parties' }), 3);
  const between = await expectWholeAmounts(page.getByRole('table', { name: 'Legs between the parties' }), 2);
  expect(Math.max(...between.map((a) => a.digits))).toBe(48);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: '← All counterparties' }).click();

  await page.getByRole('tab', { name: 'Flows' }).click();
  await expectWholeAmounts(page.getByRole('table', { name: /flows per day$/ }).first(), 3);
  await expectNoSidewaysScroll(page);

  await page.getByRole('tab', { name: 'SQL' }).click();
  await runQuery(
    page,
    `SELECT amount, amount_units, amount_scale FROM legs WHERE party = '${party}' ORDER BY length(amount) DESC, amount LIMIT 20`,
  );
  const results = page.getByRole('table', { name: 'Query results' });
  await expect(results.locator('tbody tr')).toHaveCount(20);
  const rows = await expectWholeAmounts(results, 20);
  expect(Math.max(...rows.map((a) => a.digits))).toBe(48);
  await expectNoSidewaysScroll(page);
});
