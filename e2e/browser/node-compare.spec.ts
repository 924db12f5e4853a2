// Node comparison against the sandbox through the real renderer: validator-1 serves everything,
// validator-2 lags two days behind the ledger's head, validator-3 is quarantined. The legs the
// screen says validator-2 lacks are checked against the sandbox itself over HTTP.
import { join, resolve } from 'node:path';
import { formatAmount } from '../../src-shared/decimal.ts';
import { expect, test } from '../support/web-app.ts';
import { fetchLegsOverHttp, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 20_000 } });

test('shows each node state and exactly the legs the lagging node has not seen', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  await app.open(page);
  await showParty(page, party);
  await page.getByRole('button', { name: 'Compare nodes' }).click();

  const panel = page.getByRole('region', { name: 'Node comparison' });
  const status = panel.getByRole('status');
  await expect(status).toContainText(/^validator-2 lacks \d+ legs? that validator-1 ha(s|ve)\./);
  await expect(status).toContainText('Not compared: validator-3 quarantined.');

  const nodes = panel.getByRole('table', { name: 'Validator nodes' });
  await expect(nodes.getByRole('row', { name: /validator-1/ })).toContainText('Reachable');
  await expect(nodes.getByRole('row', { name: /validator-2/ })).toContainText('Reachable');
  const quarantined = nodes.getByRole('row', { name: /validator-3/ });
  await expect(quarantined).toContainText('Quarantined');
  await expect(quarantined).toContainText('failed its ledger-integrity check');

  // The truth: every leg validator-1 has that validator-2 does not, straight from the sandbox.
  const [v1, v2] = await Promise.all(
    ['validator-1', 'validator-2'].map((nodeId) => fetchLegsOverHttp(app, party, { nodeId })),
  );
  const seen = new Set(v2.legs.map((leg) => JSON.stringify(leg)));
  const lacking = v1.legs.filter((leg) => !seen.has(JSON.stringify(leg)));
  expect(lacking.length).toBeGreaterThan(0);
  await expect(status).toContainText(`validator-2 lacks ${lacking.length} legs`);
  await expect(nodes.getByRole('row', { name: /validator-1/ })).toContainText(v1.legs.length.toLocaleString('en-US'));
  await expect(nodes.getByRole('row', { name: /validator-2/ })).toContainText(v2.legs.length.toLocaleString('en-US'));

  const rows = panel.getByRole('table', { name: 'Legs not on every node' }).locator('tbody tr');
  await expect(rows).toHaveCount(lacking.length);
  const oldest = [...lacking].sort((a, b) => Date.parse(a.effectiveAt ?? '') - Date.parse(b.effectiveAt ?? ''))[0];
  await expect(rows.first().getByTitle(oldest.updateId as string)).toBeVisible();
  // The exact amount, whole, as every table shows one (ui/amount-cell.tsx).
  await expect(rows.first()).toContainText(
    `${formatAmount(oldest.amount as string, oldest.decimals)} ${oldest.symbol}`,
  );
  await expect(rows.first().locator('td.node-missing')).toHaveText('validator-2');

  // Hidden and shown again: the result is kept for these filters (a case report reads it).
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(panel).toHaveCount(0);

  if (process.env.SCREENSHOTS) {
    await page.getByRole('button', { name: 'Compare nodes' }).click();
    await expect(status).toContainText(/validator-2 lacks/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/node-compare.png') });
  }
});
