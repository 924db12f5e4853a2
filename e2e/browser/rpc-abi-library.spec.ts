// The RPC console's Contracts panel (issue 14), in Chromium on the real services: the ABI library
// of a profile, with the built-in standards, the sandbox's deployed contracts on the sandbox
// profile, a malformed ABI refused naming its first bad entry, and a saved ABI kept across a reload.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SANDBOX_CHECKS_ADDRESS, SANDBOX_TOKEN_ADDRESS } from '../../src-shared/abi/sandbox-contracts.ts';
import { expect, test } from '../support/web-app.ts';
import { bridgeCalls, openConsole, useRemoteProfile } from './rpc-support.ts';

const contracts = (page: Page) => page.getByRole('region', { name: 'Contracts' });
const entries = (page: Page) => contracts(page).getByRole('list', { name: 'Contract list' }).getByRole('listitem');
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const COUNTER = [
  { type: 'function', name: 'count', inputs: [], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'increment',
    inputs: [{ name: 'by', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
];
const COUNTER_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

async function addAbi(page: Page, name: string, abiText: string, address = '') {
  const panel = contracts(page);
  await panel.getByRole('button', { name: 'Add ABI' }).click();
  const form = panel.getByRole('form', { name: 'Add ABI' });
  await form.getByLabel('Contract name').fill(name);
  await form.getByLabel('Address (optional)').fill(address);
  await form.getByLabel('ABI JSON').fill(abiText);
  await form.getByRole('button', { name: 'Save ABI' }).click();
  return form;
}

test('the sandbox profile lists the standards and the sandbox contracts, marked built-in', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);

  await expect(entries(page)).toHaveText([
    /^ERC-20 built-inno address · 17 entries/,
    /^ERC-721 built-inno address · 24 entries/,
    /^ERC-1155 built-inno address · 19 entries/,
    new RegExp(`^Sandbox Dollar built-in${short(SANDBOX_TOKEN_ADDRESS)} · \\d+ entries`),
    new RegExp(`^Sandbox Checks built-in${short(SANDBOX_CHECKS_ADDRESS)} · \\d+ entries`),
  ]);
  await expect(contracts(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
});

test('a malformed ABI is refused at the field naming its first bad entry; nothing is saved', async ({ app, page }) => {
  const saves = bridgeCalls(page, 'abi:save');
  await app.open(page);
  await openConsole(page);
  await expect(entries(page)).toHaveCount(5);

  const bad = JSON.stringify([COUNTER[0], { ...COUNTER[1], inputs: [{ name: 'by', type: 'uint257' }] }]);
  const form = await addAbi(page, 'Counter', bad);

  const field = form.getByLabel('ABI JSON');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText(
    'entry 2 (function "increment"): input 1 ("by") has type "uint257", which is not a Solidity type',
  );
  await expect(entries(page)).toHaveCount(5);
  expect(saves).toHaveLength(0);
  // Not on disk either: the profile's library file was never written.
  await expect(readFile(join(app.userDataDir, 'abi-library', 'sandbox.json'), 'utf8')).rejects.toThrow(/ENOENT/);
});

test('a pasted Foundry artifact is listed with its address, kept after a reload, and only on its profile', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openConsole(page);
  await addAbi(page, 'Counter', JSON.stringify({ abi: COUNTER, bytecode: { object: '0x' } }, null, 2), COUNTER_ADDRESS);

  const counter = entries(page).filter({ hasText: 'Counter' });
  await expect(counter).toHaveText(`Counter ${short(COUNTER_ADDRESS)} · 2 entriesDelete`);
  await expect(contracts(page).getByRole('form', { name: 'Add ABI' })).toHaveCount(0);

  // A fresh load (the bridge token travels in the fragment, so a plain reload would lose it).
  await page.goto('about:blank');
  await app.open(page);
  await openConsole(page);
  await expect(entries(page)).toHaveCount(6);
  await expect(entries(page).filter({ hasText: 'Counter' })).toContainText(short(COUNTER_ADDRESS));

  await useRemoteProfile(page, app, { name: 'Staging', rpcUrl: app.sandbox.rpcUrl }, null);
  await openConsole(page);
  await expect(entries(page)).toHaveText([/^ERC-20 /, /^ERC-721 /, /^ERC-1155 /]);
});

test('a saved ABI can be deleted; a wrong address checksum is refused at its field', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const form = await addAbi(page, 'Counter', JSON.stringify(COUNTER), COUNTER_ADDRESS.replace('F', 'f'));
  await expect(form.getByLabel('Address (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText(/checksum \(EIP-55 mixed case\) does not match/);

  await form.getByLabel('Address (optional)').fill(COUNTER_ADDRESS.toLowerCase());
  await form.getByRole('button', { name: 'Save ABI' }).click();
  await expect(entries(page)).toHaveCount(6);
  await contracts(page).getByRole('button', { name: 'Delete Counter' }).click();
  await expect(entries(page)).toHaveCount(5);
});
