// The sandbox contracts' part of each chain's history (chain-history.ts calls these while it fills blocks):
// block 1 deploys SandboxDollar and SandboxChecks from the contract deployer (nonces 0 and 1, so the addresses in
// src-shared/abi/sandbox-contracts.ts hold on every chain) and hands 1,000,000 SBD to each active account; every
// later block with value transfers also carries SBD transfers between those accounts, drawn from the seed.
// Calldata is built here from the one selector needed and 32-byte words: no ABI library in the sandbox's chunk.
import { SANDBOX_TOKEN_ADDRESS, SANDBOX_TOKEN_AMOUNTS } from '../../../src-shared/abi/sandbox-contracts.ts';
import { postToNode } from '../node-json-rpc.ts';
import artifacts from './artifacts.json' with { type: 'json' };

/** transfer(address,uint256); test/src-sandbox/contracts.test.ts checks it against the ABI. */
export const TRANSFER_SELECTOR = '0xa9059cbb';
const MAX_TOKEN_TRANSFERS_PER_BLOCK = 2;

// Gas limit and fees given, not filled in by the node: estimating and fee look-ups cost about half of each
// transaction's time at start-up. A transfer to a new holder uses about 52,000 gas, each deploy under 1,000,000
// (test/src-sandbox/contracts.test.ts checks every receipt succeeded). The base fee starts at 1 gwei and only falls
// (blocks stay under half full), so 2 gwei always covers it. The tip is 1 wei, below the value transfers' (the
// node fills in about 0.27 gwei): the block orders by tip, and the value transfers stay first, as before.
const FEES = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' };
const TRANSFER_GAS = '0x186a0'; // 100,000
const DEPLOY_GAS = '0x1e8480'; // 2,000,000

type Transaction = Record<string, string>;

/** Sent before the block is mined, after its value transfers: the deploys are the deployer's nonces 0 and 1. */
export function sendContractDeploys(url: string, deployer: string, holders: string[]): Promise<void> {
  const gas = DEPLOY_GAS;
  const amount = BigInt(SANDBOX_TOKEN_AMOUNTS.handedOut);
  return sendAll(url, [
    { from: deployer, data: artifacts.SandboxDollar.bytecode, gas, ...FEES },
    { from: deployer, data: artifacts.SandboxChecks.bytecode, gas, ...FEES },
    ...holders.map((holder) => tokenTransfer(deployer, holder, amount)),
  ]);
}

/**
 * 1 or 2 transfers of 0.01 to 500 SBD with digits down to the base unit. 29 blocks carry them (the transfer
 * blocks but the first), so no holder can send more than 29,000 of its 1,000,000 SBD: none fails for a short balance.
 */
export function sendTokenTransfers(url: string, holders: string[], random: () => number): Promise<void> {
  const count = 1 + Math.floor(random() * MAX_TOKEN_TRANSFERS_PER_BLOCK);
  const transactions: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    const from = holders[Math.floor(random() * holders.length)];
    const others = holders.filter((h) => h !== from);
    const to = others[Math.floor(random() * others.length)];
    const amount = 10_000n + BigInt(Math.floor(random() * 50_000)) * 10_000n + BigInt(Math.floor(random() * 10_000));
    transactions.push(tokenTransfer(from, to, amount));
  }
  return sendAll(url, transactions);
}

function tokenTransfer(from: string, to: string, amount: bigint): Transaction {
  const data = `${TRANSFER_SELECTOR}${word(BigInt(to))}${word(amount)}`;
  return { from, to: SANDBOX_TOKEN_ADDRESS, data, gas: TRANSFER_GAS, ...FEES };
}

/** One JSON-RPC batch for the block's transactions (one HTTP round trip); the node answers them in order. */
async function sendAll(url: string, transactions: Transaction[]): Promise<void> {
  const body = transactions.map((tx, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendTransaction', params: [tx] }));
  const answers = (await postToNode(url, body)) as Array<{ error?: { message?: string } }>;
  const failed = Array.isArray(answers) ? answers.find((a) => a.error) : { error: { message: 'not a batch answer' } };
  if (failed?.error) throw new Error(`eth_sendTransaction failed on ${url}: ${failed.error.message ?? 'no message'}`);
}

/** One ABI word: a uint256 (or an address, which is one) as 64 hex digits. */
function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}
