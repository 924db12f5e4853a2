// "Copy as" in Chromium against the sandbox: each language, chosen with the keyboard, puts its
// snippet on the clipboard with the key as the environment variable LEDGER_API_KEY, never the key.
import { expect, test } from '../support/web-app.ts';
import { openConsole, send, setEditor, writeCall } from './rpc-support.ts';

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

/** What each language's snippet must hold: how it calls, and how it reads the key. */
const LANGUAGES = [
  { label: 'curl', has: ["curl -sS -X POST '", '-H "apiKey: $LEDGER_API_KEY"'] },
  { label: 'JavaScript fetch', has: ['await fetch(url, {', 'process.env.LEDGER_API_KEY'] },
  { label: 'viem', has: ["import { createPublicClient, http } from 'viem';", 'process.env.LEDGER_API_KEY'] },
  {
    label: 'ethers v6',
    has: ["import { FetchRequest, JsonRpcProvider } from 'ethers';", 'process.env.LEDGER_API_KEY'],
  },
  { label: 'cast (Foundry)', has: ['cast rpc --rpc-url', '--rpc-headers "apiKey: $LEDGER_API_KEY"'] },
  { label: 'Python requests', has: ['requests.post(', 'os.environ["LEDGER_API_KEY"]'] },
];

test('each language copies the current request with LEDGER_API_KEY, never the key', async ({ app, page }) => {
  const key = app.sandbox.apiKey;
  const account = app.sandbox.evmAccounts[3];
  await app.open(page);
  await openConsole(page);
  await writeCall(page, 'eth_getBalance', [account, '0x1']);
  await send(page);
  await expect(page.getByTestId('rpc-status')).toHaveText('HTTP 200');

  const language = page.getByRole('combobox', { name: 'Copy as language' });
  for (const [index, { label, has }] of LANGUAGES.entries()) {
    // The keyboard's way: focus the choice, step down to the language, then Copy.
    if (index > 0) {
      await language.focus();
      await page.keyboard.press('ArrowDown');
    }
    await expect(language.locator('option:checked')).toHaveText(label);
    await page.getByRole('button', { name: `Copy as ${label}` }).click();
    await expect(page.getByTestId('rpc-curl-status')).toContainText('LEDGER_API_KEY');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const part of [...has, 'eth_getBalance', account, `${app.sandbox.rpcUrl}/ethereum_`]) {
      expect(copied, label).toContain(part);
    }
    expect(copied, label).not.toContain(key);
  }
});

test('a batch copies as one request for fetch and Python, and one cast command per call', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  await page.getByRole('radio', { name: 'Batch' }).check();
  await setEditor(
    page,
    'Batch (JSON array of calls)',
    JSON.stringify([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_blockNumber', params: [] },
    ]),
  );
  await expect(page.getByRole('button', { name: 'Copy as curl' })).toBeEnabled();

  const language = page.getByRole('combobox', { name: 'Copy as language' });
  await language.selectOption({ label: 'Python requests' });
  await page.getByRole('button', { name: 'Copy as Python requests' }).click();
  await expect(page.getByTestId('rpc-curl-status')).toContainText('Copied as Python requests');
  const python = await page.evaluate(() => navigator.clipboard.readText());
  expect(python).toMatch(/^payload = \[$/m);

  await language.selectOption({ label: 'cast (Foundry)' });
  await page.getByRole('button', { name: 'Copy as cast (Foundry)' }).click();
  await expect(page.getByTestId('rpc-curl-status')).toContainText('Copied as cast (Foundry)');
  const cast = await page.evaluate(() => navigator.clipboard.readText());
  expect(cast).toContain("the batch's 2 calls, one command each, in order");
  expect(cast.match(/^cast rpc /gm)).toHaveLength(2);
  expect(cast).not.toContain(app.sandbox.apiKey);
});
