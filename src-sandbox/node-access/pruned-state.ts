// What makes a `full` node a full node: like geth with its default pruning, it keeps the state of
// only the last 128 blocks, and refuses state queries at older blocks with the error geth gives.
// The node behind it keeps every state (it is the archive node); this rule is the only difference.
import { errorReply, type JsonRpcCall, type JsonRpcErrorReply, type JsonRpcId } from './json-rpc-messages.ts';
import { callNode } from './node-json-rpc.ts';

export const KEPT_STATE_BLOCKS = 128n;

/** Methods that read state at a block, and where their block parameter sits. */
const BLOCK_PARAM_INDEX: Record<string, number> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_createAccessList: 1,
  eth_getProof: 2,
};

const HEAD_TAGS = new Set(['latest', 'pending', 'safe', 'finalized']);
const BLOCK_HASH = /^0x[0-9a-fA-F]{64}$/;
const BLOCK_NUMBER = /^0x[0-9a-fA-F]{1,16}$/;

type BlockRef = { head: true } | { number: bigint } | { hash: string };

interface BlockHeader {
  number: string;
  stateRoot: string;
}

/**
 * geth takes a bare block hash where a block parameter goes (EDR wants the EIP-1898 object), so a
 * state query with one is passed on in the object form the node understands.
 */
export function withBlockHashObject(call: JsonRpcCall): JsonRpcCall {
  const index = BLOCK_PARAM_INDEX[call.method];
  const param = index === undefined ? undefined : call.params?.[index];
  if (typeof param !== 'string' || !BLOCK_HASH.test(param)) return call;
  const params = [...(call.params ?? [])];
  params[index] = { blockHash: param };
  return { ...call, params };
}

/** The refusal for each call (by position) that asks for state a full node no longer has. */
export async function refusePrunedState(url: string, calls: JsonRpcCall[]): Promise<Map<number, JsonRpcErrorReply>> {
  const refusals = new Map<number, JsonRpcErrorReply>();
  const asked = calls.map((call, position) => ({ call, position, ref: stateBlockRef(call) }));
  const older = asked.filter((a) => a.ref !== undefined && !('head' in a.ref));
  if (older.length === 0) return refusals;
  const head = BigInt((await callNode(url, 'eth_blockNumber')) as string);
  await Promise.all(
    older.map(async ({ call, position, ref }) => {
      const block = await blockAt(url, ref as { number: bigint } | { hash: string });
      // An unknown block or one past the head is the node's to answer, with its own error.
      if (!block || BigInt(block.number) > head) return;
      if (head - BigInt(block.number) > KEPT_STATE_BLOCKS) {
        refusals.set(position, missingTrieNode(call.id ?? null, block.stateRoot));
      }
    }),
  );
  return refusals;
}

/** The block a state query reads, or undefined when the call is not one or its block is malformed. */
function stateBlockRef(call: JsonRpcCall): BlockRef | undefined {
  const index = BLOCK_PARAM_INDEX[call.method];
  if (index === undefined) return undefined;
  return blockRef(call.params?.[index]);
}

function blockRef(param: unknown): BlockRef | undefined {
  // geth reads state at the head when an optional block parameter is left out.
  if (param === undefined || param === null) return { head: true };
  if (typeof param === 'string') {
    if (HEAD_TAGS.has(param)) return { head: true };
    if (param === 'earliest') return { number: 0n };
    if (BLOCK_HASH.test(param)) return { hash: param };
    if (BLOCK_NUMBER.test(param)) return { number: BigInt(param) };
    return undefined;
  }
  if (typeof param === 'object' && !Array.isArray(param)) {
    // EIP-1898: {blockHash, requireCanonical?} or {blockNumber}.
    const { blockHash, blockNumber } = param as { blockHash?: unknown; blockNumber?: unknown };
    if (typeof blockHash === 'string' && BLOCK_HASH.test(blockHash)) return { hash: blockHash };
    if (blockHash === undefined && typeof blockNumber === 'string') return blockRef(blockNumber);
  }
  return undefined;
}

async function blockAt(url: string, ref: { number: bigint } | { hash: string }): Promise<BlockHeader | null> {
  return 'hash' in ref
    ? ((await callNode(url, 'eth_getBlockByHash', [ref.hash, false])) as BlockHeader | null)
    : ((await callNode(url, 'eth_getBlockByNumber', [`0x${ref.number.toString(16)}`, false])) as BlockHeader | null);
}

/** geth's message when the state trie of a block has been pruned (hash-based state scheme). */
function missingTrieNode(id: JsonRpcId, stateRoot: string): JsonRpcErrorReply {
  return errorReply(id, -32000, `missing trie node ${stateRoot.slice(2)} (path ) state ${stateRoot} is not available`);
}
