// "Sync all my parties" through the UI: every party of the sandbox JWT synced with one combined
// progress; a portfolio of two of them defined in the SQL tab's scope picker; a query over the
// portfolio sees legs between the two marked internal and instrument_totals counting only the
// others (both compared with the legs over HTTP); the local views (Transfers, Counterparties,
// Flows) read the portfolio too: every leg of its members with a Party column, internal ones
// marked, and counterparties only outside it.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, openSyncOptions } from './local-support.ts';
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

/** How many lines each element's content lays out on (boxes on one line start within a font size). */
const linesOf = (elements: Element[]) =>
  elements.map((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const em = Number.parseFloat(getComputedStyle(element).fontSize);
    const tops = Array.from(range.getClientRects(), (r) => r.top).sort((x, y) => x - y);
    return tops.filter((top, i) => i === 0 || top - tops[i - 1] > em).length;
  });

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
  await openSyncOptions(page);
  await page.getByRole('button', { name: 'Sync all my parties' }).click();
  const panel = page.getByTestId('sync-all').locator('.local-sync-all-panel');
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('sync-all-progress')).toContainText(`${parties.length} of ${parties.length} parties`);
  // Done with no failure, it folds to its line (the views stay up the screen); the list is a click away.
  await expect(panel.getByRole('list', { name: 'Parties' })).toBeHidden();
  await panel.getByRole('button', { name: 'Show parties' }).click();
  await expect(panel.getByRole('list', { name: 'Parties' }).locator('li[data-state="done"]')).toHaveCount(
    parties.length,
  );

  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByRole('button', { name: 'Portfolios…' }).click();
  const form = page.getByRole('form', { name: 'New portfolio' });
  // Each member's box and name on one line, never a name broken across two (issue 37, item 16:
  // "dave-" / "1::…" left it unclear which box went with which party).
  const memberLabels = form.locator('fieldset label');
  await expect(memberLabels).toHaveCount(parties.length);
  expect(Math.max(...(await memberLabels.evaluateAll(linesOf)))).toBe(1);
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

  // The views have their own scope, the party on screen until another is chosen.
  await page.getByRole('tab', { name: 'Transfers' }).click();
  // "The party above": the header's one party picker chooses it.
  await expect(page.getByLabel('View parties')).toHaveValue('party');
  await expect(page.getByLabel('Party', { exact: true })).toHaveValue(parties[0]);
  const own = (await fetchLegsOverHttp(app, parties[0])).legs.length;
  await expect(page.getByTestId('local-count')).toHaveText(`${own.toLocaleString('en')} legs match`);
  const localTable = page.getByRole('table', { name: 'Local legs' });
  await expect(localTable.getByRole('columnheader', { name: 'Party', exact: true })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Instruments' })).toBeVisible();

  // A chosen set lists every synced party, each box with its name on one line too.
  await page.getByLabel('View parties').selectOption('parties');
  const setLabels = page.getByRole('group', { name: 'View party set' }).locator('label');
  await expect(setLabels).toHaveCount(parties.length);
  expect(Math.max(...(await setLabels.evaluateAll(linesOf)))).toBe(1);
  await page.getByLabel('View parties').selectOption('portfolio');
  await expect(page.getByLabel('View portfolio')).toHaveValue('Treasury');
  await expect(page.getByTestId('local-count')).toHaveText(`${legs.length.toLocaleString('en')} legs match`);
  await expect(localTable.getByRole('columnheader', { name: 'Party', exact: true })).toBeVisible();
  // The filters offer the portfolio's instruments and statuses.
  await expect(page.getByRole('group', { name: 'Instruments' })).toBeVisible();
  // The legs with the other member, each marked internal.
  await page.getByLabel('Counterparty (party id)').fill(parties[1]);
  const withSecond = legs.filter((leg) => leg.counterparty === parties[1]).length;
  await expect(page.getByTestId('local-count')).toHaveText(`${withSecond.toLocaleString('en')} legs match`);
  await expect(localTable.locator('td[data-column="party"]').first()).toContainText('internal');

  // Counterparties of the portfolio: the world outside it (neither member is listed).
  await page.getByRole('tab', { name: 'Counterparties' }).click();
  await expect(page.getByLabel('View parties')).toHaveValue('portfolio');
  const ranking = page.getByRole('region', { name: 'Counterparties' });
  await expect(ranking.locator('table').first()).toBeVisible();
  await expect(ranking.locator('.muted', { hasText: 'Reading the local store' })).toHaveCount(0);
  for (const member of members) await expect(ranking.locator(`td [data-party="${member}"]`)).toHaveCount(0);
  await expect(ranking.locator('td [data-party]').first()).toBeVisible();

  // Back to the party on screen: its own counterparties again, the other member among them.
  await page.getByLabel('View parties').selectOption('party');
  await expect(page.getByLabel('Party', { exact: true })).toHaveValue(parties[0]);
  await expect(ranking.locator('.muted', { hasText: 'Reading the local store' })).toHaveCount(0);
  await expect(ranking.locator(`td [data-party="${parties[1]}"]`).first()).toBeVisible();

  // A panel pinned from the SQL tab reads the parties its query read there, and says which.
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByLabel('Query parties').selectOption('portfolio');
  await page
    .getByRole('navigation', { name: 'Queries' })
    .getByRole('button', { name: 'Totals per instrument' })
    .click();
  await page.getByRole('button', { name: 'Discard' }).click(); // the scratch query typed above
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pin to dashboard' }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const pinned = page.getByRole('article', { name: 'Totals per instrument (exact)' });
  await expect(pinned.getByTestId('panel-scope')).toHaveText('Portfolio Treasury');
  await expect(pinned.getByTestId('panel-state')).toContainText('Refreshed');
  const panelRows = pinned.getByRole('table', { name: 'Query results' }).locator('tbody tr');
  await expect(panelRows.first()).toBeVisible();
  const partiesShown = await panelRows.locator('td:first-child').allTextContents();
  expect(new Set(partiesShown)).toEqual(new Set(members));
});
