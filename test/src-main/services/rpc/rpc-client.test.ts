// The RPC client against the sandbox network's real EVM nodes over HTTP, with injected faults
// (x-sandbox-fault), and against a small local server for answers the sandbox never gives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRpcNode, type RpcNodeRequest } from '../../../../src-main/services/rpc/rpc-client.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../../src-sandbox/sandbox-network.ts';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';

let sandbox: SandboxInternals;
let local: Server;
let localUrl: string;
/** What the local server last received, to check where the key went. */
let lastLocalRequest: { url: string; headers: Record<string, unknown>; body: string } | null = null;

const TEN_MB_RESULT = 'ab'.repeat(5 * 1024 * 1024);

beforeAll(async () => {
  sandbox = await startSandboxNetwork({ seed: 7, transfers: 100, faults: true });
  // Answers by chain name: the parts of node access a real deployment may get wrong.
  local = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      lastLocalRequest = { url: req.url ?? '', headers: req.headers, body };
      const chain = (req.url ?? '')
        .split('?')[0]
        .split('/')
        .pop()
        ?.replace(/[_-](full|archive)$/, '');
      if (chain === 'big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: TEN_MB_RESULT }));
      } else if (chain === 'text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('upstream says hello');
      } else if (chain === 'html200') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><head><title>Captive portal</title></head><body>log in</body></html>');
      } else if (chain === 'bounce') {
        // A node that redirects to another host, with the key it was sent written into the new path.
        const key = new URL(req.url ?? '', 'http://x').searchParams.get('apiKey') ?? 'none';
        res.writeHead(307, { location: `http://127.0.0.2:9/steal/${key}` });
        res.end();
      } else if (chain === 'echo') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `no route for ${req.url}` }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));
      }
    });
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}/rpc`;
});
afterAll(async () => {
  local.closeAllConnections();
  await new Promise<void>((resolve) => local.close(() => resolve()));
  await sandbox.close();
});

const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0' as const, id, method, params });

function request(over: Partial<RpcNodeRequest> & { body: RpcBody }): RpcNodeRequest {
  return {
    rpcUrl: sandbox.urls.rpcUrl,
    chain: 'ethereum',
    nodeType: 'full',
    separator: '_',
    apiKey: sandbox.credentials.apiKey,
    keyPlacement: 'header',
    ...over,
  };
}

describe('RPC client against the sandbox EVM', () => {
  it('answers a call with status, round trip, size and the JSON text', async () => {
    const answer = await callRpcNode(request({ body: call('eth_chainId') }));
    expect(answer).toMatchObject({
      address: `${sandbox.urls.rpcUrl}/ethereum_full`,
      status: 200,
      outcome: 'result',
      errorCount: 0,
      json: { jsonrpc: '2.0', id: 1, result: '0x7a69' },
    });
    expect(answer.sizeBytes).toBe(Buffer.byteLength(answer.text));
    expect(answer.elapsedMs).toBeGreaterThan(0);
    expect(answer.contentType).toMatch(/application\/json/);
  });

  it('sends a batch and returns the answers in order, errors counted', async () => {
    const [account] = sandbox.describe().evmAccounts.slice(9);
    const answer = await callRpcNode(
      request({
        chain: 'polygon',
        body: [call('eth_chainId', [], 1), call('eth_getBalance', [account, '0x1'], 2), call('no_such_method', [], 3)],
      }),
    );
    expect(answer.outcome).toBe('batch');
    expect(answer.errorCount).toBe(2);
    const [chainId, balance, unknown] = answer.json as Array<{ id: number; result?: string; error?: { code: number } }>;
    expect(chainId).toMatchObject({ id: 1, result: '0x7a6a' });
    // Block 1 is more than 128 behind the head: a full node refuses it as geth does.
    expect(balance).toMatchObject({ id: 2, error: { code: -32000 } });
    expect(unknown.id).toBe(3);
    expect(unknown.error).toBeDefined();
  });

  it('reads old state on archive, where full refuses it with -32000', async () => {
    const account = sandbox.describe().evmAccounts[9];
    const body = call('eth_getBalance', [account, '0x1']);
    const full = await callRpcNode(request({ body }));
    expect(full).toMatchObject({ outcome: 'rpc_error', errorCount: 1, json: { error: { code: -32000 } } });
    expect((full.json as { error: { message: string } }).error.message).toMatch(/missing trie node/);
    const archive = await callRpcNode(request({ nodeType: 'archive', body }));
    expect(BigInt((archive.json as { result: string }).result)).toBe(10_000n * 10n ** 18n);
  });

  it('sends the key as the apiKey query parameter when the profile says so', async () => {
    const answer = await callRpcNode(request({ keyPlacement: 'query', body: call('eth_blockNumber') }));
    expect(answer.status).toBe(200);
    expect(BigInt((answer.json as { result: string }).result)).toBeGreaterThanOrEqual(300n);
    // ...and the address it reports has no key in it.
    expect(answer.address).toBe(`${sandbox.urls.rpcUrl}/ethereum_full`);

    await callRpcNode(
      request({ rpcUrl: localUrl, chain: 'plain', keyPlacement: 'query', apiKey: 'k_q', body: call('x') }),
    );
    expect(lastLocalRequest?.url).toBe('/rpc/plain_full?apiKey=k_q');
    expect(lastLocalRequest?.headers.apikey).toBeUndefined();
    await callRpcNode(request({ rpcUrl: localUrl, chain: 'plain', apiKey: 'k_h', body: call('x') }));
    expect(lastLocalRequest?.url).toBe('/rpc/plain_full');
    expect(lastLocalRequest?.headers.apikey).toBe('k_h');
    expect(lastLocalRequest?.headers['content-type']).toBe('application/json');
  });

  it('uses the "-" separator when the profile says so', async () => {
    const answer = await callRpcNode(
      request({ separator: '-', chain: 'base', nodeType: 'archive', body: call('eth_chainId') }),
    );
    expect(answer.address).toBe(`${sandbox.urls.rpcUrl}/base-archive`);
    expect((answer.json as { result: string }).result).toBe('0x7a6b');
  });

  it("reports a missing or wrong key as unauthorized with the server's message", async () => {
    await expect(callRpcNode(request({ apiKey: '', body: call('eth_chainId') }))).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'RPC ethereum_full: HTTP 401 — missing apiKey',
      details: { status: 401 },
    });
    await expect(callRpcNode(request({ apiKey: 'sbx_key_wrong', body: call('eth_chainId') }))).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'RPC ethereum_full: HTTP 401 — invalid apiKey',
    });
  });

  it("reports an unknown chain or node type as not_found with the server's message", async () => {
    const error = await callRpcNode(request({ chain: 'solana', body: call('eth_chainId') })).catch((e) => e);
    expect(error).toMatchObject({ code: 'not_found', details: { status: 404 } });
    expect(error.message).toBe(
      'RPC solana_full: HTTP 404 — unknown chain "solana" (chains: ethereum, polygon, base; node types: full, archive)',
    );
    expect(error.details.elapsedMs).toBeGreaterThan(0);
  });

  it('passes a JSON-RPC parse error (-32700) through as an answer, not a failure', async () => {
    // The console never sends malformed JSON; a params object instead of an array is the server's -32600.
    const answer = await callRpcNode(
      request({ body: { jsonrpc: '2.0', id: 4, method: 'eth_chainId', params: {} as unknown as unknown[] } }),
    );
    expect(answer).toMatchObject({ outcome: 'rpc_error', json: { id: 4, error: { code: -32600 } } });
  });
});

describe('RPC client faults', () => {
  const faulty = (fault: string, over: Partial<RpcNodeRequest> = {}) =>
    callRpcNode(request({ body: call('eth_chainId'), extraHeaders: { 'x-sandbox-fault': fault }, ...over })).catch(
      (e) => e,
    );

  it('an HTML error page (nginx 502) is named as such, with its title', async () => {
    expect(await faulty('html502')).toMatchObject({
      code: 'service_error',
      message: 'RPC ethereum_full: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
      details: { status: 502 },
    });
  });

  it('a connection reset before any answer, or an answer cut off, is a network error that says which', async () => {
    const reset = await faulty('reset');
    expect(reset.code).toBe('network');
    expect(reset.message).toMatch(
      /^RPC ethereum_full: the connection to http:\/\/127\.0\.0\.1:\d+\/rpc\/ethereum_full was reset before any answer arrived \(ECONNRESET\)$/,
    );
    const truncated = await faulty('truncate');
    expect(truncated.code).toBe('network');
    expect(truncated.message).toMatch(
      /^RPC ethereum_full: the answer from http:\/\/127\.0\.0\.1:\d+\/rpc\/ethereum_full was cut off: the connection closed after 37 of 237 bytes$/,
    );
  });

  it('a 500 quotes the server', async () => {
    expect(await faulty('status=500')).toMatchObject({
      code: 'service_error',
      message: 'RPC ethereum_full: HTTP 500 — injected fault: internal server error',
    });
  });

  it('a slow node is a timeout after the time asked for', async () => {
    const started = performance.now();
    const error = await faulty('latency=5000', { timeoutMs: 300 });
    expect(error).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/no answer from .*ethereum_full within 0.3 s/),
    });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('a cancelled call says it was cancelled', async () => {
    const controller = new AbortController();
    const pending = faulty('latency=5000', { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ code: 'cancelled' });
  });

  it('a 200 that is not JSON, or an HTML page with 200, is a bad_response quoting it', async () => {
    const text = await callRpcNode(request({ rpcUrl: localUrl, chain: 'text', body: call('x') })).catch((e) => e);
    expect(text).toMatchObject({
      code: 'bad_response',
      message: 'RPC text_full: HTTP 200 — the answer is not JSON (upstream says hello)',
      details: { status: 200 },
    });
    const html = await callRpcNode(request({ rpcUrl: localUrl, chain: 'html200', body: call('x') })).catch((e) => e);
    expect(html.message).toBe(
      'RPC html200_full: HTTP 200 — the server answered an HTML page, not JSON: Captive portal',
    );
  });

  it('an unreachable node is a network error naming the address', async () => {
    // A port that was just listened on and closed (fetch refuses "bad ports" such as 9 before connecting).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await callRpcNode(request({ rpcUrl: `http://127.0.0.1:${port}/rpc`, body: call('x') })).catch(
      (e) => e,
    );
    expect(error).toMatchObject({
      code: 'network',
      message: `RPC ethereum_full: could not reach http://127.0.0.1:${port}/rpc/ethereum_full (ECONNREFUSED)`,
    });
  });

  it('never puts a query key into an error, even when the server echoes the address', async () => {
    const error = await callRpcNode(
      request({ rpcUrl: localUrl, chain: 'echo', keyPlacement: 'query', apiKey: 'sbx_key_secret123', body: call('x') }),
    ).catch((e) => e);
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('RPC echo_full: HTTP 404 — no route for /rpc/echo_full?apiKey=<apiKey>');
    expect(JSON.stringify(error.details)).not.toContain('secret123');
  });

  it('never puts the key into a redirect error either (its details name where it pointed, key taken out)', async () => {
    const error = await callRpcNode(
      request({
        rpcUrl: localUrl,
        chain: 'bounce',
        keyPlacement: 'query',
        apiKey: 'sbx_key_secret123',
        body: call('x'),
      }),
    ).catch((e) => e);
    expect(error.code).toBe('service_error');
    expect(error.details.redirectedTo).toBe('http://127.0.0.2:9/steal/<apiKey>');
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain('secret123');
  });

  it('handles a 10 MB answer', async () => {
    const answer = await callRpcNode(request({ rpcUrl: localUrl, chain: 'big', body: call('x') }));
    expect(answer.sizeBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect((answer.json as { result: string }).result).toBe(TEN_MB_RESULT);
    expect(answer.outcome).toBe('result');
  });
});
