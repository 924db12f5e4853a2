// The Ethereum JSON-RPC methods (execution API), each with a params template to start from and one
// line on what it answers: the node methods of the OpenRPC description (openrpc-methods.ts), with
// our own template and wording where we wrote one, plus common methods the description leaves out
// (net_*, eth_getBlockReceipts...). Any other method can be typed by hand.

import { editDistance } from '../../../src-shared/text/edit-distance.ts';
import { DESCRIBED_NODE_METHODS } from './openrpc-methods.ts';

export interface CatalogMethod {
  method: string;
  params: unknown[];
  description: string;
  /** Reads state at a block: a full node refuses blocks more than 128 behind the head. */
  stateAtBlock?: boolean;
}

const ADDRESS = '0x0000000000000000000000000000000000000000';
const HASH = '0x0000000000000000000000000000000000000000000000000000000000000000';

const WRITTEN: readonly CatalogMethod[] = [
  { method: 'eth_chainId', params: [], description: 'Chain id (EIP-155) as a hex quantity.' },
  { method: 'eth_blockNumber', params: [], description: 'Number of the most recent block.' },
  { method: 'eth_syncing', params: [], description: 'Sync progress, or false when the node is in sync.' },
  { method: 'eth_gasPrice', params: [], description: 'Current gas price in wei.' },
  { method: 'eth_maxPriorityFeePerGas', params: [], description: 'Suggested priority fee (tip) per gas, in wei.' },
  {
    method: 'eth_feeHistory',
    params: ['0x5', 'latest', [25, 75]],
    description: 'Base fees and reward percentiles for a range of recent blocks.',
  },
  {
    method: 'eth_getBalance',
    params: [ADDRESS, 'latest'],
    description: 'Balance of an address in wei at a block.',
    stateAtBlock: true,
  },
  {
    method: 'eth_getTransactionCount',
    params: [ADDRESS, 'latest'],
    description: 'Nonce: transactions sent from an address up to a block.',
    stateAtBlock: true,
  },
  {
    method: 'eth_getCode',
    params: [ADDRESS, 'latest'],
    description: 'Contract bytecode at an address ("0x" for an account without code).',
    stateAtBlock: true,
  },
  {
    method: 'eth_getStorageAt',
    params: [ADDRESS, '0x0', 'latest'],
    description: 'One 32-byte storage slot of a contract at a block.',
    stateAtBlock: true,
  },
  {
    method: 'eth_call',
    params: [{ to: ADDRESS, data: '0x' }, 'latest'],
    description: 'Runs a call against state at a block without sending a transaction.',
    stateAtBlock: true,
  },
  {
    method: 'eth_estimateGas',
    params: [{ from: ADDRESS, to: ADDRESS, value: '0x0' }],
    description: 'Gas a transaction would use.',
    stateAtBlock: true,
  },
  {
    method: 'eth_createAccessList',
    params: [{ from: ADDRESS, to: ADDRESS, data: '0x' }, 'latest'],
    description: 'The EIP-2930 access list a transaction would touch.',
    stateAtBlock: true,
  },
  {
    method: 'eth_getProof',
    params: [ADDRESS, [], 'latest'],
    description: 'Merkle proof of an account and storage slots (EIP-1186).',
    stateAtBlock: true,
  },
  {
    method: 'eth_getBlockByNumber',
    params: ['latest', false],
    description: 'A block by number or tag; true = full transactions, false = hashes only.',
  },
  { method: 'eth_getBlockByHash', params: [HASH, false], description: 'A block by hash.' },
  {
    method: 'eth_getBlockTransactionCountByNumber',
    params: ['latest'],
    description: 'Number of transactions in a block.',
  },
  {
    method: 'eth_getBlockTransactionCountByHash',
    params: [HASH],
    description: 'Number of transactions in a block, by block hash.',
  },
  { method: 'eth_getBlockReceipts', params: ['latest'], description: 'Every receipt of a block.' },
  { method: 'eth_getTransactionByHash', params: [HASH], description: 'A transaction by its hash.' },
  {
    method: 'eth_getTransactionByBlockNumberAndIndex',
    params: ['latest', '0x0'],
    description: 'A transaction by block and position.',
  },
  {
    method: 'eth_getTransactionReceipt',
    params: [HASH],
    description: 'Receipt of a mined transaction: status, gas used, logs.',
  },
  {
    method: 'eth_getLogs',
    params: [{ fromBlock: 'latest', toBlock: 'latest', address: [], topics: [] }],
    description: 'Event logs matching a filter.',
  },
  {
    method: 'eth_newFilter',
    params: [{ fromBlock: 'latest', toBlock: 'latest', address: [], topics: [] }],
    description: 'Creates a log filter on the node; answers its id for eth_getFilterChanges.',
  },
  {
    method: 'eth_getFilterChanges',
    params: ['0x1'],
    description: 'What a filter (by id) caught since it was last asked.',
  },
  { method: 'eth_getFilterLogs', params: ['0x1'], description: 'Every log a log filter (by id) matches.' },
  { method: 'eth_uninstallFilter', params: ['0x1'], description: 'Removes a filter (by id) from the node.' },
  {
    method: 'eth_getUncleCountByBlockNumber',
    params: ['latest'],
    description: 'Number of uncles (ommers) in a block.',
  },
  { method: 'eth_accounts', params: [], description: 'Addresses the node holds keys for (usually none).' },
  { method: 'eth_coinbase', params: [], description: 'The address block rewards go to, if the node mines.' },
  { method: 'eth_mining', params: [], description: 'Whether the node is mining.' },
  { method: 'eth_hashrate', params: [], description: 'Hashes per second the node mines with.' },
  { method: 'eth_protocolVersion', params: [], description: 'Ethereum protocol version the node speaks.' },
  { method: 'eth_blobBaseFee', params: [], description: 'Current base fee per blob gas, in wei (EIP-4844).' },
  {
    method: 'eth_sendRawTransaction',
    params: ['0x'],
    description: 'Submits a signed, RLP-encoded transaction; answers its hash.',
  },
  { method: 'net_version', params: [], description: 'Network id as a decimal string.' },
  { method: 'net_listening', params: [], description: 'Whether the node accepts peer connections.' },
  { method: 'net_peerCount', params: [], description: 'Number of connected peers.' },
  { method: 'web3_clientVersion', params: [], description: 'Client name and version.' },
  { method: 'web3_sha3', params: ['0x68656c6c6f'], description: 'Keccak-256 of the given data.' },
];

