// "Sync all my parties" through the UI: every party of the sandbox JWT synced with one combined
// progress; a portfolio of two of them defined in the SQL tab's scope picker; a query over the
// portfolio sees legs between the two marked internal and instrument_totals counting only the
// others (both compared with the legs over HTTP).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

async function runQuery(page: Page, sql: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

test('sync all parties of the sandbox JWT, then a query over a portfolio marks and leaves out internal legs', async ({
  app,
  page,
}) => {
  const parties = app.sandbox.parties;
  const members = [parties[0], parties[1]];
  const legs = (await Promise.all(members.map((p) => fetchLegsOverHttp(app, p)))).flatMap((r) => r.legs);
  const internal = legs.filter((leg) => leg.counterparty !== null && members.includes(leg.counterparty)).length;
  expect(internal).toBeGreaterThan(0);

  await app.open(page);
  await openLocalParty(page, parties[0]);
  await page.getByRole('button', { name: 'Sync all my parties' }).click();
  const panel = page.getByTestId('sync-all').locator('.local-sync-all-panel');
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('sync-all-progress')).toContainText(`${parties.length} of ${parties.length} parties`);
  await expect(panel.getByRole('list', { name: 'Parties' }).locator('li[data-state="done"]')).toHaveCount(
    parties.length,
  );

  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByRole('button', { name: 'Portfolios…' }).click();
  const form = page.getByRole('form', { name: 'New portfolio' });
  await form.getByLabel('Portfolio name').fill('Treasury');
  for (const party of members) {
    await form
      .locator('label', { has: page.locator(`[data-party="${party}"]`) })
      .getByRole('checkbox')
      .check();
  }
  await form.getByRole('button', { name: 'Save portfolio' }).click();
  await expect(page.getByRole('region', { name: 'Portfolios' }).getByRole('listitem')).toHaveText([
    /^Treasury \(2 parties\)/,
  ]);

  await page.getByLabel('Query parties').selectOption('portfolio');
  await expect(page.getByLabel('Query portfolio')).toHaveValue('Treasury');
  const table = page.getByRole('table', { name: 'Query results' });
  await runQuery(page, 'SELECT internal, count(*) AS n FROM legs GROUP BY internal ORDER BY internal');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').nth(0).locator('td')).toHaveText(['false', String(legs.length - internal)]);
  await expect(table.locator('tbody tr').nth(1).locator('td')).toHaveText(['true', String(internal)]);

  await runQuery(page, 'SELECT sum(legs) AS n FROM instrument_totals');
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText([String(legs.length - internal)]);

  // Back to every synced party: all the token's parties are there.
  await page.getByLabel('Query parties').selectOption('all');
  await runQuery(page, 'SELECT count(DISTINCT party) AS n FROM legs');
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText([String(parties.length)]);
});
