// Side by side in Chromium through the test bridge, against the sandbox's real EVM nodes: the same
// request on full and archive (the full node has pruned state older than 128 blocks), on two
// chains, on the same target twice, and on a chain that does not exist.
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openConsole, setChain, writeCall } from './rpc-support.ts';

const panel = (page: Page) => page.getByRole('region', { name: 'Side by side' });
const column = (page: Page, name: 'A' | 'B') => panel(page).getByRole('region', { name: `Answer ${name}` });

/** Clicks Compare and waits until both sides have answered (the run is no longer busy). */
async function compare(page: Page): Promise<void> {
  const run = panel(page).locator('.rpc-compare-run');
  const before = (await run.count()) === 0 ? 0 : Number(await run.getAttribute('data-compare-seq'));
  await panel(page).getByRole('button', { name: 'Compare' }).click();
  await expect(run).toHaveAttribute('data-compare-seq', String(before + 1));
  await expect(run).not.toHaveAttribute('aria-busy');
}

async function openSideBySide(page: Page): Promise<void> {
  await panel(page)
    .getByRole('button', { name: /Side by side/ })
    .click();
  await expect(panel(page).getByLabel('Chain (B)')).toBeVisible();
}

test('full vs archive at an old block: the full node refuses, the archive answers, the difference is listed and marked', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  const funded = app.sandbox.evmAccounts[8];
  await setChain(page, 'polygon', 'full');
  await writeCall(page, 'eth_getBalance', [funded, '0x1']);
  await openSideBySide(page);
  // B follows the console: the same chain on the other node type.
  await expect(panel(page).getByLabel('Chain (B)')).toHaveValue('polygon');
  await expect(panel(page).getByLabel('Node type (B)')).toHaveValue('archive');
  await compare(page);

  await expect(panel(page).getByTestId('rpc-compare-summary')).toHaveText(
    '2 differences · ↑/↓ or j/k to move through them',
  );
  await expect(column(page, 'A').getByRole('heading')).toHaveText('A: polygon_full (Local sandbox network)');
  await expect(column(page, 'A').getByTestId('rpc-compare-rpc-error')).toContainText(
    'JSON-RPC error -32000: missing trie node',
  );
  await expect(column(page, 'B').getByTestId('rpc-compare-status')).toHaveText('HTTP 200');
  await expect(column(page, 'B').getByTestId('rpc-compare-elapsed')).toHaveText(/^\d+\.\d ms$/);
  await expect(column(page, 'A').getByTestId('rpc-compare-elapsed')).toHaveText(/^\d+\.\d ms$/);
  const balance = column(page, 'B').locator('.json-row[data-path="/result"]');
  await expect(balance).toContainText('"0x21e19e0c9bab2400000"');
  await expect(balance).toHaveAttribute('data-diff', 'added');
  await expect(column(page, 'A').locator('.json-row[data-path="/error"]')).toHaveAttribute('data-diff', 'removed');
  // The ids of the two calls are the request's: never a difference.
  await expect(column(page, 'B').locator('.json-row[data-path="/id"]')).not.toHaveAttribute('data-diff');

  // Stepping through the list by keyboard makes each difference the current row.
  const list = panel(page).getByRole('list', { name: 'Differences' });
  await expect(list.getByRole('button')).toHaveText(['error only in A', 'result only in B']);
  await list.getByRole('button').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(column(page, 'A').locator('.json-row[data-path="/error"]')).toHaveAttribute('data-current', 'true');
  await page.keyboard.press('j');
  await expect(list.getByRole('button').nth(1)).toBeFocused();
  await expect(balance).toHaveAttribute('data-current', 'true');

  // Both calls were sent for real: they are in the history.
  await expect(page.getByTestId('rpc-history-count')).toHaveText('2 calls');

  if (process.env.SCREENSHOTS) {
    await page.setViewportSize({ width: 1600, height: 1100 });
    await panel(page).screenshot({
      path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/rpc-compare.png'),
    });
  }
});

test('eth_chainId on two chains differs in the result; the same target twice has no differences', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await setChain(page, 'ethereum', 'full');
  await writeCall(page, 'eth_chainId', []);
  await openSideBySide(page);
  await panel(page).getByLabel('Chain (B)').fill('polygon');
  await panel(page).getByLabel('Node type (B)').selectOption('full');
  await compare(page);

  await expect(panel(page).getByTestId('rpc-compare-summary')).toHaveText(
    '1 difference · ↑/↓ or j/k to move through them',
  );
  await expect(panel(page).getByRole('list', { name: 'Differences' }).getByRole('button')).toHaveText([
    'result differs',
  ]);
  const resultA = column(page, 'A').locator('.json-row[data-path="/result"]');
  const resultB = column(page, 'B').locator('.json-row[data-path="/result"]');
  await expect(resultA).toContainText('"0x7a69"');
  await expect(resultB).toContainText('"0x7a6a"');
  await expect(resultA).toHaveAttribute('data-diff', 'changed');
  await expect(resultB).toHaveAttribute('data-diff', 'changed');

  // The same request on the same target: nothing differs.
  await panel(page).getByLabel('Chain (B)').fill('ethereum');
  await compare(page);
  await expect(panel(page).getByTestId('rpc-compare-summary')).toHaveText('No differences (the JSON-RPC id aside)');
  await expect(panel(page).locator('.json-row[data-diff]')).toHaveCount(0);
});

test('a side that fails shows its problem while the other shows its answer; a bad chain name is refused at the field', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await setChain(page, 'base', 'archive');
  await writeCall(page, 'eth_blockNumber', []);
  await openSideBySide(page);
  const chainB = panel(page).getByLabel('Chain (B)');

  await chainB.fill('no such chain');
  await expect(panel(page).getByRole('alert')).toHaveText('Chain: a chain name is letters, digits, ".", "_" or "-"');
  await expect(chainB).toHaveAttribute('aria-invalid', 'true');
  await expect(panel(page).getByRole('button', { name: 'Compare' })).toBeDisabled();

  await chainB.fill('nowhere');
  await compare(page);
  await expect(panel(page).getByTestId('rpc-compare-summary')).toHaveText('Nothing to compare: B did not answer');
  await expect(column(page, 'B').getByRole('alert')).toContainText('[not_found]');
  await expect(column(page, 'B').getByRole('alert')).toContainText('nowhere_full');
  await expect(column(page, 'A').locator('.json-row[data-path="/result"]')).toContainText('"0x');
});
