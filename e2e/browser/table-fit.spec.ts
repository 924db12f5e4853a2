// Issue 37, item 2, in a 1280x800 window on the sandbox: every table the first hour met fits the
// window or says how it continues. An amount or a time is never cut (one line, nothing hidden, no
// "…"); a party or update id is shortened on one line, and its full id shows on keyboard focus and
// is what Ctrl+C copies; a table wider than the window scrolls sideways in a box of its own, under
// a header row that stays in view, with its scrollbar on screen together with its top. The live
// Transfers table, then, synced through the UI, the local one, Counterparties and Reconcile.
import type { Locator, Page } from '@playwright/test';
import type { TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, test } from '../support/web-app.ts';
import { syncSampleParty } from './local-support.ts';
import {
  expectFitsOrScrollsInBox,
  expectFullOnFocusAndCopy,
  expectSaysHowItContinues,
  expectWholeAmounts,
  expectWholeIds,
  expectWholeTimes,
} from './table-fit-support.ts';
import { expectPage, fetchLegsOverHttp, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

const IDS = /^(Counterparty|Update id|Sender|Receiver)/;

/** The checks both transfers tables take: times, amounts and ids whole, the box, focus and copy. */
async function checkLegsTable(page: Page, table: Locator, rows: Locator, legs: TransferLeg[]) {
  await expect(rows.first()).toBeVisible();
  await expectWholeTimes(table, /^Effective at/, 10);
  await expectWholeAmounts(table, 10);
  const ids = await expectWholeIds(table, IDS, 40);
  const known = new Set(legs.flatMap((l) => [l.updateId, l.counterparty, l.senderParty, l.receiverParty]));
  expect(ids.filter((c) => c.full !== null && !known.has(c.full))).toEqual([]);
  expect(await expectFitsOrScrollsInBox(page, table)).toBe('scrolls');

  const first = rows.first();
  const updateId = await expectFullOnFocusAndCopy(page, first.locator('[data-column="updateId"]'));
  expect(legs.map((l) => l.updateId)).toContain(updateId);
  const sender = await expectFullOnFocusAndCopy(page, first.locator('[data-column="senderParty"]'));
  expect(legs.map((l) => l.senderParty)).toContain(sender);
}

test('live Transfers: times, amounts and ids whole at 1280 px, the full id on focus and copy, the table scrolls in its box', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party, { pageSize: '25', orderDesc: 'true' });
  // A saved party shows by its label, in a proportional font: its column is as wide as the label.
  const labelled = legs[0].counterparty as string;
  const label = 'Northern settlement desk, EUR and USD';
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const book = page.locator('#address-book');
  await book.getByRole('button', { name: 'Add a party…' }).click();
  const form = book.getByRole('form', { name: 'Edit new party' });
  await form.getByLabel('Party id').fill(labelled);
  await form.getByLabel('Label').fill(label);
  await form.getByLabel('Colour tag').selectOption('teal');
  await form.getByRole('button', { name: 'Add to the address book' }).click();
  await expect(book.getByRole('button', { name: `Remove ${label}` })).toBeVisible();

  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await showParty(page, party);
  await expectPage(page, 1);
  const live = page.getByRole('table', { name: 'Transfer legs' });
  await checkLegsTable(page, live, live.locator('tbody tr.leg-row'), legs);
  await expect(live.locator('tbody tr.leg-row').first().locator('[data-column="counterparty"]')).toHaveText(label);
});

test('local Transfers, Counterparties and Reconcile at 1280 px: fit or scroll in their box, nothing cut', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await app.open(page);
  const party = await syncSampleParty(page);
  const { legs } = await fetchLegsOverHttp(app, party);

  const local = page.getByRole('table', { name: 'Local legs' });
  await checkLegsTable(page, local, local.locator('tbody tr.local-leg-row:not(.loading)'), legs);
  // Its box's scrollbar is below the window's edge at first: a line above it names what follows.
  await expectSaysHowItContinues(local, page.locator('.local-legs').getByTestId('columns-beyond'));

  // Counterparties: the ranking fits the window whole, Net, First seen and Last seen included.
  await page.getByRole('tab', { name: 'Counterparties' }).click();
  const ranking = page.getByRole('table', { name: /counterparties$/ }).first();
  await expect(ranking.locator('tbody tr').nth(20)).toBeAttached();
  expect(await expectFitsOrScrollsInBox(page, ranking)).toBe('fits');
  await expectWholeAmounts(ranking, 60);
  await expectWholeTimes(ranking, /seen/, 40);
  await expectWholeIds(ranking, /^Counterparty/, 20);
  const counterparty = await expectFullOnFocusAndCopy(page, ranking.locator('tbody tr').first().locator('td').nth(1));
  expect(legs.map((l) => l.counterparty)).toContain(counterparty);

  // Reconcile: a statement of the completed legs but one, and a line the ledger does not have.
  const completed = legs
    .filter((l) => l.status === 'completed' && l.effectiveAt && l.counterparty && l.amount)
    .sort((a, b) => (a.effectiveAt as string).localeCompare(b.effectiveAt as string));
  const lines = ['effective_at,counterparty,instrument,amount,update_id'];
  for (const leg of completed.slice(1)) {
    lines.push(
      [
        leg.effectiveAt,
        leg.counterparty,
        leg.instrumentId,
        `${leg.isIncoming ? '' : '-'}${leg.amount}`,
        leg.updateId,
      ].join(','),
    );
  }
  lines.push(`${completed[5].effectiveAt},${completed[5].counterparty},GHOST,250.00,INV-9`);
  await page.getByRole('tab', { name: 'Reconcile' }).click();
  await page.getByLabel('Statement CSV file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Reconciliation counts' })).toBeVisible();
  for (const name of ['In the statement only', 'In the ledger only', 'Matched']) {
    const table = page.getByRole('table', { name });
    await expectFitsOrScrollsInBox(page, table);
    await expectWholeTimes(table, /time/i, 1);
    await expectWholeAmounts(table, 1);
    await expectWholeIds(table, /^(Counterparty|Update id)/, 1);
  }
  const matched = page.getByRole('table', { name: 'Matched' });
  const updateId = await expectFullOnFocusAndCopy(page, matched.locator('tbody tr').first().locator('td').last());
  expect(completed.map((l) => l.updateId)).toContain(updateId);
});
