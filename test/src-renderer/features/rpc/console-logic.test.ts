// The RPC console's pure logic (renderer code with no DOM): the form checks that decide whether
// anything is sent, the decode hints, and the lazy JSON tree's rows and search.
import { describe, expect, it } from 'vitest';
import { decodeHints, formatUnits } from '../../../../src-renderer/features/rpc/decode-hints.ts';
import {
  CHILD_CHUNK,
  reveal,
  searchTree,
  valueAt,
  visibleRows,
} from '../../../../src-renderer/features/rpc/json-tree-model.ts';
import { METHOD_CATALOG } from '../../../../src-renderer/features/rpc/method-catalog.ts';
import { appendToBatch, checkDraft } from '../../../../src-renderer/features/rpc/request-draft.ts';
import type { ConsoleDraft } from '../../../../src-renderer/features/rpc/rpc-console-store.ts';
import { RpcBody } from '../../../../src-shared/contract/rpc.ts';

const draft = (over: Partial<ConsoleDraft> = {}): ConsoleDraft => ({
  chain: 'ethereum',
  nodeType: 'full',
  mode: 'single',
  method: 'eth_getBalance',
  paramsText: '["0xabc", "latest"]',
  batchText: '[]',
  nextId: 7,
  timeoutSeconds: 30,
  ...over,
});

describe('the request form', () => {
  it('builds a JSON-RPC call with the next id', () => {
    expect(checkDraft(draft())).toEqual({
      ok: true,
      idsUsed: 1,
      body: { jsonrpc: '2.0', id: 7, method: 'eth_getBalance', params: ['0xabc', 'latest'] },
    });
  });

  it.each([
    [{ paramsText: '["0x1",' }, 'params', /^Params are not valid JSON: /],
    [
      { paramsText: '{"a":1}' },
      'params',
      'Params must be a JSON array, e.g. [] or ["0x…", "latest"] (this is an object)',
    ],
    [{ paramsText: '"0x1"' }, 'params', /\(this is a string\)$/],
    [{ paramsText: '   ' }, 'params', 'Params are empty: write a JSON array ([] for none)'],
    [{ method: '  ' }, 'method', 'Method: enter a method name, e.g. eth_blockNumber'],
    [{ chain: 'eth/../x' }, 'chain', 'Chain: a chain name is letters, digits, ".", "_" or "-"'],
    [{ chain: '' }, 'chain', 'Chain: enter a chain name'],
    [
      { paramsText: JSON.stringify(['f'.repeat(5 * 1024 * 1024)]) },
      'params',
      'Params are 5.0 MB; the console sends at most 1.0 MB',
    ],
  ])('refuses %j (%s) with a message', (over, field, message) => {
    const checked = checkDraft(draft(over));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.field).toBe(field);
    if (typeof message === 'string') expect(checked.error).toBe(message);
    else expect(checked.error).toMatch(message);
  });

  it('numbers the calls of a batch that have no id, keeps the ids that were written, fills jsonrpc and params', () => {
    const checked = checkDraft(
      draft({
        mode: 'batch',
        batchText:
          '[{"method":"eth_chainId"},{"method":"net_version","id":"mine"},{"method":"eth_blockNumber","params":[]}]',
      }),
    );
    expect(checked).toEqual({
      ok: true,
      idsUsed: 2,
      body: [
        { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 'mine', method: 'net_version', params: [] },
        { jsonrpc: '2.0', id: 8, method: 'eth_blockNumber', params: [] },
      ],
    });
  });

  it.each([
    ['{"method":"x"}', 'A batch is a JSON array of calls (this is an object)'],
    ['[]', 'A batch needs at least one call'],
    ['[{"method":"x"}, 5]', 'Call 2: expected an object like {"method": "…", "params": []}'],
    ['[{"method":""}]', 'Call 1: "method" must be a non-empty string'],
    ['[{"method":"x","params":{"a":1}}]', 'Call 1: "params" must be a JSON array (it is an object)'],
    ['[{"method":"x","jsonrpc":"1.0"}]', 'Call 1: "jsonrpc" must be "2.0"'],
    ['[{"method":"x","id":1.5}]', 'Call 1: "id" must be an integer, a string (at most 128 characters) or null'],
  ])('refuses the batch %s', (batchText, error) => {
    expect(checkDraft(draft({ mode: 'batch', batchText }))).toEqual({ ok: false, field: 'batch', error });
  });

  it('appends a catalog call to a batch, one call per line', () => {
    expect(appendToBatch('[{"method":"a","params":[]}]', 'eth_chainId', [])).toBe(
      '[\n  {"method":"a","params":[]},\n  {"method":"eth_chainId","params":[]}\n]',
    );
    expect(appendToBatch('not json', 'x', [])).toBeNull();
  });

  it('every catalog template is a call main accepts', () => {
    expect(METHOD_CATALOG.length).toBeGreaterThanOrEqual(30);
    for (const { method, params } of METHOD_CATALOG) {
      expect(RpcBody.safeParse({ jsonrpc: '2.0', id: 1, method, params }).success).toBe(true);
      expect(method).toMatch(/^(eth|net|web3)_/);
    }
  });
});

