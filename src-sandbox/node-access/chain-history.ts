// The history each sandbox chain starts with: value transfers in its first and last blocks, empty
// blocks between, and a head far enough past 128 that a full node's pruned state can be seen.
// Block 1 also deploys the sandbox contracts, and the other transfer blocks carry SBD token transfers
// (contracts/sandbox-contracts-history.ts). Transfers are drawn from the seed, so the same seed gives
// the same transactions; token transfers from a PRNG of their own, so value transfers are as before.
import { createHash } from 'node:crypto';
import { seededRandom } from '../ledger/random.ts';
import { contractDeploys, type Transaction, tokenTransfers } from './contracts/sandbox-contracts-history.ts';
import { callNode, callNodeInOrder } from './node-json-rpc.ts';

export const CHAIN_HEIGHT = 300;
const EARLY_TRANSFER_BLOCKS = 24;
const LATE_TRANSFER_BLOCKS = 6;
const MAX_TRANSFERS_PER_BLOCK = 4;

/**
 * Only these accounts move value; the others keep their genesis balance at every block, which gives
 * callers an account whose balance they can predict.
 */
export const ACTIVE_ACCOUNTS = 8;

const BLOCK_SECONDS: Record<string, number> = { ethereum: 12, polygon: 2, base: 2 };

export function blockSeconds(chain: string): number {
  return BLOCK_SECONDS[chain] ?? 12;
}

/** Genesis time chosen so the head block, mined last, carries about the current time. */
export function genesisTime(chain: string, nowSeconds: number): number {
  return nowSeconds - CHAIN_HEIGHT * blockSeconds(chain);
}

export async function writeChainHistory(
  url: string,
  plan: { chain: string; seed: number; genesisTime: number; accounts: string[]; deployer: string },
): Promise<void> {
  const random = randomFor(`${plan.seed}:${plan.chain}`);
  const tokenRandom = randomFor(`${plan.seed}:${plan.chain}:token`);
  const interval = blockSeconds(plan.chain);
  const timeOf = (block: number) => plan.genesisTime + block * interval;
  const active = plan.accounts.slice(0, ACTIVE_ACCOUNTS);

  await callNode(url, 'evm_setAutomine', [false]);
  for (let block = 1; block <= EARLY_TRANSFER_BLOCKS; block++) {
    const contractCalls =
      block === 1 ? await contractDeploys(plan.deployer, active) : tokenTransfers(active, tokenRandom);
    await mineTransferBlock(url, active, random, timeOf(block), contractCalls);
  }
  const emptyBlocks = CHAIN_HEIGHT - EARLY_TRANSFER_BLOCKS - LATE_TRANSFER_BLOCKS;
  await callNode(url, 'evm_setNextBlockTimestamp', [toQuantity(timeOf(EARLY_TRANSFER_BLOCKS + 1))]);
  await callNode(url, 'hardhat_mine', [toQuantity(emptyBlocks), toQuantity(interval)]);
  for (let block = CHAIN_HEIGHT - LATE_TRANSFER_BLOCKS + 1; block <= CHAIN_HEIGHT; block++) {
    await mineTransferBlock(url, active, random, timeOf(block), tokenTransfers(active, tokenRandom));
  }
  // Callers' own transactions are mined at once, as on a public testnet node seen from one wallet.
  await callNode(url, 'evm_setAutomine', [true]);
}

/**
 * The block's value transfers, then `contractCalls`, then the block mined: one batch, one round trip to the node.
 * The block orders by tip and the contract calls tip least, so the value transfers stay first.
 */
async function mineTransferBlock(
  url: string,
  accounts: string[],
  random: () => number,
  timestamp: number,
  contractCalls: Transaction[],
) {
  const count = 1 + Math.floor(random() * MAX_TRANSFERS_PER_BLOCK);
  const senders = shuffled(accounts, random).slice(0, count);
  const transactions: Transaction[] = [];
  for (const from of senders) {
    const others = accounts.filter((a) => a !== from);
    const to = others[Math.floor(random() * others.length)];
    // Between 0.001 and 5 coins, with wei-level digits so amounts look like real ones.
    const value = 10n ** 15n + BigInt(Math.floor(random() * 5e6)) * 10n ** 12n + BigInt(Math.floor(random() * 1e9));
    transactions.push({ from, to, value: toQuantity(value) });
  }
  await callNodeInOrder(url, [
    ...[...transactions, ...contractCalls].map((tx) => ({ method: 'eth_sendTransaction', params: [tx] })),
    { method: 'evm_mine', params: [timestamp] },
  ]);
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The ledger's PRNG, seeded through SHA-256 of the label so each chain gets its own history. */
function randomFor(label: string): () => number {
  return seededRandom(createHash('sha256').update(`ledger-sandbox:evm-history:${label}`).digest().readUInt32LE(0));
}

function toQuantity(value: number | bigint): string {
  return `0x${value.toString(16)}`;
}