const WRITTEN_NAMES = new Set(WRITTEN.map((m) => m.method));

/** Ours first (in our order), then the description's other node methods with its summary and example. */
export const METHOD_CATALOG: readonly CatalogMethod[] = [
  ...WRITTEN,
  ...DESCRIBED_NODE_METHODS.filter((m) => !WRITTEN_NAMES.has(m.name)).map((m) => ({
    method: m.name,
    params: m.example ?? [],
    description: m.summary,
  })),
];

const BY_NAME = new Map(METHOD_CATALOG.map((m) => [m.method, m]));

export function catalogMethod(method: string): CatalogMethod | undefined {
  return BY_NAME.get(method.trim());
}

/**
 * The catalog method a partial name stands for, when Enter is pressed on it: the name itself, else
 * the first (in the catalog's order) that starts with it, else the first that contains it, ignoring
 * case ("getBal" -> eth_getBalance). Undefined when none does: a method outside the catalog
 * (debug_*, a node's own) is taken as written.
 */
export function topMatch(typed: string): CatalogMethod | undefined {
  const text = typed.trim().toLowerCase();
  if (!text) return undefined;
  const exact = catalogMethod(typed);
  if (exact) return exact;
  const named = (m: CatalogMethod) => m.method.toLowerCase();
  return METHOD_CATALOG.find((m) => named(m).startsWith(text)) ?? METHOD_CATALOG.find((m) => named(m).includes(text));
}

/**
 * Catalog names within a few edits of a method that is not in the catalog (a typo that the node
 * would answer with "method not found"), nearest first; none for a name nothing is near.
 */
export function nearestMethods(typed: string, limit = 3): string[] {
  const text = typed.trim();
  if (!text || catalogMethod(text)) return [];
  const allowed = Math.max(1, Math.min(3, Math.floor(text.length / 5)));
  return METHOD_CATALOG.map((m) => ({ name: m.method, distance: editDistance(text, m.method, allowed) }))
    .filter((m) => m.distance <= allowed)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map((m) => m.name);
}

/** True when `text` is what the app would have filled in: empty, [] or some method's template. */
export function isTemplateText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '[]' || TEMPLATE_TEXTS.has(trimmed);
}

/** A params template as editor text: short ones on one line, longer ones one value per line. */
export function paramsTemplate(params: unknown[]): string {
  const oneLine = JSON.stringify(params);
  return oneLine.length <= 60 ? oneLine : JSON.stringify(params, null, 2);
}

const TEMPLATE_TEXTS = new Set(METHOD_CATALOG.map((m) => paramsTemplate(m.params)));
