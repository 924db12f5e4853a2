// Paging by cursor, the table's formatting, the leg detail, and the table layout kept across restarts.
import { readFile } from 'node:fs/promises';
import { TRANSFER_LEG_FIELDS } from '../../src-shared/contract/transfers.ts';
import { addDecimal, decimalToString, formatAmount, parseDecimal, rescale, ZERO } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import {
  expectPage,
  fetchPageOverHttp,
  legRows,
  openFilters,
  reopen,
  showParty,
  updateIdsOnScreen,
} from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('Next follows the cursor, Previous restores page 1 exactly, the page number follows', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const first = await fetchPageOverHttp(app, party, { pageSize: '25' });
  const second = await (
    await fetch(first.nextPageUrl as string, { headers: { jwt: app.sandbox.tokens.readAll } })
  ).json();

  // The table is virtualized: the rows in view are compared with the same leading legs of the page.
  const onScreen = async (legs: Array<{ updateId: string | null }>) => {
    const ids = await updateIdsOnScreen(page);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual(legs.slice(0, ids.length).map((l) => l.updateId));
  };

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  await expect(page.getByTestId('row-count')).toHaveText('25 rows');
  const page1Text = await legRows(page).allInnerTexts();
  await onScreen(first.transfers);
  await expect(page.getByRole('button', { name: '← Previous page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next page →' }).click();
  await expectPage(page, 2);
  await onScreen(second.transfers);
  expect(await legRows(page).allInnerTexts()).not.toEqual(page1Text);

  await page.getByRole('button', { name: '← Previous page' }).click();
  await expectPage(page, 1);
  expect(await legRows(page).allInnerTexts()).toEqual(page1Text);
});

test('amounts are shown exactly from the decimal string and decimals; nulls as a dash', async ({ app, page }) => {
  const weth = app.sandbox.instruments.find((i) => i.decimals === 18);
  const legacy = app.sandbox.instruments.find((i) => i.decimals === null);
  if (!weth || !legacy) throw new Error('the sandbox lacks its 18-decimal or its unlisted instrument');
  const party = app.sandbox.parties[0];
  const expected = await fetchPageOverHttp(app, party, {
    pageSize: '25',
    instrumentAdmin: weth.admin,
    instrumentId: weth.id,
  });
  expect(expected.transfers.length).toBeGreaterThan(0);

  await app.open(page);
  await page.getByLabel('Party id').fill(party);
  await page.getByRole('radio', { name: 'Instrument', exact: true }).check();
  await page.getByLabel('Instrument administrator').fill(weth.admin);
  await page.getByLabel('Instrument id', { exact: true }).fill(weth.id);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);
  const amounts = legRows(page).locator('td[data-column="amount"]');
  for (const [i, leg] of expected.transfers.slice(0, 5).entries()) {
    const shown = formatAmount(leg.amount as string, 18);
    expect(shown).toMatch(/^\d{1,3}(,\d{3})*\.\d{18}$/);
    await expect(amounts.nth(i)).toHaveText(shown);
  }
  const header = page.getByRole('columnheader', { name: 'Amount' });
  await expect(header).toHaveCSS('text-align', 'right');

  // The unlisted instrument: no symbol, no decimals; a dash in the table and in the detail, never "null".
  await openFilters(page);
  await page.getByLabel('Instrument administrator').fill(legacy.admin);
  await page.getByLabel('Instrument id', { exact: true }).fill(legacy.id);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);
  await expect(legRows(page).first()).toContainText('—');
  await expect(page.getByRole('table', { name: 'Transfer legs' })).not.toContainText('null');
  await legRows(page).first().click();
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  await expect(detail.locator('.fact', { hasText: 'decimals' }).locator('dd')).toHaveText('—');
});

