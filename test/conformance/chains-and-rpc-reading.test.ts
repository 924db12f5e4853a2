// Main's real chain-listing and node-access clients against the sandbox in each variation mode
// (src-sandbox/variations.ts): the same chains and the same JSON-RPC outcome as in the normal
// mode, and a human message for every error body. Rules: docs/service-decisions.md, "Reading the answers".
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchChainListing } from '../../src-main/services/chains/chains-client.ts';
import { callRpcNode, type RpcNodeRequest } from '../../src-main/services/rpc/rpc-client.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import type { Variation } from '../../src-sandbox/variations.ts';
import type { RpcBody } from '../../src-shared/contract/rpc.ts';
import type { ChainSummary } from '../../src-shared/contract/schemas.ts';

/** One JSON-RPC call (2.7), not a batch. */
type RpcCall = Extract<RpcBody, { method: string }>;

let net: SandboxInternals;
let normalChains: ChainSummary[];

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 17, transfers: 100, variations: true });
  normalChains = (await listing()).chains;
});
afterAll(() => net.close());
afterEach(() => net.variations?.clear());

const listing = (apiKey = net.credentials.apiKey) =>
  fetchChainListing({ auth: { kind: 'apiKey', apiKey, translateUrl: net.urls.translateUrl } });
const rpc = (over: Partial<RpcNodeRequest> = {}) =>
  callRpcNode({
    rpcUrl: net.urls.rpcUrl,
    chain: 'ethereum',
    nodeType: 'full',
    separator: '_',
    apiKey: net.credentials.apiKey,
    keyPlacement: 'header',
    body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    ...over,
  });

/** The chains without the fields a variation added. */
const withoutExtra = (chains: ChainSummary[]) =>
  chains.map((c) => {
    const { conformanceExtra: _top, ...fields } = c.fields as Record<string, unknown> & { conformanceExtra?: unknown };
    const currency = fields.nativeCurrency as Record<string, unknown>;
    const { conformanceExtra: _nested, ...nativeCurrency } = currency;
    return { name: c.name, fields: { ...fields, nativeCurrency } };
  });

describe('chain listing (4.2, shape not shown): every legal form gives the same chains', () => {
  it.each<[string, Variation[]]>([
    ['keys in another order', ['reorder-keys']],
    ['integers as 31337.0E+0', ['number-forms']],
    ['wrapped as {"chains": [...]}', ['wrapped-chain-list']],
    ['a charset and a byte order mark', ['content-type-params', 'bom']],
    ['requests checked strictly', ['strict-requests']],
  ])('%s', async (_rule, variations) => {
    net.variations?.arm('chains', variations);
    const { chains } = await listing();
    expect(chains).toEqual(normalChains);
  });

  it('unknown fields, nested too, are kept and shown with the rest (never an error)', async () => {
    net.variations?.arm('chains', ['extra-fields']);
    const { chains } = await listing();
    expect(chains[0].fields).toHaveProperty('conformanceExtra');
    expect(withoutExtra(chains)).toEqual(normalChains);
  });

  it.each<[string, Variation[], string]>([
    ['an empty 401', ['empty-error-body'], 'Chain listing: HTTP 401'],
    ['a text/plain 401', ['text-error-body'], 'Chain listing: HTTP 401 — invalid apiKey header'],
    ['a 401 whose error is null', ['null-optional'], 'Chain listing: HTTP 401'],
    ['a 401 with extra fields', ['extra-fields'], 'Chain listing: HTTP 401 — invalid apiKey header'],
  ])('%s is a human message', async (_rule, variations, message) => {
    net.variations?.arm('chains', variations);
    await expect(listing('wrong-key')).rejects.toMatchObject({ code: 'unauthorized', message });
  });
});

describe('node access (4.3, answer format not shown): the same JSON-RPC outcome in every legal form', () => {
  const getBalance: RpcCall = {
    jsonrpc: '2.0',
    id: 7,
    method: 'eth_getBalance',
    params: ['0x0000000000000000000000000000000000000000', 'latest'],
  };
  const unknown: RpcCall = { jsonrpc: '2.0', id: 8, method: 'no_suchMethod', params: [] };

  it.each<[string, Variation[]]>([
    ['as the sandbox sends it', []],
    ['extra fields in every object', ['extra-fields']],
    ['keys reordered, integers as 7.0E+0', ['reorder-keys', 'number-forms']],
    ['a charset and a byte order mark', ['content-type-params', 'bom']],
    ['requests checked strictly', ['strict-requests']],
  ])('%s', async (_rule, variations) => {
    if (variations.length) net.variations?.arm('rpc', variations);
    const one = await rpc({ body: getBalance });
    expect(one).toMatchObject({ status: 200, outcome: 'result', errorCount: 0, json: { id: 7, result: '0x0' } });
    const failed = await rpc({ body: unknown });
    expect(failed).toMatchObject({ outcome: 'rpc_error', errorCount: 1, json: { id: 8, error: expect.any(Object) } });
    const batch = await rpc({ body: [getBalance, unknown] });
    expect(batch).toMatchObject({ outcome: 'batch', errorCount: 1 });
    const query = await rpc({ body: getBalance, keyPlacement: 'query' });
    expect(query.outcome).toBe('result');
  });

  it.each<[string, Variation[], string]>([
    ['an empty 401', ['empty-error-body'], 'RPC ethereum_full: HTTP 401'],
    ['a text/plain 401', ['text-error-body'], 'RPC ethereum_full: HTTP 401 — invalid apiKey'],
    ['a 401 whose error is null, then absent', ['null-optional', 'omit-nullable'], 'RPC ethereum_full: HTTP 401'],
  ])('%s is a human message', async (_rule, variations, message) => {
    net.variations?.arm('rpc', variations);
    await expect(rpc({ apiKey: 'wrong-key' })).rejects.toMatchObject({ code: 'unauthorized', message });
  });
});
