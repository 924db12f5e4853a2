// The sandbox contracts' part of each chain's history (chain-history.ts sends these while it fills blocks):
// block 1 deploys SandboxDollar and SandboxChecks from the contract deployer (nonces 0 and 1, so the addresses in
// src-shared/abi/sandbox-contracts.ts hold on every chain) and hands 1,000,000 SBD to each active account; every
// later block with value transfers also carries one or two SBD transfers between those accounts, drawn from the seed.
// Calldata is built here from the one selector needed and 32-byte words: no ABI library in the sandbox's chunk.
import { SANDBOX_TOKEN_ADDRESS, SANDBOX_TOKEN_AMOUNTS } from '../../../src-shared/abi/sandbox-contracts.ts';

/** transfer(address,uint256); test/src-sandbox/contracts.test.ts checks it against the ABI. */
export const TRANSFER_SELECTOR = '0xa9059cbb';
const MAX_TOKEN_TRANSFERS_PER_BLOCK = 2;

// Gas limit and fees given, not filled in by the node: the node would estimate the gas (running the call once
// more) and look up fees for each, a third of a transaction's start-up cost. A transfer to a new holder uses about 52,000 gas, each deploy under 1,000,000
// (test/src-sandbox/contracts.test.ts checks every receipt succeeded). The base fee starts at 1 gwei and only falls
// (blocks stay under half full), so 2 gwei always covers it. The tip is 1 wei, below the value transfers' (the
// node fills in about 0.27 gwei): the block orders by tip, and the value transfers stay first, as before.
const FEES = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' };
const TRANSFER_GAS = '0x186a0'; // 100,000
const DEPLOY_GAS = '0x1e8480'; // 2,000,000

export type Transaction = Record<string, string>;

/**
 * Block 1's contract transactions: the deploys are the deployer's nonces 0 and 1, then the supply handed out.
 * The compiled artifacts are imported here, on use: the build puts them in a chunk of their own, so the sandbox's
 * chunk does not carry ABIs and runtime code it never reads.
 */
export async function contractDeploys(deployer: string, holders: string[]): Promise<Transaction[]> {
  const { default: artifacts } = await import('./artifacts.json', { with: { type: 'json' } });
  const gas = DEPLOY_GAS;
  const amount = BigInt(SANDBOX_TOKEN_AMOUNTS.handedOut);
  return [
    { from: deployer, data: artifacts.SandboxDollar.bytecode, gas, ...FEES },
    { from: deployer, data: artifacts.SandboxChecks.bytecode, gas, ...FEES },
    ...holders.map((holder) => transferCall(deployer, holder, amount)),
  ];
}

/**
 * One or two transfers of 0.01 to 500 SBD, digits down to the base unit, between two of the holders. 29 blocks
 * carry them (chain-history.ts), so no holder can send more than 29,000 of its 1,000,000 SBD: none fails short.
 */
export function tokenTransfers(holders: string[], random: () => number): Transaction[] {
  const count = 1 + Math.floor(random() * MAX_TOKEN_TRANSFERS_PER_BLOCK);
  return Array.from({ length: count }, () => {
    const from = holders[Math.floor(random() * holders.length)];
    const others = holders.filter((h) => h !== from);
    const to = others[Math.floor(random() * others.length)];
    const amount = 10_000n + BigInt(Math.floor(random() * 50_000)) * 10_000n + BigInt(Math.floor(random() * 10_000));
    return transferCall(from, to, amount);
  });
}

function transferCall(from: string, to: string, amount: bigint): Transaction {
  const data = `${TRANSFER_SELECTOR}${word(BigInt(to))}${word(amount)}`;
  return { from, to: SANDBOX_TOKEN_ADDRESS, data, gas: TRANSFER_GAS, ...FEES };
}

/** One ABI word: a uint256 (or an address, which is one) as 64 hex digits. */
function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}
