// Contract mode shows only what Send sends (issue 27): the contract form and, read-only, the exact JSON-RPC call,
// following the form as it is typed; no Method/Params editor holding an earlier call, no method catalog. What
// Send then sends (seen on the bridge) is the call shown. The built-in ABIs' parameters carry their standard
// names in the form (the Sandbox Dollar's balanceOf is a public mapping: solc leaves it unnamed).
import { SANDBOX_DEPLOYER, SANDBOX_TOKEN } from '../../src-shared/abi/sandbox-contracts.ts';
import { expect, test } from '../support/web-app.ts';
import { bridgeCalls, openConsole, send, writeCall } from './rpc-support.ts';

test('Contract mode shows the contract form and exactly the call Send sends, nothing else', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const sent = bridgeCalls(page, 'rpc:call');
  // A call from before, as a user who tried the console first has one.
  await writeCall(page, 'eth_getBalance', [SANDBOX_DEPLOYER, 'latest']);

  await page.getByRole('radio', { name: 'Contract' }).check();
  const preview = page.getByRole('region', { name: 'What Send sends' });
  await expect(preview).toContainText('Choose a contract and a function');
  // Nothing else describes a call: no Method field, no params editor, no catalog, no earlier call anywhere.
  await expect(page.getByLabel('Method', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Params (JSON array)' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Method catalog' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'RPC request' })).not.toContainText('eth_getBalance');

  const label = `${SANDBOX_TOKEN.name} · ${SANDBOX_TOKEN.address.slice(0, 8)}…`;
  await page.getByRole('combobox', { name: 'Contract', exact: true }).selectOption({ label });
  await page.getByRole('combobox', { name: 'Function' }).selectOption('balanceOf(address)');
  await expect(preview).toContainText('Nothing to send yet: account (address)');

  // The standard's names in the form: allowance(owner, spender), balanceOf(account).
  const holder = page.getByRole('textbox', { name: /^account \(address\)/ });
  await holder.fill(SANDBOX_DEPLOYER);
  const call = page.getByTestId('rpc-contract-call');
  const selectorAndHolder = `0x70a08231${SANDBOX_DEPLOYER.slice(2).toLowerCase().padStart(64, '0')}`;
  await expect(call).toContainText('"method": "eth_call"');
  await expect(call).toContainText(selectorAndHolder);
  await expect(call).toContainText('"latest"');

  // It follows the form: another block, then Estimate gas.
  await page.getByRole('combobox', { name: 'Block' }).fill('1');
  await expect(call).toContainText('"0x1"');
  await page.getByRole('radio', { name: 'Estimate gas (eth_estimateGas)' }).check();
  await expect(call).toContainText('"method": "eth_estimateGas"');
  await page.getByRole('radio', { name: 'Call (eth_call)' }).check();

  const shown = JSON.parse((await call.textContent()) ?? '');
  await send(page);
  expect(sent.at(-1)?.postDataJSON()).toMatchObject([{ body: shown }]);

  await page.getByRole('combobox', { name: 'Function' }).selectOption('allowance(address,address)');
  await expect(page.getByRole('textbox', { name: /^owner \(address\)/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^spender \(address\)/ })).toBeVisible();
});
