// Save case report from the transfers view against the sandbox, then open the written HTML in
// Chromium as a file: it shows the profile, the labelled party, the filters, the query time, every
// leg on screen with its exact amount (as the API sends it), the totals, the chart and the node
// comparison, loads nothing and runs nothing, and holds none of the sandbox's keys or tokens.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/web-app.ts';
import { fetchLegsOverHttp, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('the saved case report shows the view on screen, the comparison, and no secret', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  await app.open(page);
  await page.evaluate((p) => window.ledger.settings.saveParty({ party: p, label: 'Acme Treasury' }), party);
  await app.open(page);
  await showParty(page, party);
  const status = page.getByTestId('page-status');
  await expect(status).toHaveText(/^Page 1 · \d+ legs?/);
  const shown = Number(/· (\d+) legs?/.exec((await status.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);

  // The comparison the report includes: validator-2 lags, validator-3 is quarantined (the sandbox).
  await page.getByRole('button', { name: 'Compare nodes' }).click();
  await expect(page.getByRole('table', { name: 'Validator nodes' })).toContainText('Quarantined');

  await page.getByRole('button', { name: 'Save case report' }).click();
  const saved = page.getByTestId('case-report-status');
  await expect(saved).toHaveText(new RegExp(`^Report saved to .+\\.html \\(${shown} legs, \\d+ KB\\)$`));
  const path = /^Report saved to (.+\.html) \(/.exec((await saved.textContent()) ?? '')?.[1] as string;
  expect(path.startsWith(join(app.exportDir, 'case-'))).toBe(true);

  const html = await readFile(path, 'utf8');
  const { byParty, ...tokens } = app.sandbox.tokens;
  const secrets = [app.sandbox.apiKey, app.sandbox.partnerToken, ...Object.values(tokens), ...Object.values(byParty)];
  expect(secrets.filter((secret) => html.includes(secret))).toEqual([]);
  expect(html).not.toContain(app.sandbox.baseUrl);

  // Leave the app first: its own polls (app:info every few seconds) are not the report's requests.
  await page.goto('about:blank');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const fileUrl = pathToFileURL(path).href;
  await page.goto(fileUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case report: Acme Treasury');
  const facts = page.locator('header dl.facts');
  await expect(facts).toContainText('Local sandbox network');
  await expect(facts).toContainText(party);
  await expect(facts).toContainText(`${shown} legs on page 1`);
  await expect(facts).toContainText("The deployment's default node (validator-1)");
  // Both times in the canonical spelling (docs/times.md): seconds always, the fraction without
  // trailing zeros (a query read at .510 s says .51), so the two never look like different formats.
  const canonical = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d*[1-9])?Z`;
  await expect(facts).toContainText(new RegExp(`Query time\\s*${canonical} \\(when`));
  await expect(facts).toContainText(new RegExp(`Report written\\s*${canonical} by`));
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Filters' }) })).toContainText(
    'All assets',
  );

  // Every leg on screen, in order, with the amount exactly as the API sends it.
  const expected = (await fetchLegsOverHttp(app, party)).legs.slice(0, shown);
  const amounts = page.locator('table.legs tbody td.amount');
  await expect(amounts).toHaveCount(shown);
  expect(await amounts.allTextContents()).toEqual(expected.map((leg) => leg.amount));
  await expect(page.getByRole('table', { name: /Totals per instrument/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Net flow per day \(UTC\)/ }).first()).toBeVisible();

  const comparison = page.locator('#node-comparison');
  await expect(comparison).toContainText('validator-1');
  await expect(comparison.locator('tr[data-state="quarantined"]')).toContainText('validator-3');
  await expect(comparison).toContainText(/present on one node but not another/);

  // Self-contained: the file itself was the only request, and no script could run.
  expect(requests).toEqual([fileUrl]);
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);

  if (process.env.SCREENSHOTS) {
    // The facts, the filters, the totals and the first charts: what the README shows.
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/case-report.png') });
  }
});
