// The notebook (the Local ledger's SQL tab) in the browser version over a store synced through the
// UI: a query written with a {{min}} number parameter runs with a value typed in its field (its
// count equals one computed from the legs over HTTP), is saved as a file in the profile's folder
// under the user-data folder, and an edit made to that file by another program shows up in the app.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDecimal, rescale } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone, typeIntoSqlEditor } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 2000 } });

test('a query with a {{min}} parameter runs, is saved as a file, and an outside edit shows up', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);
  // Each leg's units at its instrument's decimals, as amount_units holds them (docs/local-ledger.md).
  const units = legs.flatMap((leg) => {
    const d = parseDecimal(leg.amount ?? '');
    return d ? [rescale(d, leg.decimals ?? 18)] : [];
  });
  // A threshold in the middle: some legs on each side.
  const sorted = units.map((d) => d.units).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const min = sorted[Math.floor(sorted.length / 2)];
  const expected = units.filter((d) => d.units >= min).length;
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(units.length);

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByRole('button', { name: 'New query' }).click();
  await typeIntoSqlEditor(
    page,
    [
      '-- name: Legs at or above a minimum',
      '-- param: min number label="Minimum units"',
      '',
      'SELECT count(*) AS n FROM legs WHERE party = {{party}} AND amount_units >= {{min}}',
    ].join('\n'),
  );
  const form = page.getByRole('group', { name: 'Parameters' });
  await expect(form.getByLabel('Party')).toHaveValue(party);
  await form.getByLabel('Minimum units').fill('12x');
  await expect(form.getByLabel('Minimum units')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Minimum units').fill(min.toString());
  await page.getByRole('button', { name: 'Run' }).click();
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText([String(expected)]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Save as file')).toHaveValue('Legs at or above a minimum.sql');
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(
    'Saved as Legs at or above a minimum.sql.',
  );
  const path = join(app.userDataDir, 'queries', 'sandbox', 'Legs at or above a minimum.sql');
  const written = await readFile(path, 'utf8');
  expect(written).toContain('-- param: min number label="Minimum units"');
  expect(written).toContain('amount_units >= {{min}}');
  const queries = page.getByRole('list', { name: 'My queries' });
  await expect(queries.getByRole('button', { name: 'Legs at or above a minimum' })).toBeVisible();

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: join(import.meta.dirname, '../../docs/screenshots/notebook.png') });
  }

  // Another program edits the file: the app reloads it (no unsaved edits here) and says so.
  await writeFile(path, written.replace('Legs at or above a minimum', 'Legs at or above (edited outside)'));
  await expect(page.getByRole('status').filter({ hasText: 'changed on disk' })).toHaveText(
    'Legs at or above a minimum.sql changed on disk: reloaded.',
  );
  await expect(page.getByRole('heading', { name: 'Legs at or above (edited outside)' })).toBeVisible();
  await expect(queries.getByRole('button', { name: 'Legs at or above (edited outside)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toContainText('(edited outside)');
});
