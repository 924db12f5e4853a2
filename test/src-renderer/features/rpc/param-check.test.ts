// The params check against the OpenRPC description (@metamask/api-specs): what it refuses, in words
// that name the parameter, and what it must never refuse (every template the console offers, and
// the calls nodes accept where the description is stricter than they are).
import { readFileSync } from 'node:fs';
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

  it('a field the specification does not list is a warning, not a refusal: the call is sent', () => {
    const checked = checkParams('eth_call', [{ to: ZERO, gasLimit: '0x1' }]);
    expect(checked.known && checked.problem).toBeNull();
    expect(checked.known && checked.warning).toMatch(
      /^params\[0\] \(Transaction\)\.gasLimit: not a field the specification lists for this object \(known: type, nonce, to, from, gas, /,
    );
    // A wrong value in a field it does list is still refused.
    expect(problem('eth_call', [{ to: ZERO, gas: 21000 }])).toBe(
      'params[0] (Transaction).gas: not a hex quantity (0x and hex digits, lower case, no leading zeros, e.g. 0x1a)',
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
    expect(checkParams('eth_simulateV1', [1, 2, 3])).toEqual({ known: false });
  });

  it('shows a method as its parameter names, optional ones marked', () => {
    const described = checkParams('eth_call', []);
    expect(described.known && signature(described.method)).toBe('eth_call(Transaction, Block?)');
  });
});

describe('the Ethereum execution-apis specification is the reference, not the package', () => {
  const AUTH = { chainId: '0x1', nonce: '0x0', address: ZERO, yParity: '0x1', r: `0x${'1'.repeat(64)}`, s: '0x2' };

  it.each([
    ['eth_getBalance', [ZERO]],
    ['eth_getCode', [ZERO]],
    ['eth_getTransactionCount', [ZERO]],
    ['eth_getStorageAt', [ZERO, '0x0']],
    ['eth_getProof', [ZERO, []]],
  ])('%s without its block (optional, default latest) is sent', (method, params) => {
    expect(problem(method, params)).toBeNull();
    const checked = checkParams(method, []);
    expect(checked.known && signature(checked.method)).toMatch(/, Block\?\)$/);
  });

  it('a transaction with an EIP-7702 authorization list is sent, and its entries are checked', () => {
    expect(problem('eth_estimateGas', [{ from: ZERO, to: ZERO, authorizationList: [AUTH] }])).toBeNull();
    expect(problem('eth_call', [{ to: ZERO, input: '0x', authorizationList: [AUTH] }, 'latest'])).toBeNull();
    expect(problem('eth_call', [{ to: ZERO, authorizationList: [{ ...AUTH, address: '0x12' }] }])).toBe(
      'params[0] (Transaction).authorizationList[0].address: not a 20-byte hex address (0x and 40 hex digits)',
    );
  });

  it('a storage slot with leading zeros (32 bytes, or 0x01) is sent; text that is not hex is refused', () => {
    expect(problem('eth_getStorageAt', [ZERO, `0x${'0'.repeat(63)}1`, 'latest'])).toBeNull();
    expect(problem('eth_getStorageAt', [ZERO, '0x01', 'latest'])).toBeNull();
    // The package's uint256 pattern ends in "|0$": anything ending in 0 passed.
    expect(problem('eth_getStorageAt', [ZERO, 'slot 10', 'latest'])).toBe(
      'params[1] (Storage slot): not hex of up to 32 bytes (0x and up to 64 lower-case hex digits)',
    );
    expect(problem('eth_getStorageAt', [ZERO, `0x${'1'.repeat(65)}`, 'latest'])).not.toBeNull();
  });

  it('uint256 is one anchored group: 0x0 and up to 64 digits, no leading zeros', () => {
    const r = (value: string) =>
      problem('eth_call', [{ to: ZERO, authorizationList: [{ ...AUTH, r: value }] }, 'latest']);
    expect(r(`0x${'f'.repeat(64)}`)).toBeNull();
    expect(r('0x0')).toBeNull();
    expect(r('x10')).not.toBeNull();
    expect(r('0x01')).not.toBeNull();
    expect(r(`0x${'f'.repeat(65)}`)).not.toBeNull();
  });

  it.each([
    [
      'eth_createAccessList',
      [{ from: ZERO, to: ZERO, input: '0x' }, 'latest'],
      'eth_createAccessList(Transaction, Block?)',
    ],
    ['eth_getBlockReceipts', ['latest'], 'eth_getBlockReceipts(Block)'],
    ['eth_blobBaseFee', [], 'eth_blobBaseFee()'],
    ['eth_maxPriorityFeePerGas', [], 'eth_maxPriorityFeePerGas()'],
    ['net_version', [], 'net_version()'],
  ])('%s, in the specification and not the package, is checked', (method, params, shown) => {
    const checked = checkParams(method, params);
    expect(checked.known && { problem: checked.problem, signature: signature(checked.method) }).toEqual({
      problem: null,
      signature: shown,
    });
    expect(problem(method, [...params, 'extra', 'more'])).toMatch(/^params: .* takes (no params|at most \d)/);
  });

  it("refuses none of the specification's own valid requests (its test suite, vendored)", () => {
    const suite = JSON.parse(
      readFileSync(new URL('../../../fixtures/execution-apis-requests.json', import.meta.url), 'utf8'),
    ) as { requests: Array<{ file: string; valid: boolean; method: string; params: unknown[] }> };
    const valid = suite.requests.filter((r) => r.valid);
    expect(valid.length).toBeGreaterThan(150);
    const refused = valid.flatMap(({ file, method, params }) => {
      const checked = checkParams(method, params);
      return checked.known && checked.problem ? [`${file}: ${checked.problem}`] : [];
    });
    expect(refused).toEqual([]);
    // The check is not idle: most of them are methods it knows.
    expect(valid.filter((r) => checkParams(r.method, r.params).known).length).toBeGreaterThan(90);
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
