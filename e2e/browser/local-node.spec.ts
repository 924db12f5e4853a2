// Which node the Local ledger syncs from (issue 37, item 8), in Chromium against the sandbox, whose
// validator-2 lags two days behind validator-1: Transfers read on validator-2 does not make the
// Local ledger sync from it (the profile's default node is used unless one is chosen there), and
// once Compare nodes has found validator-2 behind, choosing it says so before any sync, with a
// node that has the legs one click away.
import { expect, test } from '../support/web-app.ts';
import { openSyncOptions, syncToDone } from './local-support.ts';
import { expectPage, openFilters } from './transfers-support.ts';

test.use({ appOptions: { transfers: 20_000 } });

test('the Local ledger syncs from the default node, not the one Transfers read, and says when a chosen node lags', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  const party = app.sandbox.parties[0];
  await app.open(page);
  await openFilters(page);
  await page.getByLabel('Party id').fill(party);
  await page.getByLabel('Validator node').selectOption('validator-2');
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Compare nodes' }).click();
  const verdict = page.getByRole('region', { name: 'Node comparison' }).getByRole('status');
  await expect(verdict).toContainText(/^validator-2 lacks [\d,]+ legs? that validator-1 has\./);
  const lacking = /lacks ([\d,]+) leg/.exec((await verdict.textContent()) ?? '')?.[1] as string;

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await expect(page.getByText('Carried over from Transfers')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not synced yet' })).toContainText(
    'copies its legs from the default node (validator-1)',
  );
  const lag = page.getByTestId('node-lag');
  await expect(lag).toHaveCount(0);

  // Chosen here: said before any sync, with what it lacks and a node that has it.
  await openSyncOptions(page);
  await page.getByLabel('Node').selectOption('validator-2');
  await expect(lag).toContainText(
    `validator-2 lags: Compare nodes found it lacks ${lacking} legs that validator-1 has`,
  );
  await expect(lag).toContainText('A sync from it would miss them.');
  await expect(page.getByLabel('Node').locator('option:checked')).toHaveText('validator-2 · lags (Compare nodes)');
  await lag.getByRole('button', { name: 'Use validator-1' }).click();
  await expect(lag).toHaveCount(0);
  await expect(page.getByLabel('Node')).toHaveValue('');

  await syncToDone(page);
  await expect(page.getByTestId('local-provenance')).toHaveText(
    /^Local, synced .* from the default node, [\d,]+ legs$/,
  );
});
