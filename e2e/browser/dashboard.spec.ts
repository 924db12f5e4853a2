// The analyst's loop in the browser version (issue 28's "Done when"): a query with a parameter is
// written, charted and saved as a file; an edit made to the file outside the app shows up; the query
// is pinned to the dashboard; a sync of another party (by the CLI, while the dashboard is on screen) ends and the dashboard runs
// again by itself,
// its panel now counting both parties. Counts are checked against the legs over HTTP.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDashboard } from '../../src-shared/notebook/dashboard-file.ts';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, runCliSync, syncToDone, typeIntoSqlEditor } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 2000 } });

test('a parameterized query, charted and saved, edited outside, pinned: the dashboard refreshes after a sync', async ({
  app,
  page,
}) => {
  const [first, second] = app.sandbox.parties;
  const legsOf = async (party: string) => (await fetchLegsOverHttp(app, party)).legs.length;
  const [firstLegs, secondLegs] = [await legsOf(first), await legsOf(second)];

  await app.open(page);
  await openLocalParty(page, first);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByRole('button', { name: 'New query' }).click();
  await typeIntoSqlEditor(
    page,
    [
      '-- name: Legs per party',
      '-- param: status text label="Status" default=completed',
      '',
      'SELECT party, count(*) AS legs FROM legs WHERE status <> {{status}} OR status = {{status}} GROUP BY party ORDER BY party',
    ].join('\n'),
  );
  const form = page.getByRole('group', { name: 'Parameters' });
  await expect(form.getByLabel('Status')).toHaveValue('completed');
  await page.getByRole('button', { name: 'Run' }).click();
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText([first, String(firstLegs)]);

  // Chart it: bars by party, the exact count under the pointer's readout; the choice goes in the header.
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption('bar');
  await expect(page.getByRole('combobox', { name: 'Y', exact: true })).toHaveValue('legs');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText('Saved as Legs per party.sql.');
  const path = join(app.userDataDir, 'queries', 'sandbox', 'Legs per party.sql');
  const written = await readFile(path, 'utf8');
  expect(written).toContain('-- chart: bar x=party x_type=category y=legs');

  // Another program renames it in the file: the app reloads it.
  await writeFile(path, written.replace('-- name: Legs per party', '-- name: Legs per synced party'));
  await expect(page.getByRole('heading', { name: 'Legs per synced party', level: 3 })).toBeVisible();

  // Pin it (as a chart) and look at the dashboard.
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('result-chart')).toBeVisible();
  await page.getByRole('button', { name: 'Pin to dashboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pinned' })).toHaveText(
    'Pinned to the dashboard (1 panel): see the Dashboard tab.',
  );
  const dashboard = parseDashboard(
    await readFile(join(app.userDataDir, 'queries', 'sandbox', 'dashboard.json'), 'utf8'),
  );
  expect(dashboard.dashboard.panels).toEqual([
    { id: 'p1', query: { kind: 'file', file: 'Legs per party.sql' }, view: 'chart', params: { status: 'completed' } },
  ]);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const panel = page.getByRole('article', { name: 'Legs per synced party' });
  const state = panel.getByTestId('panel-state');
  await expect(state).toHaveText(/^Refreshed .* · 1 row$/);
  await expect(panel.getByTestId('result-chart')).toBeVisible();
  await panel.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(panel.getByRole('table', { name: 'Query results' }).locator('tbody tr')).toHaveCount(1);

  // Another party is synced (a scheduled `npm run cli -- sync` here, while the dashboard is on
  // screen): when it ends, the panel runs again by itself, with no click, and counts both parties.
  const before = await state.textContent();
  const cli = await runCliSync(app.userDataDir, second, 2000);
  expect(cli.code, cli.stderr).toBe(0);
  await expect(state).toHaveText(/^Refreshed .* · 2 rows$/);
  expect(await state.textContent()).not.toBe(before);
  const rows = panel.getByRole('table', { name: 'Query results' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const expected = [
    [first, String(firstLegs)],
    [second, String(secondLegs)],
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  await expect(rows.nth(0).locator('td')).toHaveText(expected[0]);
  await expect(rows.nth(1).locator('td')).toHaveText(expected[1]);

  if (process.env.SCREENSHOTS) {
    await panel.getByRole('button', { name: 'Chart', exact: true }).click();
    await expect(panel.getByTestId('result-chart')).toBeVisible();
    await page.getByRole('tablist', { name: 'Local views' }).evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(import.meta.dirname, '../../docs/screenshots/dashboard.png') });
  }
});
