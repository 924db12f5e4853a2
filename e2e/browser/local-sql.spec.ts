// The SQL tab over a store synced through the UI: a query's rows equal what the legs over HTTP say,
// a DELETE is refused with the message at the editor, and the store still holds every leg after.
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { fetchLegsOverHttp } from './transfers-support.ts';

test.use({ appOptions: { transfers: 4000 } });

async function runQuery(page: Page, sql: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

test('a query over the legs view shows its rows; a DELETE is refused at the editor', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);
  const perSymbol = new Map<string, number>();
  for (const leg of legs) perSymbol.set(leg.symbol ?? '', (perSymbol.get(leg.symbol ?? '') ?? 0) + 1);
  const expected = [...perSymbol].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();

  await runQuery(
    page,
    `SELECT coalesce(symbol, '') AS symbol, count(*) AS legs FROM legs WHERE party = '${party}' GROUP BY ALL ORDER BY symbol`,
  );
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.locator('tbody tr')).toHaveCount(expected.length);
  for (const [i, [symbol, count]] of expected.entries()) {
    await expect(table.locator('tbody tr').nth(i).locator('td')).toHaveText([symbol, String(count)]);
  }
  await expect(page.getByRole('status').filter({ hasText: 'rows' })).toContainText(`${expected.length} rows`);

  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/sql.png') });
  }

  await runQuery(page, 'DELETE FROM legs');
  await expect(page.getByRole('alert')).toHaveText(
    'Only reads run here: DELETE was refused. The local store is read-only from SQL.',
  );
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toHaveAttribute('aria-invalid', 'true');

  await runQuery(page, `SELECT count(*) AS n FROM legs WHERE party = '${party}'`);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText([String(legs.length)]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
