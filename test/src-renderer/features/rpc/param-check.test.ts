// The params check against the OpenRPC description (@metamask/api-specs): what it refuses, in words
// that name the parameter, and what it must never refuse (every template the console offers, and
// the calls nodes accept where the description is stricter than they are).
import { describe, expect, it } from 'vitest';
import { METHOD_CATALOG } from '../../../../src-renderer/features/rpc/method-catalog.ts';
import { checkParams, signature } from '../../../../src-renderer/features/rpc/param-check.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
const HASH = `0x${'ab'.repeat(32)}`;
const problem = (method: string, params: unknown[]) => {
  const checked = checkParams(method, params);
  if (!checked.known) throw new Error(`${method} is not in the description`);
  return checked.problem;
};

describe('checkParams', () => {
  it.each([
    ['eth_getBalance', ['0x00', 'latest'], 'params[0] (Address): not a 20-byte hex address (0x and 40 hex digits)'],
    [
      'eth_getBalance',
      [ZERO, 'pending-ish'],
      'params[1] (Block): not a block number (hex quantity), a block tag (earliest, finalized, safe, latest, pending) or a 32-byte block hash',
    ],
    [
      'eth_getBlockByNumber',
      [12, false],
      'params[0] (Block): not a block number (hex quantity) or a block tag (earliest, finalized, safe, latest, pending)',
    ],
    [
      'eth_getBlockByNumber',
      ['latest', 'yes'],
      'params[1] (Hydrated transactions): expected a boolean (this is a string)',
    ],
    [
      'eth_feeHistory',
      ['0x05', 'latest', [25]],
      'params[0] (blockCount): not a hex quantity (0x and hex digits, lower case, no leading zeros, e.g. 0x1a)',
    ],
    ['eth_chainId', [1], 'params: eth_chainId takes no params; this has 1'],
    ['eth_getBalance', [ZERO, 'latest', true], 'params: eth_getBalance takes at most 2 (Address, Block); this has 3'],
    ['eth_getBalance', [], 'params[0] (Address): missing; eth_getBalance takes Address, Block'],
    [
      'eth_call',
      [{ to: '0x12', input: '0x' }, 'latest'],
      'params[0] (Transaction).to: not a 20-byte hex address (0x and 40 hex digits)',
    ],
    [
      'eth_getLogs',
      [{ fromBlock: 'soon' }],
      'params[0] (Filter).fromBlock: not a block number (hex quantity) or a block tag (earliest, finalized, safe, latest, pending)',
    ],
    [
      'eth_getTransactionByHash',
      ['0x1234'],
      'params[0] (Transaction hash): not a 32-byte hex hash (0x and 64 lower-case hex digits)',
    ],
  ])('%s %j: %s', (method, params, expected) => {
    expect(problem(method, params)).toBe(expected);
  });

  it('names a field an object cannot have', () => {
    expect(problem('eth_call', [{ to: ZERO, gasLimit: '0x1' }])).toMatch(
      /^params\[0\] \(Transaction\)\.gasLimit: not a field of this object \(known: type, nonce, to, from, gas, /,
    );
  });

  it('accepts what nodes accept: optional params left out, a block hash, "data" and block tags in filters', () => {
    expect(problem('eth_getBalance', [ZERO, HASH])).toBeNull();
    expect(problem('eth_getBalance', [ZERO, '0x1b4'])).toBeNull();
    expect(problem('eth_call', [{ to: ZERO, data: '0x70a08231' }])).toBeNull();
    expect(problem('eth_call', [{ to: null, input: '0x' }, 'latest'])).toBeNull();
    expect(
      problem('eth_getLogs', [{ fromBlock: 'earliest', toBlock: '0x10', address: ZERO, topics: [HASH, null] }]),
    ).toBeNull();
    expect(problem('eth_getLogs', [{ blockHash: HASH, address: [ZERO], topics: [[HASH, HASH]] }])).toBeNull();
  });

  it('leaves a method the description does not know alone', () => {
    expect(checkParams('debug_traceTransaction', ['anything', { at: 'all' }])).toEqual({ known: false });
    expect(checkParams('net_version', [1, 2, 3])).toEqual({ known: false });
  });

  it('shows a method as its parameter names, optional ones marked', () => {
    const described = checkParams('eth_call', []);
    expect(described.known && signature(described.method)).toBe('eth_call(Transaction, Block?)');
  });
});

describe('the catalog from the description', () => {
  it('every template the console offers passes the check', () => {
    for (const { method, params } of METHOD_CATALOG) {
      const checked = checkParams(method, params);
      expect({ method, problem: checked.known ? checked.problem : null }).toEqual({ method, problem: null });
    }
  });

  it("lists the description's node methods (not wallet methods), with its summary where we wrote none", () => {
    const names = METHOD_CATALOG.map((m) => m.method);
    expect(names).toContain('eth_getTransactionByBlockHashAndIndex');
    expect(names).toContain('eth_newBlockFilter');
    expect(names).not.toContain('eth_sendTransaction');
    expect(names).not.toContain('wallet_addEthereumChain');
    expect(names).not.toContain('personal_sign');
    expect(new Set(names).size).toBe(names.length);
    expect(METHOD_CATALOG.find((m) => m.method === 'eth_getUncleCountByBlockHash')?.description).toBe(
      'Returns the number of uncles in a block from a block matching the given block hash.',
    );
  });
});
