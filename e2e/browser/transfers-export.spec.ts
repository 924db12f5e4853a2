// Export writes every page for the filters on screen, and the file says exactly what the API says.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../src-shared/contract/transfers.ts';
import { expect, test } from '../support/web-app.ts';
import { expectPage, fetchLegsOverHttp, parseCsv, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 8000 } });

const csvText = (value: TransferLeg[keyof TransferLeg]) => (value === null ? '' : String(value));

test('CSV of all pages equals the legs the API returns, with a summary and the file path', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const expected = await fetchLegsOverHttp(app, party);
  expect(expected.pages).toBeGreaterThan(1);

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const card = page.getByTestId('export-card');
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card.getByRole('heading')).toHaveText('Exported CSV');
  await expect(page.getByTestId('export-legs')).toHaveText(expected.legs.length.toLocaleString('en'));
  const path = (await page.getByTestId('export-path').textContent()) ?? '';
  expect(path.startsWith(join(app.exportDir, 'transfers-'))).toBe(true);
  await expect(card).toContainText(`${expected.legs.length.toLocaleString('en')} legs in ${expected.pages} pages`);
  await expect(card.getByRole('table', { name: 'Exported totals per instrument' }).locator('tbody tr')).toHaveCount(
    new Set(expected.legs.map((l) => `${l.instrumentAdmin}|${l.instrumentId}`)).size,
  );

  const rows = parseCsv(await readFile(path, 'utf8'));
  // The 12 fields as the API sent them, then the address book's labels (none saved: empty).
  expect(rows[0]).toEqual([...TRANSFER_LEG_FIELDS, 'senderLabel', 'receiverLabel']);
  expect(rows.slice(1)).toEqual(
    expected.legs.map((leg) => [...TRANSFER_LEG_FIELDS.map((f) => csvText(leg[f])), '', '']),
  );
});

test('JSON Lines of filtered legs equals the API, field for field', async ({ app, page }) => {
  const party = app.sandbox.parties[2];
  const expected = await fetchLegsOverHttp(app, party, { assetKind: 'ledger_coin', orderDesc: 'false' });
  expect(expected.legs.length).toBeGreaterThan(0);

  await app.open(page);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await page.getByLabel('Order').selectOption('asc');
  await showParty(page, party);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Export JSON Lines' }).click();
  const card = page.getByTestId('export-card');
  await expect(card).toHaveAttribute('data-state', 'done');
  const path = (await page.getByTestId('export-path').textContent()) ?? '';
  expect(path.endsWith('.jsonl')).toBe(true);
  const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
  expect(lines.map((line) => JSON.parse(line))).toEqual(
    expected.legs.map((leg) => ({ ...leg, senderLabel: null, receiverLabel: null })),
  );
});
