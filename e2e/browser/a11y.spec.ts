// axe-core on every screen and every dialog, in Chromium against the sandbox: no serious or
// critical violation anywhere (WCAG 2.0/2.1 A and AA, and axe's best practices). Milder findings
// are printed by the helper. Each test walks one area so a failure names the screen it was on.
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { SANDBOX_TOKEN } from '../../src-shared/abi/sandbox-contracts.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { openLocalParty, syncToDone, typeIntoSqlEditor } from './local-support.ts';
import { answerPane, openConsole, send, writeCall } from './rpc-support.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });
// Each test runs six to eight full-page axe scans (both themes): 45-80 s on these 2 cores, where
// one scan of a screen with a 50-leg table takes several seconds. A budget, not a retry.
test.describe.configure({ timeout: 180_000 });

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();

const setTheme = (page: Page, theme: string) =>
  page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);

/** Both themes: the dark one has its own colours, so contrast is checked on each. */
async function inBothThemes(page: Page, check: (theme: string) => Promise<void>) {
  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    await check(theme);
  }
}

test('Transfers: empty, with results, column menu, leg detail, Load all and an export', async ({ app, page }) => {
  await app.open(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfers');
  await expectAccessible(page, 'Transfers (empty)');

  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  await inBothThemes(page, (theme) => expectAccessible(page, `Transfers (results, ${theme})`));

  await page.locator('.column-menu summary').click();
  await expectAccessible(page, 'Transfers (column menu open)');
  await page.locator('.column-menu summary').click();

  await legRows(page).first().click();
  await expect(page.getByRole('complementary', { name: 'Transfer leg details' })).toBeVisible();
  await expectAccessible(page, 'Transfers (leg detail)');

  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('export-card')).toHaveAttribute('data-state', 'done');
  await expectAccessible(page, 'Transfers (export done)');

  await page.getByRole('button', { name: 'Load all' }).click();
  await expect(page.getByRole('button', { name: 'Back to pages' })).toBeVisible();
  await expect(page.getByTestId('load-all-status')).toContainText('all loaded');
  await expectAccessible(page, 'Transfers (Load all)');
});

test('Local ledger (synced), Chains and Settings with the profile form', async ({ app, page }) => {
  await app.open(page);
  await openLocalParty(page, app.sandbox.parties[0]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local ledger');
  await expectAccessible(page, 'Local ledger (party chosen)');
  await syncToDone(page);
  await expect(page.getByRole('table', { name: 'Local legs' }).locator('tbody tr').first()).toBeVisible();
  await inBothThemes(page, (theme) => expectAccessible(page, `Local ledger (synced, ${theme})`));

  await section(page, 'Chains');
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chains');
  await inBothThemes(page, (theme) => expectAccessible(page, `Chains (${theme})`));

  await section(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await inBothThemes(page, (theme) => expectAccessible(page, `Settings (${theme})`));
  await page.getByRole('button', { name: 'New profile…' }).click();
  await expect(page.getByRole('form', { name: 'New profile' })).toBeVisible();
  await expectAccessible(page, 'Settings (profile form)');
});

/** The party synced to done on the Local ledger (the sample party's tables, 3,000 transfers). */
async function syncedLocalLedger(app: WebApp, page: Page, party: string) {
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
}

// Every Local ledger table with synced data, in two tests so the two workers share them (one test
// took 1.4-1.7 min on a loaded machine). Each table is scanned as it is drawn, with fewer rows where
// rows are all alike (Flows per month, a 10-row SQL result, a 12-line statement, one ranking in the
// dark theme): a scan's time grows with its rows, its findings do not.
test('Local ledger tables: after a reload, Counterparties and a relationship', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  await syncedLocalLedger(app, page, party);
  // Back on the screen after a reload: no sync panel above the views (their headings start the outline).
  await app.open(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await expect(page.getByRole('table', { name: 'Local legs' }).locator('tbody tr.local-leg-row').first()).toBeVisible();
  await expectAccessible(page, 'Local ledger after a reload');

  await page.getByRole('tab', { name: 'Counterparties' }).click();
  const ranking = page.getByRole('table', { name: /counterparties$/ }).first();
  await expect(ranking.locator('tbody tr').nth(10)).toBeVisible();
  await expectAccessible(page, 'Counterparties (light)');
  // In the dark theme the ranking's own colours (its buttons, amounts and ids) on one instrument's
  // table: every instrument's is alike, and a scan's time grows with the rows (10 s a theme for all).
  await setTheme(page, 'dark');
  const firstRanking = 'section[aria-label="Counterparties"] > section.local-instrument:first-of-type';
  await expect(page.locator(firstRanking).getByRole('table')).toHaveCount(1);
  await expectAccessible(page, 'Counterparties (dark)', firstRanking);
  await ranking.locator('.local-counterparty-button').first().click();
  await expect(page.getByRole('table', { name: 'Legs between the parties' }).locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page, 'Relationship (dark)');
});

test('Local ledger tables: Flows, SQL results, Dashboard, Reconcile', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const { legs } = await fetchLegsOverHttp(app, party);
  await syncedLocalLedger(app, page, party);
  // The dark theme, as when these were scanned after Counterparties in one test.
  await setTheme(page, 'dark');

  await page.getByRole('tab', { name: 'Flows' }).click();
  await expect(page.getByRole('table', { name: /flows per day$/ }).first()).toBeVisible();
  await page.getByRole('radio', { name: 'month' }).check();
  await expect(page.getByRole('table', { name: /flows per month$/ }).first()).toBeVisible();
  await expectAccessible(page, 'Flows (dark)');

  await page.getByRole('tab', { name: 'SQL' }).click();
  await typeIntoSqlEditor(page, `SELECT * FROM legs WHERE party = '${party}' ORDER BY effective_at DESC LIMIT 10`);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('table', { name: 'Query results' }).locator('tbody tr')).toHaveCount(10);
  await expectAccessible(page, 'SQL results (dark)');

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expectAccessible(page, 'Dashboard (dark)');

  // Reconcile: 11 of the party's completed legs, and a line the ledger does not have.
  const completed = legs.filter((l) => l.status === 'completed' && l.effectiveAt && l.counterparty && l.amount);
  const lines = ['effective_at,counterparty,instrument,amount,update_id'];
  for (const l of completed.slice(1, 12)) {
    lines.push(
      [l.effectiveAt, l.counterparty, l.instrumentId, `${l.isIncoming ? '' : '-'}${l.amount}`, l.updateId].join(','),
    );
  }
  lines.push(`${completed[3].effectiveAt},${completed[3].counterparty},GHOST,250.00,INV-9`);
  await page.getByRole('tab', { name: 'Reconcile' }).click();
  await page.getByLabel('Statement CSV file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await page.getByRole('button', { name: 'Reconcile', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Matched' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'In the statement only' })).toBeVisible();
  await expectAccessible(page, 'Reconcile results (dark)');
});

