// Settings lists what the local ledger keeps; forgetting a party removes it from the list and its
// local views say "Not synced yet" again.
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 8000 } });

test('forgetting a party after a confirmation updates the store list and the table', async ({ app, page }) => {
  const [first, second] = app.sandbox.parties;
  const { legs } = await fetchLegsOverHttp(app, first);
  await app.open(page);
  for (const party of [first, second]) {
    await openLocalParty(page, party);
    await syncToDone(page);
  }

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  const store = page.getByTestId('local-store-sandbox');
  const rows = store.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const firstRow = rows.filter({ has: page.getByTitle(first, { exact: true }) });
  await expect(firstRow).toContainText(legs.length.toLocaleString('en'));
  await expect(store).toContainText('local-ledger/sandbox.duckdb');

  await firstRow.getByRole('button', { name: 'Forget local data' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Forget local data' });
  await expect(dialog).toContainText(`the legs of ${first.split('::')[0]}::`);
  await dialog.getByRole('button', { name: 'Forget' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(store.getByTitle(first, { exact: true })).toHaveCount(0);

  await openLocalParty(page, first);
  await expect(page.getByTestId('local-provenance')).toHaveText('Not synced yet');
  // Nothing of it is stored any more: the screen says what a sync does, not an empty table (issue 24).
  await expect(page.getByRole('region', { name: 'Not synced yet' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Local legs' })).toHaveCount(0);
});
