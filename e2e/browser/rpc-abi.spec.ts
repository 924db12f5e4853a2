// Calling contracts and decoding, in Chromium against the sandbox's real EVM (the Sandbox Dollar
// token and Sandbox Checks deployed in block 1): a read through the Contract form decoded by name,
// reverts decoded (custom error, Error(string), Panic), the token's logs as named Transfer events,
// a transfer's input decoded as a call, and an unknown selector shown raw.
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  SANDBOX_CHECKS,
  SANDBOX_DEPLOYER,
  SANDBOX_TOKEN,
  SANDBOX_TOKEN_ADDRESS,
  SANDBOX_TOKEN_AMOUNTS,
} from '../../src-shared/abi/sandbox-contracts.ts';
import { expect, test } from '../support/web-app.ts';
import { answerPane, openConsole, send, writeCall } from './rpc-support.ts';

const decoded = (page: Page) => answerPane(page).getByRole('region', { name: 'Decoded' });

async function openContract(page: Page, contract: { name: string; address: string }, fn: string) {
  await page.getByRole('radio', { name: 'Contract' }).check();
  // The picker lists a contract as its name and the start of its address.
  const label = `${contract.name} · ${contract.address.slice(0, 8)}…`;
  await page.getByRole('combobox', { name: 'Contract', exact: true }).selectOption({ label });
  await page.getByRole('combobox', { name: 'Function' }).selectOption(fn);
}

/** Chooses what Send sends (eth_call or eth_estimateGas), presses Send and waits for the answer it sent. */
async function call(page: Page, method: 'eth_call' | 'eth_estimateGas' = 'eth_call') {
  await page.getByRole('radio', { name: new RegExp(`\\(${method}\\)`) }).check();
  await expect(page.getByTestId('rpc-contract-call')).toContainText(`"method": "${method}"`);
  await send(page);
}

test('a balanceOf through the Contract form comes back decoded by name, next to the raw hex', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  await openContract(page, SANDBOX_TOKEN, 'balanceOf(address)');
  await expect(page.getByLabel('Contract address')).toHaveValue(SANDBOX_TOKEN_ADDRESS);

  // A wrong checksum is refused where it is typed, and nothing is sent.
  const holder = page.getByRole('textbox', { name: /account \(address\)/ });
  await holder.fill(SANDBOX_DEPLOYER.replace('cD', 'Cd'));
  await expect(holder).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'checksum' })).toBeVisible();

  await holder.fill(SANDBOX_DEPLOYER);
  await call(page);
  // The call went into the console's own draft: back in Single call, method and params are the ones sent.
  await page.getByRole('radio', { name: 'Single call' }).check();
  await expect(page.getByLabel('Method', { exact: true })).toHaveValue('eth_call');
  await page.getByRole('radio', { name: 'Contract' }).check();
  const section = decoded(page);
  // Named after the contract saved at that address, not the ERC-20 standard sharing its selectors.
  await expect(section).toContainText('balanceOf(address) from Sandbox Dollar');
  await expect(section.getByRole('table', { name: 'Outputs' })).toContainText(
    `uint256${SANDBOX_TOKEN_AMOUNTS.deployerBalance}`,
  );
  await expect(section).toContainText(
    `0x${BigInt(SANDBOX_TOKEN_AMOUNTS.deployerBalance).toString(16).padStart(64, '0')}`,
  );

  if (process.env.SCREENSHOTS) {
    await openContract(page, SANDBOX_CHECKS, 'snapshot()');
    await call(page);
    await expect(decoded(page)).toContainText('sandbox');
    // The form above, the Decoded section in view: what the README shows.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await decoded(page).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/rpc-abi.png') });
  }
});

test('reverts are decoded: a custom error with its arguments, Error(string), and Panic with its meaning', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await openContract(page, SANDBOX_CHECKS, 'failCustom(uint256)');
  await page.getByRole('textbox', { name: /code \(uint256\)/ }).fill('7');
  await call(page);
  const revert = decoded(page).getByTestId('abi-revert');
  await expect(revert).toContainText('custom error Unauthorized(address,uint256,string)');
  await expect(revert.getByRole('table', { name: 'Error arguments' })).toContainText('reasonstringnot the owner');
  await expect(revert.getByRole('table', { name: 'Error arguments' })).toContainText('codeuint2567');

  await openContract(page, SANDBOX_CHECKS, 'failRequire()');
  await call(page);
  await expect(decoded(page).getByTestId('abi-revert')).toContainText('Error(string): "amount must be positive"');

  await openContract(page, SANDBOX_CHECKS, 'divide(uint256,uint256)');
  await page.getByRole('textbox', { name: /^a \(uint256\)/ }).fill('1');
  await page.getByRole('textbox', { name: /^b \(uint256\)/ }).fill('0');
  await call(page);
  await expect(decoded(page).getByTestId('abi-revert')).toContainText('Panic(0x12): division or modulo by zero');
});

test("the token's logs are named Transfer events; a transfer's input decodes as a call; unknown selectors stay raw", async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await writeCall(page, 'eth_getLogs', [{ address: SANDBOX_TOKEN_ADDRESS, fromBlock: '0x1', toBlock: '0x1' }]);
  await send(page);
  const logs = decoded(page).getByTestId('abi-logs');
  // Block 1: the mint to the deployer and the hand-outs to the eight accounts that move value.
  await expect(logs).toContainText('9 logs, 9 matched an event in the library');
  await expect(logs.locator('li').nth(1)).toContainText('Transfer');
  await expect(logs.getByRole('table', { name: 'Transfer arguments' }).nth(1)).toContainText(
    `valueuint256${SANDBOX_TOKEN_AMOUNTS.handedOut}`,
  );

  // The second log's transaction: the deployer's transfer(to, value).
  const hash = await page.evaluate(async (token) => {
    const { settings } = await window.ledger.settings.get();
    const answer = await window.ledger.rpc.call({
      requestId: crypto.randomUUID(),
      profileId: settings.activeProfileId,
      chain: 'ethereum',
      nodeType: 'full',
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [{ address: token, fromBlock: '0x1', toBlock: '0x1' }],
      },
      timeoutSeconds: 30,
    });
    return (JSON.parse(answer.text) as { result: { transactionHash: string }[] }).result[1].transactionHash;
  }, SANDBOX_TOKEN_ADDRESS);
  await writeCall(page, 'eth_getTransactionByHash', [hash]);
  await send(page);
  await expect(decoded(page).getByTestId('abi-input')).toContainText('Input calls transfer(address,uint256)');
  await expect(decoded(page).getByTestId('abi-input')).toContainText('Sandbox Dollar');
  await expect(decoded(page).getByRole('table', { name: 'Call arguments' })).toContainText(
    `valueuint256${SANDBOX_TOKEN_AMOUNTS.handedOut}`,
  );

  // A hand-typed eth_call with a selector no ABI knows (to an account without code, which answers
  // "0x" rather than reverting): the selector is called out, the data raw.
  await writeCall(page, 'eth_call', [{ to: SANDBOX_DEPLOYER, data: '0xdeadbeef' }, 'latest']);
  await send(page);
  await expect(answerPane(page).getByTestId('abi-unknown-selector')).toContainText(
    'Unknown function selector 0xdeadbeef',
  );
});
