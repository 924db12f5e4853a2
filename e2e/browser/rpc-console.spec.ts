// The RPC console in Chromium through the test bridge, against the sandbox's real EVM nodes
// (Hardhat 3 / EDR behind the sandbox's node access): calls, full vs archive, batches, bad input,
// a 404 chain, the history and saved requests.
import { expect, test } from '../support/web-app.ts';
import {
  answerPane,
  bridgeCalls,
  openConsole,
  send,
  setChain,
  setEditor,
  setParams,
  writeCall,
} from './rpc-support.ts';

test('eth_chainId, eth_blockNumber and a funded balance answer with status, time, size and decoded values', async ({
  app,
  page,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await app.open(page);
  await openConsole(page);
  // The console starts on the listing's first chain; the address is the spec's <chain>_<node_type>.
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('ethereum');
  await expect(page.getByTestId('rpc-address')).toHaveText(`${app.sandbox.rpcUrl}/ethereum_full`);
  await expect(page.getByText('key in the apiKey header')).toBeVisible();

  // The CodeMirror editor is styled under the strict CSP: its gutter is laid out by its own theme.
  const gutters = page.locator('.cm-gutters');
  await expect(gutters).toBeVisible();
  expect(await gutters.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  await expect(page.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: '1' })).toBeVisible();

  // eth_chainId from the catalog: its template and description.
  await page.getByLabel('Method catalog').selectOption('eth_chainId');
  await expect(page.getByLabel('Method', { exact: true })).toHaveValue('eth_chainId');
  await expect(page.getByTestId('rpc-method-description')).toContainText('Chain id (EIP-155)');
  await expect(page.getByTestId('rpc-next-id')).toHaveText('1');
  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(pane.getByTestId('rpc-elapsed')).toHaveText(/^\d+\.\d ms$/);
  await expect(pane.getByTestId('rpc-size')).toHaveText(/^\d+ B$/);
  const result = pane.locator('.json-row[data-path="/result"]');
  await expect(result).toContainText('"result": "0x7a69"= 31,337');
  await expect(pane.locator('.json-row[data-path="/id"]')).toContainText('"id": 1');
  await expect(page.getByTestId('rpc-next-id')).toHaveText('2');

  // eth_blockNumber, sent with Ctrl+Enter from the editor: the sandbox chains start 300 blocks high.
  await writeCall(page, 'eth_blockNumber', []);
  await send(page, 'keyboard');
  const blockHint = await result.locator('.json-hint-decimal').textContent();
  expect(Number(blockHint?.replace(/[=,\s]/g, ''))).toBeGreaterThanOrEqual(300);

  // The balance of a funded account, in wei and exactly in ETH (the listing's currency symbol).
  const funded = app.sandbox.evmAccounts[9];
  await writeCall(page, 'eth_getBalance', [funded, 'latest']);
  await send(page);
  await expect(result).toContainText('"0x21e19e0c9bab2400000"');
  await expect(result.locator('.json-hint-decimal')).toHaveText('= 10,000,000,000,000,000,000,000');
  await expect(result.locator('.json-hint-ether')).toHaveText('= 10,000 ETH');
  await expect(page.getByTestId('rpc-next-id')).toHaveText('4');
  expect(cspViolations).toEqual([]);
});

test('the same old-block balance query: full refuses it with -32000, archive answers', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const funded = app.sandbox.evmAccounts[8];
  await setChain(page, 'polygon', 'full');
  await writeCall(page, 'eth_getBalance', [funded, '0x1']);
  await expect(page.getByTestId('rpc-method-description')).toContainText('use archive');
  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(pane.getByRole('alert')).toContainText(
    /JSON-RPC error -32000: missing trie node [0-9a-f]{64} \(path \) state 0x/,
  );
  await expect(pane.locator('.json-row-error')).toBeVisible();

  await page.getByLabel('Node type').selectOption('archive');
  await expect(page.getByTestId('rpc-address')).toHaveText(`${app.sandbox.rpcUrl}/polygon_archive`);
  await send(page);
  await expect(pane.getByRole('alert')).toHaveCount(0);
  await expect(pane.locator('.json-row[data-path="/result"] .json-hint-ether')).toHaveText('= 10,000 POL');
});

