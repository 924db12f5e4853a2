// The address book against the sandbox: a party saved with a label in Settings shows by that label
// in the transfers table, the detail panel and the summary (the full id on hover); a CSV with two
// bad rows imports the good ones and lists the bad ones by line; the export writes the book as CSV.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/web-app.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 600 } });

const addressBook = (page: Page) => page.locator('#address-book');

async function openAddressBook(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(addressBook(page).getByRole('heading', { name: 'Address book' })).toBeVisible();
}

test('a label saved in Settings shows in the table, the detail panel and the summary', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const first = (await fetchLegsOverHttp(app, party)).legs[0];
  const counterparty = first.counterparty as string;
  const admin = first.instrumentAdmin as string;

  await app.open(page);
  await openAddressBook(page);
  const book = addressBook(page);
  for (const [id, label, colour] of [
    [counterparty, 'North desk', 'teal'],
    [admin, 'Registrar', 'none'],
  ]) {
    await book.getByRole('button', { name: 'Add a party…' }).click();
    const form = book.getByRole('form', { name: 'Edit new party' });
    await form.getByLabel('Party id').fill(id);
    await form.getByLabel('Label').fill(label);
    await form.getByLabel('Colour tag').selectOption(colour);
    await form.getByRole('button', { name: 'Add to the address book' }).click();
    await expect(book.getByRole('button', { name: `Remove ${label}` })).toBeVisible();
  }
  await expectAccessible(page, 'Settings with the address book');

  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await showParty(page, party);
  await expectPage(page, 1);
  const cell = legRows(page).first().locator('td[data-column="counterparty"]');
  await expect(cell).toHaveText('North desk');
  await expect(cell.locator('.party-tag-teal')).toHaveCount(1);
  await expect(cell.locator('[data-party]')).toHaveAttribute('title', `Show the transfers of ${counterparty}`);

  await legRows(page).first().click();
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  const fact = detail.locator('.fact').filter({ has: page.locator('dt', { hasText: /^counterparty$/ }) });
  await expect(fact.locator('dd .mono')).toHaveText(counterparty);
  await expect(fact).toContainText('North desk');

  const totals = page.getByRole('table', { name: 'Totals per instrument' });
  await expect(totals).toContainText('Registrar');
  await expect(totals.locator(`[data-party="${admin}"]`).first()).toHaveAttribute('title', admin);
});

test('import: good rows in, two bad rows reported by line; export writes the book as CSV', async ({ app, page }) => {
  const [a, b, c] = app.sandbox.parties;
  const csv = [
    'party,label,colour,note',
    `${a},Acme treasury,blue,"Calls after 9, never before"`,
    'acme-desk,Wrong id,red,', // line 3: not a party id
    `${b},North exchange,green,`,
    `${c},South,magenta,`, // line 5: not a colour
  ].join('\r\n');

  await app.open(page);
  await openAddressBook(page);
  const book = addressBook(page);
  await book.getByLabel('Address book CSV file').setInputFiles({
    name: 'parties.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(book.getByRole('status')).toHaveText(
    'Imported: 2 parties added, 0 updated, 0 unchanged; 2 rows not imported.',
  );
  const problems = book.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem');
  await expect(problems).toHaveText([/^Line 3: party: /, /^Line 5: colour .*"magenta" is not a colour$/]);
  const saved = book.getByRole('list', { name: 'Saved parties' });
  await expect(saved).toContainText('Acme treasury');
  await expect(saved).toContainText('Calls after 9, never before');
  await expect(saved).toContainText('North exchange');
  await expect(saved).not.toContainText('South');

  await book.getByRole('button', { name: 'Export CSV…' }).click();
  await expect(book.getByRole('status')).toHaveText(/^Saved 2 parties to .+address-book\.csv$/);
  const path = /to (.+)$/.exec((await book.getByRole('status').textContent()) ?? '')?.[1] as string;
  expect(path).toBe(join(app.exportDir, 'address-book.csv'));
  expect(await readFile(path, 'utf8')).toBe(
    `party,label,colour,note\r\n${a},Acme treasury,blue,"Calls after 9, never before"\r\n${b},North exchange,green,\r\n`,
  );
});
