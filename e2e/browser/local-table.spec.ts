// The local transfers table reads every stored leg: a sort is over all of them (not a loaded
// page), and filters with the search box narrow the count exactly as the service's legs say.
import { join, resolve } from 'node:path';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { type Decimal, formatAmount, parseDecimal, rescale } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 20_000 } });

const localRows = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: 'Local legs' }).locator('tbody tr.local-leg-row:not(.loading)');

/** Exact order of two decimals: both at the larger scale, compared as integers. */
function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const [x, y] = [rescale(a, scale).units, rescale(b, scale).units];
  return x === y ? 0 : x > y ? 1 : -1;
}
const decimalOf = (leg: TransferLeg) => parseDecimal(leg.amount as string) as Decimal;

const SEARCH_FIELDS = [
  'updateId',
  'senderParty',
  'receiverParty',
  'counterparty',
  'instrumentAdmin',
  'instrumentId',
  'symbol',
  'status',
] as const;
const matches = (leg: TransferLeg, needle: string) =>
  SEARCH_FIELDS.some((f) => (leg[f] ?? '').toLowerCase().includes(needle.toLowerCase()));

test('sorting by amount orders every stored leg; a filter and a search narrow the count exactly', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const { legs, pages } = await fetchLegsOverHttp(app, party);
  expect(pages).toBeGreaterThan(2);
  const amounts = legs.filter((l) => l.amount !== null && parseDecimal(l.amount));
  const max = amounts.reduce((a, b) => (compareDecimal(decimalOf(a), decimalOf(b)) >= 0 ? a : b));

  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await expect(page.getByTestId('local-count')).toHaveText(`${legs.length.toLocaleString('en')} legs match`);

  const amountHeader = page.getByRole('columnheader', { name: /Amount/ });
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(localRows(page).first().locator('[data-column="amount"]')).toHaveText(
    formatAmount(max.amount as string, max.decimals),
  );

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/local-ledger.png') });
  }

  // Incoming legs, and the search box over ids and parties: the count is the service's own.
  const incoming = legs.filter((l) => l.isIncoming);
  const needle = String(incoming.at(-1)?.counterparty).split('::')[0];
  const expected = incoming.filter((l) => matches(l, needle)).length;
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(incoming.length);
  await page.getByLabel('Direction').selectOption('in');
  await expect(page.getByTestId('local-count')).toHaveText(`${incoming.length.toLocaleString('en')} legs match`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(needle);
  await expect(page.getByTestId('local-count')).toHaveText(
    `${expected.toLocaleString('en')} ${expected === 1 ? 'leg matches' : 'legs match'}`,
  );
  await expect(localRows(page).first()).toContainText('incoming');
});

test('an amount bound that is not a number is refused at its field; the table keeps its count', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[1];
  const { legs } = await fetchLegsOverHttp(app, party);
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  const field = page.getByLabel('Amount at least');
  await field.fill('1e5');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText(
    'a plain decimal number, like 1000 or 12.5 (no grouping, no exponent)',
  );
  await expect(page.getByTestId('local-count')).toHaveText(`${legs.length.toLocaleString('en')} legs match`);
});

test('scrolling reaches every leg: the middle and the last row load, and only the rows in view are drawn', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[2];
  const { legs } = await fetchLegsOverHttp(app, party);
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await expect(page.getByTestId('local-count')).toHaveText(`${legs.length.toLocaleString('en')} legs match`);
  const table = page.getByRole('table', { name: 'Local legs' });
  const scroller = page.locator('.local-legs-scroll');
  const rowAt = (index: number) => table.locator(`tbody tr[aria-rowindex="${index + 2}"]`);
  for (const where of [0.5, 1]) {
    await scroller.evaluate((el, at) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) * at;
    }, where);
    const index = where === 1 ? legs.length - 1 : Math.floor(legs.length / 2);
    // The row for that place is drawn and its window of legs arrives (no "Loading…" left).
    await expect(rowAt(index)).toHaveClass('local-leg-row');
    await expect(rowAt(index).locator('[data-column="amount"]')).not.toBeEmpty();
  }
  expect(await table.locator('tbody tr').count()).toBeLessThan(80);
});