test('a batch answers every call in order; ids come from the counter; an error in one is shown as such', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await page.getByRole('radio', { name: 'Batch' }).check();
  const funded = app.sandbox.evmAccounts[9];
  await setEditor(
    page,
    'Batch (JSON array of calls)',
    JSON.stringify([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_getBalance', params: [funded, '0x2'] },
      { method: 'net_version' },
    ]),
  );
  // One more from the catalog, appended to the batch.
  await page.getByLabel('Method catalog').selectOption('web3_clientVersion');
  await expect(page.getByRole('textbox', { name: 'Batch (JSON array of calls)' })).toContainText('web3_clientVersion');
  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-batch-summary')).toHaveText('4 answers, 1 error');
  await expect(pane.getByRole('alert')).toContainText('JSON-RPC error -32000 (id 2): missing trie node');
  // Small batches open with every answer unfolded.
  await expect(pane.getByRole('button', { name: 'Collapse 0' })).toHaveAttribute('aria-expanded', 'true');
  await expect(pane.locator('.json-row[data-path="/0/result"]')).toContainText('"0x7a69"= 31,337');
  await expect(pane.locator('.json-row[data-path="/0/id"]')).toContainText('1');
  await expect(pane.locator('.json-row[data-path="/2/result"]')).toContainText('"31337"');
  await expect(page.getByTestId('rpc-next-id')).toHaveText('5');
});

test('invalid params show an inline error and nothing is sent', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const calls = bridgeCalls(page, 'rpc:call');
  await writeCall(page, 'eth_chainId', []);
  await send(page); // one real call, so the history has something to compare with
  await expect(page.getByTestId('rpc-history-count')).toHaveText('1 call');
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  const error = page.getByTestId('rpc-draft-error');
  const editor = page.getByRole('textbox', { name: 'Params (JSON array)' });

  await setParams(page, '["0x1",');
  await expect(error).toHaveText(/^Params are not valid JSON: .+ — not sent\.$/);
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expect(sendButton).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+Enter'); // the shortcut sends nothing either

  await setParams(page, '{"address": "0x1"}');
  await expect(error).toHaveText(
    'Params must be a JSON array, e.g. [] or ["0x…", "latest"] (this is an object) — not sent.',
  );
  await page.keyboard.press('ControlOrMeta+Enter');

  await setParams(page, '[]');
  await page.getByLabel('Method', { exact: true }).fill('');
  await expect(error).toHaveText('Method: enter a method name, e.g. eth_blockNumber — not sent.');
  await page.getByLabel('Method', { exact: true }).fill('eth_chainId');

  // A 5 MB paste: the size is checked before anything is parsed or sent.
  const huge = JSON.stringify(['0x'.padEnd(5 * 1024 * 1024, 'f')]);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+KeyA');
  await editor.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, huge);
  await expect(error).toHaveText('Params are 5.0 MB; the console sends at most 1.0 MB — not sent.');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(sendButton).toBeDisabled();

  // Nothing left the renderer: one rpc:call in all, and the history still holds one call.
  await setParams(page, '[]');
  await expect(sendButton).toBeEnabled();
  expect(calls).toHaveLength(1);
  await page.getByLabel('Search the history').fill('eth');
  await expect(page.getByTestId('rpc-history-count')).toHaveText('1 of 1 calls match');
});

test("an unknown chain is a 404 with the server's message, and the console stays usable", async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  await setChain(page, 'solana');
  await writeCall(page, 'eth_chainId', []);
  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 404');
  await expect(pane.getByRole('alert')).toHaveText(
    'Unknown chain or node type. [not_found] RPC solana_full: HTTP 404 — unknown chain "solana" (chains: ethereum, polygon, base; node types: full, archive)',
  );
  await setChain(page, 'base');
  await send(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText('= 31,339');
  // The failure is in the history with its status.
  await expect(page.getByRole('list', { name: 'History entries' }).getByRole('button').nth(1)).toContainText(
    'eth_chainId solana_fullHTTP 404',
  );
});

