// A known token's amounts scaled by its decimals() next to the raw integer (issue 27), in Chromium against the
// sandbox's real EVM: the Sandbox Dollar (6 decimals) answers balanceOf with base units; Decoded shows them and
// the amount in SBD. The expectation is computed here from the sandbox's own figures (decimals 6, the deployer's
// 92,000,000 SBD), not by the app's formatter. A uint256 that is not a token amount (Sandbox Checks' divide) stays raw.
import {
  SANDBOX_CHECKS_ADDRESS,
  SANDBOX_DEPLOYER,
  SANDBOX_TOKEN,
  SANDBOX_TOKEN_ADDRESS,
  SANDBOX_TOKEN_AMOUNTS,
} from '../../src-shared/abi/sandbox-contracts.ts';
import { expect, test } from '../support/web-app.ts';
import { answerPane, openConsole, send, writeCall } from './rpc-support.ts';

/** 92000000000000 base units with 6 decimals, written out by hand: "92,000,000.000000". */
function scaledByHand(raw: string, decimals: number): string {
  const whole = raw.slice(0, raw.length - decimals) || '0';
  const fraction = raw.slice(raw.length - decimals).padStart(decimals, '0');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

test("a token's balanceOf shows the raw integer and the amount scaled by its decimals", async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const decoded = answerPane(page).getByRole('region', { name: 'Decoded' });
  const data = `0x70a08231${SANDBOX_DEPLOYER.slice(2).toLowerCase().padStart(64, '0')}`;
  await writeCall(page, 'eth_call', [{ to: SANDBOX_TOKEN_ADDRESS, data }, 'latest']);
  await send(page);

  const raw = SANDBOX_TOKEN_AMOUNTS.deployerBalance;
  const outputs = decoded.getByRole('table', { name: 'Outputs' });
  await expect(outputs).toContainText(`balanceuint256${raw}`);
  expect(scaledByHand(raw, SANDBOX_TOKEN.decimals)).toBe('92,000,000.000000');
  await expect(outputs.getByTestId('abi-token-amount')).toHaveText(
    `= ${scaledByHand(raw, SANDBOX_TOKEN.decimals)} ${SANDBOX_TOKEN.symbol} (${SANDBOX_TOKEN.decimals} decimals)`,
  );

  // Not an amount of a token: a plain uint256 output stays raw, with no error anywhere.
  const divide = `0xf88e9fbf${7n.toString(16).padStart(64, '0')}${1n.toString(16).padStart(64, '0')}`;
  await writeCall(page, 'eth_call', [{ to: SANDBOX_CHECKS_ADDRESS, data: divide }, 'latest']);
  await send(page);
  await expect(decoded.getByRole('table', { name: 'Outputs' })).toContainText('quotientuint2567');
  await expect(decoded.getByTestId('abi-token-amount')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
