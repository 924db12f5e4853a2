// The RPC console's first minute (issue 16, items 10 and 11), in Chromium against the sandbox's EVM
// nodes: a typed method brings its params template (Enter accepts the name, it does not send), and
// params that do not fit the method's OpenRPC description are refused at the field, unsent.
import type { Page } from '@playwright/test';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { answerPane, bridgeCalls, openConsole, send, setParams } from './rpc-support.ts';

const ZERO = '0x0000000000000000000000000000000000000000';

/** The app open on the console, its chain the listing's first (ethereum); the rpc:call requests it makes from then on. */
async function consoleOnEthereum(app: WebApp, page: Page) {
  const calls = bridgeCalls(page, 'rpc:call');
  await app.open(page);
  await openConsole(page);
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('ethereum');
  return calls;
}

test('typing eth_getBalance fills its template; Enter accepts the name; the call answers a balance', async ({
  app,
  page,
}) => {
  const calls = await consoleOnEthereum(app, page);

  const method = page.getByLabel('Method', { exact: true });
  await method.fill('');
  await method.pressSequentially('eth_getBalance');
  await method.press('Enter');

  const params = page.getByRole('textbox', { name: 'Params (JSON array)' });
  await expect(params).toHaveText(`["${ZERO}","latest"]`);
  await expect(page.getByTestId('rpc-params-note')).toHaveText(
    'Checked before sending: eth_getBalance(Address, Block?)',
  );
  // Enter sent nothing: the id has not moved and the pane is still empty.
  await expect(page.getByTestId('rpc-next-id')).toHaveText('1');

  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText(/"result": "0x[0-9a-f]+"/);
  // One call: the one sent with the button.
  expect(calls).toHaveLength(1);
  expect(calls[0].postDataJSON()).toMatchObject([{ body: { method: 'eth_getBalance', params: [ZERO, 'latest'] } }]);
});

test('a bad address is refused at the params field, naming the parameter, and nothing is sent', async ({
  app,
  page,
}) => {
  const calls = await consoleOnEthereum(app, page);
  await page.getByLabel('Method', { exact: true }).fill('eth_getBalance');

  await setParams(page, '["0x1234", "latest"]');

  const message = 'params[0] (Address): not a 20-byte hex address (0x and 40 hex digits)';
  await expect(page.getByTestId('rpc-draft-error')).toHaveText(`${message} — not sent.`);
  const editor = page.getByRole('textbox', { name: 'Params (JSON array)' });
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toHaveAttribute('aria-description', message);
  const sendButton = page.getByRole('button', { name: 'Send', exact: true });
  await expect(sendButton).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+Enter'); // the shortcut waits too

  // Fixed, it goes out: and it is the only call the console made.
  const funded = app.sandbox.evmAccounts[9];
  await setParams(page, JSON.stringify([funded, 'latest']));
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
  await send(page);
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
  expect(calls).toHaveLength(1);
  expect(calls[0].postDataJSON()).toMatchObject([{ body: { method: 'eth_getBalance', params: [funded, 'latest'] } }]);
});

test('what the Ethereum specification allows is sent: a balance without its block, a field it does not list with a warning', async ({
  app,
  page,
}) => {
  const calls = await consoleOnEthereum(app, page);
  const funded = app.sandbox.evmAccounts[9];

  // The block is optional in the specification (default "latest"); the package made it required.
  await page.getByLabel('Method', { exact: true }).fill('eth_getBalance');
  await setParams(page, JSON.stringify([funded]));
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
  await send(page);
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(answerPane(page).locator('.json-row[data-path="/result"]')).toContainText(/"result": "0x[0-9a-f]+"/);

  // A field the specification does not list is said beside Send, and the call goes as written.
  await page.getByLabel('Method', { exact: true }).fill('eth_estimateGas');
  await setParams(page, JSON.stringify([{ from: funded, to: funded, value: '0x1', memo: 'x' }]));
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
  await expect(page.getByTestId('rpc-draft-warning')).toHaveText(
    /^params\[0\] \(Transaction\)\.memo: not a field the specification lists for this object \(known: .*\); sent as written\.$/,
  );
  await send(page);
  await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
  expect(calls).toHaveLength(2);
  expect(calls[0].postDataJSON()).toMatchObject([{ body: { method: 'eth_getBalance', params: [funded] } }]);
  expect(calls[1].postDataJSON()).toMatchObject([
    { body: { method: 'eth_estimateGas', params: [{ from: funded, to: funded, value: '0x1', memo: 'x' }] } },
  ]);
});

test('a partial method name and Enter take the top match; a typo is offered the nearest names before it is sent', async ({
  app,
  page,
}) => {
  const calls = await consoleOnEthereum(app, page);
  const method = page.getByLabel('Method', { exact: true });

  await method.fill('');
  await method.pressSequentially('getBal');
  await method.press('Enter');
  await expect(method).toHaveValue('eth_getBalance');
  await expect(page.getByRole('textbox', { name: 'Params (JSON array)' })).toHaveText(`["${ZERO}","latest"]`);

  await method.fill('eth_getTransactionCont');
  const hint = page.getByTestId('rpc-did-you-mean');
  await expect(hint).toHaveText('Not in the catalog: did you mean eth_getTransactionCount? Sent as written otherwise.');
  await hint.getByRole('button', { name: 'eth_getTransactionCount' }).click();
  await expect(method).toHaveValue('eth_getTransactionCount');
  await expect(hint).toHaveCount(0);
  expect(calls).toHaveLength(0);
});