test('history: kept across a reload, searchable, a click re-runs it; saved requests run, load and delete', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await setChain(page, 'polygon');
  await writeCall(page, 'eth_chainId', []);
  await send(page);
  await setChain(page, 'base', 'archive');
  await writeCall(page, 'eth_blockNumber', []);
  await send(page);

  // A new page load: the history comes back from main's file.
  await app.open(page);
  await openConsole(page);
  const history = page.getByRole('list', { name: 'History entries' });
  await expect(page.getByTestId('rpc-history-count')).toHaveText('2 calls');
  await expect(history.getByRole('button').first()).toContainText('eth_blockNumber base_archive');
  await page.getByLabel('Search the history').fill('polygon');
  await expect(page.getByTestId('rpc-history-count')).toHaveText('1 of 2 calls match');
  await history.getByRole('button', { name: /eth_chainId polygon_full/ }).click();
  const pane = answerPane(page);
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText('"0x7a6a"= 31,338');
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('polygon');
  await page.getByLabel('Search the history').fill('');
  await expect(page.getByTestId('rpc-history-count')).toHaveText('3 calls');

  // Saved requests (the collection "Saved requests"): save the one in the editor under a name, run it later from anywhere.
  await setChain(page, 'base', 'full');
  await writeCall(page, 'net_version', []);
  const saved = page.getByRole('region', { name: 'Collections' });
  await saved.getByLabel('Name for the request').fill('Base network id');
  await saved.getByRole('button', { name: 'Save request' }).click();
  await expect(saved.getByRole('listitem')).toHaveText(/Base network id net_version · base_full/);
  await setChain(page, 'ethereum', 'archive');
  await writeCall(page, 'eth_gasPrice', []);
  await saved.getByRole('button', { name: 'Run Base network id' }).click();
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText('"31339"');
  await expect(page.getByLabel('Method', { exact: true })).toHaveValue('net_version');
  await expect(page.getByTestId('rpc-address')).toHaveText(`${app.sandbox.rpcUrl}/base_full`);
  await saved.getByRole('button', { name: 'Delete Base network id' }).click();
  await expect(saved.getByText('No requests yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear history…' }).click();
  await page.getByRole('button', { name: 'Clear all 4 calls' }).click();
  await expect(page.getByTestId('rpc-history-count')).toHaveText('0 calls');
});

test('the JSON tree folds, searches and copies; the answer survives a visit to another section', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await app.open(page);
  await openConsole(page);
  await writeCall(page, 'eth_getBlockByNumber', ['0x3', true]);
  await send(page);
  const pane = answerPane(page);
  const transactions = pane.locator('.json-row[data-path="/result/transactions"]');
  await expect(transactions).toContainText(/"transactions": \[\d+ items?\]/);
  await expect(pane.locator('.json-row[data-path="/result/timestamp"] .json-hint-time')).toHaveText(
    /^= 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
  );
  await pane.getByRole('button', { name: 'Collapse result' }).click();
  await expect(pane.locator('.json-row[data-path="/result/hash"]')).toHaveCount(0);

  // Search finds the sender of the first transfer and opens the way to it.
  await pane.getByLabel('Search the answer').fill('"from"'.replaceAll('"', ''));
  await pane.getByRole('button', { name: 'Find' }).click();
  await expect(pane.getByTestId('json-search-status')).toHaveText(/^1 of \d+ matches$/);
  const from = pane.locator('.json-row[data-path="/result/transactions/0/from"]');
  await expect(from).toBeVisible();
  await expect(from).toHaveAttribute('data-current', 'true');

  // Copy puts the raw value on the clipboard (a string without its quotes).
  await from.hover();
  await from.getByRole('button', { name: 'Copy result.transactions.0.from' }).click();
  await expect(from.getByRole('button', { name: 'Copy result.transactions.0.from' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^0x[0-9a-f]{40}$/);
  expect(await from.locator('.json-value').textContent()).toBe(`"${copied}"`);

  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await openConsole(page);
  await expect(pane.locator('.json-row[data-path="/result"]')).toBeVisible();
  await expect(page.getByLabel('Method', { exact: true })).toHaveValue('eth_getBlockByNumber');
});
