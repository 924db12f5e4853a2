// The API key never reaches the renderer through the RPC console: not in the DOM or any object the
// page can reach, not in the history file, not in "Copy as curl". Only the explicit "Copy curl with key"
// puts it on the clipboard, and it is not kept anywhere after that.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rendererVisibleText } from '../support/renderer-scan.ts';
import { expect, test } from '../support/web-app.ts';
import { openConsole, saveApiKeyInSettings, send, setChain, useRemoteProfile, writeCall } from './rpc-support.ts';

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

const historyFile = (dir: string) => readFile(join(dir, 'rpc-history.json'), 'utf8').catch(() => '');

test('the built-in key: absent from the DOM, the history file and the curl copy; present only in "Copy curl with key"', async ({
  app,
  page,
}) => {
  const key = app.sandbox.apiKey;
  await app.open(page);
  await openConsole(page);
  await writeCall(page, 'eth_getBalance', [app.sandbox.evmAccounts[9], 'latest']);
  await send(page);
  await expect(page.getByTestId('rpc-status')).toHaveText('HTTP 200');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByTestId('rpc-curl-status')).toContainText('the key is $LEDGER_API_KEY');
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl -sS -X POST '${app.sandbox.rpcUrl}/ethereum_full'`);
  expect(curl).toContain('-H "apiKey: $LEDGER_API_KEY"');
  expect(curl).toContain(`"method":"eth_getBalance","params":["${app.sandbox.evmAccounts[9]}","latest"]`);
  expect(curl).not.toContain(key);

  let seen = await rendererVisibleText(page);
  expect(seen).toContain('eth_getBalance'); // the scan reads the page and the query cache...
  expect(seen).not.toContain(key); // ...and the key is in neither
  await expect.poll(() => historyFile(app.userDataDir)).toContain('eth_getBalance');
  expect(await historyFile(app.userDataDir)).not.toContain(key);

  // The explicit variant: the real key goes to the clipboard, and nowhere else.
  await page.getByRole('button', { name: 'Copy curl with key' }).click();
  await page
    .getByRole('dialog', { name: 'Copy with the API key?' })
    .getByRole('button', { name: 'Copy command with key' })
    .click();
  await expect(page.getByTestId('rpc-curl-status')).toHaveText(
    'Copied with the real key: do not paste it anywhere shared.',
  );
  const withKey = await page.evaluate(() => navigator.clipboard.readText());
  expect(withKey).toContain(`-H 'apiKey: ${key}'`);
  await page.evaluate(() => navigator.clipboard.writeText('')); // so the scan below cannot see it there
  seen = await rendererVisibleText(page);
  expect(seen).not.toContain(key);
  expect(await historyFile(app.userDataDir)).not.toContain(key);
  expect(app.log()).not.toContain(key);
});

test('a key in the query with the "-" separator: the address and the curl copy still carry no key', async ({
  app,
  page,
}) => {
  await app.open(page);
  // The sandbox's own addresses, as a deployment that wants `<chain>-<node_type>` and ?apiKey=.
  await useRemoteProfile(
    page,
    app,
    { name: 'Query key', rpcUrl: app.sandbox.rpcUrl, rpcKeyPlacement: 'query', rpcSeparator: '-' },
    null,
  );
  await saveApiKeyInSettings(page, app.sandbox.apiKey);
  await openConsole(page);
  await setChain(page, 'base', 'archive');
  await expect(page.getByTestId('rpc-address')).toHaveText(`${app.sandbox.rpcUrl}/base-archive`);
  await expect(page.getByText('key in the apiKey query parameter')).toBeVisible();
  await writeCall(page, 'eth_chainId', []);
  await send(page);
  await expect(page.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(page.locator('.json-row[data-path="/result"]')).toContainText('= 31,339');

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByTestId('rpc-curl-status')).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl -sS -X POST "${app.sandbox.rpcUrl}/base-archive?apiKey=$LEDGER_API_KEY"`);
  expect(curl).not.toContain(app.sandbox.apiKey);

  await expect.poll(() => historyFile(app.userDataDir)).toContain('base');
  expect(await historyFile(app.userDataDir)).not.toContain(app.sandbox.apiKey);
  expect(await rendererVisibleText(page)).not.toContain(app.sandbox.apiKey);
});

test("a wrong key is the node's 401, with the server's message", async ({ app, page }) => {
  await app.open(page);
  await useRemoteProfile(page, app, { name: 'Wrong key', rpcUrl: app.sandbox.rpcUrl }, 'sbx_key_not-the-right-one');
  await openConsole(page);
  await setChain(page, 'ethereum');
  await writeCall(page, 'eth_chainId', []);
  await send(page);
  await expect(page.getByTestId('rpc-status')).toHaveText('HTTP 401');
  await expect(page.getByRole('region', { name: 'Answer', exact: true }).getByRole('alert')).toHaveText(
    'The key was refused or is missing. [unauthorized] RPC ethereum_full: HTTP 401 — invalid apiKey',
  );
});
