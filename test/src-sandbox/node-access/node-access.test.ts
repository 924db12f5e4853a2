// Node access of the sandbox network against its real EVM nodes (Hardhat 3 / EDR), over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxInternals, startSandboxNetwork } from '../../../src-sandbox/sandbox-network.ts';

let sandbox: SandboxInternals;
beforeAll(async () => {
  // A small ledger: this file is about node access, not transfers.
  sandbox = await startSandboxNetwork({ seed: 7, transfers: 100 });
});
afterAll(() => sandbox.close());

/** A JSON-RPC answer, a batch of them, or an HTTP error body: read field by field in assertions. */
interface Answer {
  id?: unknown;
  result?: string;
  error?: { code: number; message: string };
}

interface Reply {
  status: number;
  body: Answer & Answer[];
}

interface Block {
  hash: string;
  stateRoot: string;
  transactions: Array<{ from: string; to: string; value: string }>;
}

async function post(
  address: string,
  body: unknown,
  init: { key?: string | null; query?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = init.key === undefined ? sandbox.credentials.apiKey : init.key;
  if (key !== null) headers.apiKey = key;
  const response = await fetch(`${sandbox.urls.rpcUrl}/${address}${init.query ?? ''}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

async function result<T = string>(address: string, method: string, params: unknown[] = []): Promise<T> {
  const { status, body } = await post(address, call(method, params));
  expect(status).toBe(200);
  expect(body.error).toBeUndefined();
  return body.result as T;
}

const hex = (n: number) => `0x${n.toString(16)}`;

describe('node access: the real EVM behind each chain', () => {
  it('answers with each chain its own chain id, on full and archive', async () => {
    for (const [chain, chainId] of [
      ['ethereum', 31337],
      ['polygon', 31338],
      ['base', 31339],
    ] as const) {
      expect(await result(`${chain}_full`, 'eth_chainId')).toBe(hex(chainId));
      expect(await result(`${chain}_archive`, 'eth_chainId')).toBe(hex(chainId));
    }
  });

  it('has more than 128 blocks of history, with value transfers in them', async () => {
    expect(Number(await result('ethereum_full', 'eth_blockNumber'))).toBeGreaterThan(128);
    const block1 = await result<Block>('polygon_archive', 'eth_getBlockByNumber', ['0x1', true]);
    expect(block1.transactions.length).toBeGreaterThan(0);
    expect(BigInt(block1.transactions[0].value)).toBeGreaterThan(0n);
  });

  it('gives the balance of a prefunded account at the head', async () => {
    // The last accounts never move value, so their balance is still the genesis balance.
    const accounts = sandbox.evm?.accounts ?? [];
    const untouched = accounts.at(-1);
    expect(untouched?.balanceWei).toBe('10000000000000000000000');
    const balance = await result('base_full', 'eth_getBalance', [untouched?.address, 'latest']);
    expect(BigInt(balance).toString()).toBe(untouched?.balanceWei);
    expect(accounts).toHaveLength(10);
  });
});

describe('node access: full nodes keep only the last 128 blocks of state', () => {
  let sender: string;
  let head: number;
  beforeAll(async () => {
    const block1 = await result<Block>('ethereum_archive', 'eth_getBlockByNumber', ['0x1', true]);
    // An account that only sent in block 1, so its balance there is below its genesis balance.
    const txs = block1.transactions;
    sender = txs.map((t) => t.from).find((from) => !txs.some((t) => t.to === from)) ?? '';
    expect(sender).not.toBe('');
    head = Number(await result('ethereum_archive', 'eth_blockNumber'));
  });

  it('refuses an old balance on full with the pruned-node error, and answers it on archive', async () => {
    const refused = await post('ethereum_full', call('eth_getBalance', [sender, '0x1'], 42));
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: 42,
      error: {
        code: -32000,
        message: expect.stringMatching(
          /^missing trie node [0-9a-f]{64} \(path \) state 0x[0-9a-f]{64} is not available$/,
        ),
      },
    });
    const atGenesis = await result('ethereum_archive', 'eth_getBalance', [sender, 'earliest']);
    const atBlock1 = await result('ethereum_archive', 'eth_getBalance', [sender, '0x1']);
    expect(BigInt(atGenesis).toString()).toBe('10000000000000000000000');
    expect(BigInt(atBlock1)).toBeLessThan(BigInt(atGenesis));
  });

  it('names the state root of the refused block in the error, as geth does', async () => {
    const block1 = await result<Block>('ethereum_archive', 'eth_getBlockByNumber', ['0x1', false]);
    const refused = await post('ethereum_full', call('eth_getCode', [sender, '0x1']));
    expect(refused.body.error?.message).toBe(
      `missing trie node ${block1.stateRoot.slice(2)} (path ) state ${block1.stateRoot} is not available`,
    );
  });

  it('keeps exactly 128 blocks: 128 behind the head is answered, 129 behind is refused', async () => {
    const kept = await post('ethereum_full', call('eth_getTransactionCount', [sender, hex(head - 128)]));
    expect(kept.body.result).toMatch(/^0x/);
    const pruned = await post('ethereum_full', call('eth_getTransactionCount', [sender, hex(head - 129)]));
    expect(pruned.body.error?.code).toBe(-32000);
  });

  it('resolves earliest, block hashes and the EIP-1898 object forms', async () => {
    const block1 = await result<Block>('ethereum_archive', 'eth_getBlockByNumber', ['0x1', false]);
    const expected = await result('ethereum_archive', 'eth_getBalance', [sender, '0x1']);
    for (const block of ['earliest', block1.hash, { blockHash: block1.hash }, { blockNumber: '0x1' }]) {
      const full = await post('ethereum_full', call('eth_getBalance', [sender, block]));
      expect(full.body.error?.code, JSON.stringify(block)).toBe(-32000);
    }
    for (const block of [block1.hash, { blockHash: block1.hash }, { blockNumber: '0x1' }]) {
      expect(await result('ethereum_archive', 'eth_getBalance', [sender, block])).toBe(expected);
    }
    for (const block of ['latest', 'pending', 'safe', 'finalized', { blockNumber: hex(head) }]) {
      const full = await post('ethereum_full', call('eth_getBalance', [sender, block]));
      expect(full.body.result, JSON.stringify(block)).toMatch(/^0x/);
    }
  });

  it('applies the rule to each call of a batch and keeps the batch order', async () => {
    const { status, body } = await post('ethereum_full', [
      call('eth_getBalance', [sender, 'latest'], 'a'),
      call('eth_getBalance', [sender, '0x1'], 'b'),
      call('eth_call', [{ to: sender, data: '0x' }, '0x2'], 'c'),
      call('eth_blockNumber', [], 'd'),
    ]);
    expect(status).toBe(200);
    expect(body.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(body[0].result).toMatch(/^0x/);
    expect(body[1].error?.code).toBe(-32000);
    expect(body[2].error?.code).toBe(-32000);
    expect(Number(body[3].result)).toBe(head);
  });

  it("passes the node's own errors through", async () => {
    const { body } = await post('ethereum_archive', call('eth_noSuchMethod', [], 5));
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code: -32004 } });
  });
});

describe('node access: JSON-RPC body errors', () => {
  it('answers malformed JSON with -32700 in a 200', async () => {
    const { status, body } = await post('ethereum_full', '{"jsonrpc":"2.0",');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
    });
  });

  it('answers JSON that is not a request with -32600, alone or inside a batch', async () => {
    expect((await post('ethereum_full', 42)).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await post('ethereum_full', { jsonrpc: '2.0', id: 3 })).body).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request: "method" must be a non-empty string' },
    });
    expect((await post('ethereum_full', [])).body).toMatchObject({ id: null, error: { code: -32600 } });
    const batch = await post('ethereum_full', [call('eth_chainId', [], 1), { id: 2, method: 'eth_chainId' }]);
    expect(batch.body[0].result).toBe('0x7a69');
    expect(batch.body[1]).toMatchObject({
      id: 2,
      error: { code: -32600, message: expect.stringMatching(/"jsonrpc" must be "2.0"/) },
    });
  });

  it('refuses a body over 10 MB with 413 and one that is not JSON-typed with 415', async () => {
    const big = await post('ethereum_full', `"${'x'.repeat(10 * 1024 * 1024)}"`);
    expect(big).toEqual({ status: 413, body: { error: 'request body larger than 10485760 bytes' } });
    const response = await fetch(`${sandbox.urls.rpcUrl}/ethereum_full`, {
      method: 'POST',
      headers: { apiKey: sandbox.credentials.apiKey, 'content-type': 'text/plain' },
      body: JSON.stringify(call('eth_chainId')),
    });
    expect(response.status).toBe(415);
  });
});

describe('node access: addresses and keys', () => {
  it('accepts the hyphen as separator too', async () => {
    expect(await result('polygon-archive', 'eth_chainId')).toBe('0x7a6a');
    expect(await result('base-full', 'eth_chainId')).toBe('0x7a6b');
  });

  it('answers 404 naming what is unknown and what exists', async () => {
    expect(await post('solana_full', call('eth_chainId'))).toEqual({
      status: 404,
      body: { error: 'unknown chain "solana" (chains: ethereum, polygon, base; node types: full, archive)' },
    });
    expect(await post('ethereum_light', call('eth_chainId'))).toEqual({
      status: 404,
      body: { error: 'unknown node type "light" (chains: ethereum, polygon, base; node types: full, archive)' },
    });
    expect((await post('ethereum', call('eth_chainId'))).status).toBe(404);
  });

  it('answers 401 for a missing or wrong key, in the header or the query', async () => {
    const missing = { status: 401, body: { error: 'missing apiKey' } };
    const invalid = { status: 401, body: { error: 'invalid apiKey' } };
    expect(await post('ethereum_full', call('eth_chainId'), { key: null })).toEqual(missing);
    expect(await post('ethereum_full', call('eth_chainId'), { key: 'sbx_key_wrong' })).toEqual(invalid);
    expect(await post('ethereum_full', call('eth_chainId'), { key: null, query: '?apiKey=' })).toEqual(missing);
    expect(await post('ethereum_full', call('eth_chainId'), { key: null, query: '?apiKey=wrong' })).toEqual(invalid);
  });

  it('accepts the key as the apiKey query parameter, and refuses header and query that differ', async () => {
    const query = `?apiKey=${encodeURIComponent(sandbox.credentials.apiKey)}`;
    const ok = await post('ethereum_full', call('eth_chainId'), { key: null, query });
    expect(ok.body.result).toBe('0x7a69');
    const differ = await post('ethereum_full', call('eth_chainId'), { key: 'other', query });
    expect(differ.status).toBe(400);
  });

  it('answers 405 for anything but POST', async () => {
    const response = await fetch(`${sandbox.urls.rpcUrl}/ethereum_full`, {
      headers: { apiKey: sandbox.credentials.apiKey },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'method not allowed: use POST' });
  });

  it('answers 503 when the sandbox was started without EVM nodes', async () => {
    const bare = await startSandboxNetwork({ seed: 7, transfers: 100, evm: false });
    try {
      const response = await fetch(`${bare.urls.rpcUrl}/ethereum_full`, {
        method: 'POST',
        headers: { apiKey: bare.credentials.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(call('eth_chainId')),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: 'node access is off: this sandbox network was started without EVM nodes',
      });
      expect(bare.evm).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