describe('decode hints', () => {
  const hints = (
    value: unknown,
    key: string | number | null,
    method: string | null = null,
    symbol: string | null = 'ETH',
  ) => decodeHints(value, { key, method, symbol }).map((h) => `${h.kind}: ${h.text}`);

  it('hex quantities as decimals, exactly, beyond 2^53', () => {
    expect(hints('0x7a69', 'result', 'eth_chainId')).toEqual(['decimal: 31,337']);
    expect(hints('0x12c', 'number')).toEqual(['decimal: 300']);
    expect(hints('0x1fffffffffffff1', 'gasUsed')).toEqual(['decimal: 144,115,188,075,855,857']);
  });

  it('wei as the native currency and fees as gwei, with bigint arithmetic', () => {
    expect(hints('0x21e19e0c9bab2400000', 'result', 'eth_getBalance')).toEqual([
      'decimal: 10,000,000,000,000,000,000,000',
      'ether: 10,000 ETH',
    ]);
    expect(hints('0x1', 'value', null, null)).toEqual(['decimal: 1', 'ether: 0.000000000000000001 ether']);
    expect(hints('0x3b9aca07', 'result', 'eth_gasPrice')).toEqual(['decimal: 1,000,000,007', 'gwei: 1.000000007 gwei']);
    expect(hints('0x0', 'baseFeePerGas')).toEqual(['decimal: 0', 'gwei: 0 gwei']);
    expect(formatUnits(123456789012345678901234567890n, 18)).toBe('123,456,789,012.34567890123456789');
  });

  it('unix times as UTC dates', () => {
    expect(hints('0x6553f100', 'timestamp')).toEqual(['decimal: 1,700,000,000', 'time: 2023-11-14T22:13:20Z']);
  });

  it('leaves hashes, addresses, data and non-quantity results alone', () => {
    expect(hints(`0x${'ab'.repeat(32)}`, 'hash')).toEqual([]);
    expect(hints(`0x${'12'.repeat(20)}`, 'miner')).toEqual([]);
    expect(hints('0x00000000000000000', 'nonce')).toEqual([]);
    expect(hints(`0x1${'0'.repeat(63)}`, 'anything')).toEqual([]);
    expect(hints('0x1234', 'result', 'eth_call')).toEqual([]);
    expect(hints('0x1234', 0)).toEqual([]);
    expect(hints('31337', 'result', 'net_version')).toEqual([]);
    expect(hints(12, 'id')).toEqual([]);
  });
});

describe('the lazy JSON tree', () => {
  const big = { jsonrpc: '2.0', id: 1, result: Array.from({ length: 1200 }, (_, i) => ({ n: i, hash: `h${i}` })) };

  it('gives rows only for expanded containers, a chunk of children at a time', () => {
    expect(visibleRows(big, new Set()).map((r) => r.path)).toEqual(['']);
    const open = visibleRows(big, new Set(['', '/result']));
    expect(open).toHaveLength(1 + 3 + CHILD_CHUNK + 1);
    expect(open.at(-1)?.more).toEqual({ parent: '/result', shown: CHILD_CHUNK, total: 1200 });
    expect(visibleRows(big, new Set(['', '/result']), new Map([['/result', 1200]]))).toHaveLength(1 + 3 + 1200);
  });

  it('finds keys and values anywhere, and reveals a match deep past the first chunk', () => {
    const found = searchTree(big, 'H1150');
    expect(found).toEqual(['/result/1150/hash']);
    const expanded = new Set<string>();
    const shown = new Map<string, number>();
    reveal(big, found[0], expanded, shown);
    expect([...expanded]).toEqual(['', '/result', '/result/1150']);
    const rows = visibleRows(big, expanded, shown);
    expect(rows.some((r) => r.path === '/result/1150/hash')).toBe(true);
    expect(valueAt(big, '/result/1150/hash')).toBe('h1150');
    expect(searchTree(big, 'jsonrpc')).toEqual(['/jsonrpc']);
    expect(searchTree(big, 'hash', 3)).toHaveLength(3);
    expect(searchTree({ 'a/b': { '~': 1 } }, '~')).toEqual(['/a~1b/~0']);
    expect(valueAt({ 'a/b': { '~': 1 } }, '/a~1b/~0')).toBe(1);
  });

  it('walks a 10 MB answer quickly', () => {
    const logs = Array.from({ length: 40_000 }, (_, i) => ({
      address: `0x${i}`,
      data: '0x'.padEnd(66, '0'),
      topics: ['0xddf2'],
    }));
    const started = performance.now();
    expect(searchTree({ result: logs }, '0x39999')).toEqual(['/result/39999/address']);
    expect(visibleRows({ result: logs }, new Set(['', '/result']))).toHaveLength(2 + CHILD_CHUNK + 1);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
