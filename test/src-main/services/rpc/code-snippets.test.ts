// "Copy as": every language, for a single call and a batch, with the key in a header and in the
// query, is valid for its own tool (bash -n, node --check, python3 -m py_compile) and says where the
// key comes from without holding it.
import { describe, expect, it } from 'vitest';
import { codeSnippet } from '../../../../src-main/services/rpc/code-snippets/index.ts';
import { curlCommand } from '../../../../src-main/services/rpc/curl-command.ts';
import type { RpcBody, RpcEndpoint } from '../../../../src-shared/contract/rpc.ts';
import { SNIPPET_LANGUAGES } from '../../../../src-shared/contract/rpc-snippet.ts';
import { syntaxProblem } from './snippet-checks.ts';

const call = (method: string, params: unknown[], id = 1) => ({ jsonrpc: '2.0' as const, id, method, params });
const SINGLE: RpcBody = call('eth_getBalance', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x1']);
const BATCH: RpcBody = [call('eth_chainId', [], 1), call('eth_call', [{ data: "it's `$(id)`\n€" }, 'latest'], 2)];
const endpoint = (keyPlacement: RpcEndpoint['keyPlacement']): RpcEndpoint => ({
  rpcUrl: 'http://127.0.0.1:4013',
  separator: '_',
  keyPlacement,
});

/** What each language writes for the key, per placement. */
const KEY_REFERENCE = {
  curl: { header: '-H "apiKey: $LEDGER_API_KEY"', query: '/ethereum_archive?apiKey=$LEDGER_API_KEY"' },
  cast: { header: '--rpc-headers "apiKey: $LEDGER_API_KEY"', query: '/ethereum_archive?apiKey=$LEDGER_API_KEY"' },
  fetch: { header: 'apiKey: apiKey,', query: "url.searchParams.set('apiKey', apiKey);" },
  viem: { header: 'fetchOptions: { headers: { apiKey: apiKey } }', query: "url.searchParams.set('apiKey', apiKey);" },
  ethers: { header: "request.setHeader('apiKey', apiKey);", query: "url.searchParams.set('apiKey', apiKey);" },
  python: {
    header: 'headers={"apiKey": os.environ["LEDGER_API_KEY"]}',
    query: 'params={"apiKey": os.environ["LEDGER_API_KEY"]}',
  },
} as const;

describe('code snippets', () => {
  for (const language of SNIPPET_LANGUAGES) {
    for (const [shape, body] of [
      ['single call', SINGLE],
      ['batch', BATCH],
    ] as const) {
      for (const placement of ['header', 'query'] as const) {
        it(`${language}, ${shape}, key in the ${placement}: valid, and the key only from the environment`, async () => {
          const snippet = codeSnippet(endpoint(placement), {
            chain: 'ethereum',
            nodeType: 'archive',
            body,
            language,
          });

          expect(snippet).toMatchObject({ language, keyVariable: 'LEDGER_API_KEY' });
          expect(await syntaxProblem(language, snippet.code)).toBeNull();
          expect(snippet.code).toContain(KEY_REFERENCE[language][placement]);
          const otherPlacement = placement === 'header' ? 'query' : 'header';
          expect(snippet.code).not.toContain(KEY_REFERENCE[language][otherPlacement]);
          expect(snippet.code).toContain('127.0.0.1:4013/ethereum_archive');
          for (const { method } of Array.isArray(body) ? body : [body]) expect(snippet.code).toContain(method);
        });
      }
    }
  }

  it('curl is the very command "Copy as curl" gives', () => {
    for (const placement of ['header', 'query'] as const) {
      const { code } = codeSnippet(endpoint(placement), {
        chain: 'ethereum',
        nodeType: 'archive',
        body: BATCH,
        language: 'curl',
      });
      const address = 'http://127.0.0.1:4013/ethereum_archive';
      expect(code).toBe(curlCommand({ address, keyPlacement: placement, body: BATCH, apiKey: null }));
    }
  });

  it('cast says, in the snippet, what it cannot do: a header needs a recent Foundry; a batch is one command per call', () => {
    const header = codeSnippet(endpoint('header'), {
      chain: 'ethereum',
      nodeType: 'archive',
      body: BATCH,
      language: 'cast',
    }).code;
    expect(header).toContain('# cast sends the key as a header with --rpc-headers (Foundry 2024 or later).');
    expect(header).toContain("# cast rpc sends one call at a time: the batch's 2 calls, one command each, in order.");
    expect(header.match(/^cast rpc /gm)).toHaveLength(2);

    const query = codeSnippet(endpoint('query'), {
      chain: 'ethereum',
      nodeType: 'full',
      body: SINGLE,
      language: 'cast',
    });
    expect(query.code).not.toContain('--rpc-headers');
    expect(query.code).toContain(
      `cast rpc --rpc-url "http://127.0.0.1:4013/ethereum_full?apiKey=$LEDGER_API_KEY" --raw \\\n  -- 'eth_getBalance' '`,
    );
  });

  it('a viem and an ethers batch is still one round trip (viem batch transport, ethers same-tick sends)', () => {
    const viem = codeSnippet(endpoint('header'), { chain: 'base', nodeType: 'full', body: BATCH, language: 'viem' });
    expect(viem.code).toContain('http(url, { batch: true, fetchOptions: { headers: { apiKey: apiKey } } })');
    expect(viem.code).toContain('await Promise.all([');
    const ethers = codeSnippet(endpoint('query'), { chain: 'base', nodeType: 'full', body: BATCH, language: 'ethers' });
    expect(ethers.code).toContain('provider.send("eth_chainId", []),');
  });
});