test('a row opens by keyboard into every field, the raw JSON and copy buttons', async ({ app, page }) => {
  const party = app.sandbox.parties[1];
  const [leg] = (await fetchPageOverHttp(app, party, { pageSize: '25' })).transfers;
  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  // The table is one Tab stop (docs/accessibility.md): its first header cell, then ArrowDown to the first leg.
  await page
    .getByRole('table', { name: 'Transfer legs' })
    .getByRole('columnheader')
    .first()
    .getByRole('button')
    .focus();
  await page.keyboard.press('ArrowDown');
  await expect(legRows(page).first().getByRole('cell').first()).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  for (const field of TRANSFER_LEG_FIELDS) await expect(detail.getByText(field, { exact: true })).toBeVisible();
  await detail.getByText('Raw JSON', { exact: true }).click();
  await expect(detail.locator('pre')).toHaveText(JSON.stringify(leg, null, 2));
  for (const field of ['updateId', 'receiverParty']) {
    await expect(detail.getByRole('button', { name: `Copy ${field}` })).toBeVisible();
  }
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await detail.getByRole('button', { name: 'Copy updateId' }).click();
  await expect(detail.getByRole('button', { name: 'Copy updateId' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(leg.updateId);

  // The raw JSON is copied exactly as shown; Escape closes the panel and the cell that opened it has the focus again.
  await detail.getByRole('button', { name: 'Copy raw JSON' }).click();
  await expect(detail.getByRole('button', { name: 'Copied raw JSON' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify(leg, null, 2));
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(legRows(page).first().getByRole('cell').first()).toBeFocused();
});

test('column visibility, order and relative times are kept across a restart', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  const table = page.getByRole('table', { name: 'Transfer legs' });
  await page.getByText('Columns', { exact: true }).click();
  await page.getByLabel('Show column Status').uncheck();
  await page.getByRole('button', { name: 'Move Amount left' }).click();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show relative times' }).click();
  await expect(legRows(page).first()).toContainText(/ ago|yesterday|last /);

  // Saved to the settings file by main.
  await expect
    .poll(async () => {
      const saved = JSON.parse(await readFile(`${app.userDataDir}/settings.json`, 'utf8'));
      return [saved.preferences.transfersTable.columnVisibility.status, saved.preferences.timeFormat];
    })
    .toEqual([false, 'relative']);

  await reopen(app, page);
  await showParty(page, party);
  await expectPage(page, 1);
  await expect(table.getByRole('columnheader', { name: 'Status' })).toHaveCount(0);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  expect(headers.map((h) => h.trim()).slice(0, 3)).toEqual(['Direction', 'Amount', 'Effective at']);
  await expect(legRows(page).first()).toContainText(/ ago|yesterday|last /);
});

test('the summary totals the loaded legs exactly, and uPlot draws the daily flow under the CSP', async ({
  app,
  page,
}) => {
  // The fixture fails the test on any CSP violation: uPlot must draw without inline styles.
  const party = app.sandbox.parties[3];
  const legs = (await fetchPageOverHttp(app, party, { pageSize: '250', assetKind: 'ledger_coin' })).transfers;
  let totalIn = ZERO;
  let totalOut = ZERO;
  for (const leg of legs) {
    const amount = parseDecimal(leg.amount as string);
    if (!amount) continue;
    if (leg.isIncoming) totalIn = addDecimal(totalIn, amount);
    else totalOut = addDecimal(totalOut, amount);
  }

  await app.open(page);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await page.getByLabel('Page size').selectOption('250');
  await showParty(page, party);
  await expectPage(page, 1);
  const row = page.getByRole('table', { name: 'Totals per instrument' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').nth(2)).toHaveText(formatAmount(decimalToString(totalIn), 10));
  await expect(row.locator('td').nth(3)).toHaveText(formatAmount(decimalToString(totalOut), 10));

  const chart = page.getByTestId('flow-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  // uPlot's stylesheet arrived as a file (style-src 'self'): its rules apply (else .u-over would be static).
  await expect(chart.locator('.u-over')).toHaveCSS('position', 'absolute');
  await expect(chart).toHaveAttribute('aria-label', /^Net flow of CC \(Amulet\) per (UTC|local) day: \d+ days from /);
  await expect(page.getByRole('heading', { name: /^Net flow of CC \(Amulet\) per (UTC|local) day/ })).toBeVisible();
  // Pointing at the first bar (one day after the axis starts) shows its net flow exactly, to CC's
  // 10 decimals.
  const over = chart.locator('.u-over');
  const [from, to] = await Promise.all(
    ['data-x-from', 'data-x-to'].map(async (n) => Date.parse((await chart.getAttribute(n)) as string)),
  );
  const box = (await over.boundingBox()) as { width: number; height: number };
  await over.hover({ position: { x: (86_400_000 / (to - from)) * box.width, y: box.height / 2 } });
  await expect(page.locator('.flow-readout')).toHaveText(
    /^\d{4}-\d{2}-\d{2} \((UTC|local)\): net [+-]?\d{1,3}(,\d{3})*\.\d{10} CC( \(bar clipped\))?$/,
  );
});

test('sorting by amount orders the loaded rows by exact decimal value', async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await page.getByLabel('Page size').selectOption('100');
  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  const header = page.getByRole('columnheader', { name: 'Amount' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const read = async () =>
    (await legRows(page).locator('td[data-column="amount"]').allInnerTexts()).map((text) => {
      const parsed = parseDecimal(text.replaceAll(',', ''));
      if (!parsed) throw new Error(`not an amount: ${text}`);
      return rescale(parsed, 10).units;
    });
  const ascending = await read();
  expect(ascending.length).toBeGreaterThan(10);
  expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = await read();
  expect(descending).toEqual([...descending].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  expect(descending[0] >= ascending[ascending.length - 1]).toBe(true);
});