test('RPC console: answer shown, Copy-with-key dialog, Contract mode, side by side, ABI form, environment editor', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('RPC console');
  await expectAccessible(page, 'RPC console (empty)');

  await writeCall(page, 'eth_getBalance', [app.sandbox.evmAccounts[3], 'latest']);
  await send(page);
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
  await inBothThemes(page, (theme) => expectAccessible(page, `RPC console (answer, ${theme})`));

  await page.getByRole('button', { name: 'Copy curl with key' }).click();
  await expect(page.getByRole('dialog', { name: 'Copy with the API key?' })).toBeVisible();
  await expectAccessible(page, 'RPC console (copy-with-key dialog)');
  await page.getByRole('dialog', { name: 'Copy with the API key?' }).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('radio', { name: 'Contract' }).check();
  const label = `${SANDBOX_TOKEN.name} · ${SANDBOX_TOKEN.address.slice(0, 8)}…`;
  await page.getByRole('combobox', { name: 'Contract', exact: true }).selectOption({ label });
  await page.getByRole('combobox', { name: 'Function' }).selectOption('balanceOf(address)');
  await expectAccessible(page, 'RPC console (Contract mode)');

  const sideBySide = page.getByRole('region', { name: 'Side by side' });
  await page.getByRole('radio', { name: 'Single call' }).check();
  await sideBySide.getByRole('button', { name: /Side by side/ }).click();
  await sideBySide.getByRole('button', { name: 'Compare' }).click();
  await expect(sideBySide.locator('.rpc-compare-run')).not.toHaveAttribute('aria-busy');
  await expectAccessible(page, 'RPC console (side by side)');

  const contracts = page.getByRole('region', { name: 'Contracts' });
  await contracts.getByRole('button', { name: 'Add ABI' }).click();
  await expect(contracts.getByRole('form', { name: 'Add ABI' })).toBeVisible();
  await expectAccessible(page, 'RPC console (Add ABI form)');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expectAccessible(page, 'RPC console (environment editor)');
});

test('Issue 15’s pieces: command palette, shortcuts sheet, node comparison, a saved case report (and the report file)', async ({
  app,
  page,
}) => {
  await app.open(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await inBothThemes(page, (theme) => expectAccessible(page, `Command palette (${theme})`));
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  await page.locator('body').focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expectAccessible(page, 'Shortcuts sheet');
  await page.keyboard.press('Escape');

  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Compare nodes' }).click();
  await expect(page.getByRole('table', { name: 'Validator nodes' })).toContainText('Quarantined');
  await inBothThemes(page, (theme) => expectAccessible(page, `Node comparison (${theme})`));

  await page.getByRole('button', { name: 'Save case report' }).click();
  const saved = page.getByTestId('case-report-status');
  await expect(saved).toHaveText(/^Report saved to .+\.html/);
  await expectAccessible(page, 'Case report saved');
  const path = /^Report saved to (.+\.html) \(/.exec((await saved.textContent()) ?? '')?.[1] as string;
  await page.goto(pathToFileURL(path).href);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Case report');
  await expectAccessible(page, 'Case report file');
});
