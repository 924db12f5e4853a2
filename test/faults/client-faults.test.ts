// What main's own clients make of every sandbox fault, on every interface: the error code and the
// words the user will read. The faults are armed on the running sandbox (the clients send no
// fault header), exactly as the browser matrix (e2e/browser/faults-matrix.spec.ts) meets them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchChainListing } from '../../src-main/services/chains/chains-client.ts';
import { fetchTransferPage } from '../../src-main/services/ledger/ledger-client.ts';
import { callRpcNode } from '../../src-main/services/rpc/rpc-client.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';

let net: SandboxInternals;
let control: string;

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 13, transfers: 500, faults: true });
  control = net.describe().faultsUrl as string;
});
afterAll(() => net.close());
afterEach(async () => {
  await fetch(control, { method: 'DELETE' });
});

const TIMEOUT_MS = 400;
type Where = 'ledger' | 'chains' | 'rpc';

type Urls = SandboxInternals['urls'];
const calls: Record<Where, (urls?: Urls, timeoutMs?: number) => Promise<unknown>> = {
  ledger: (urls = net.urls, timeoutMs = TIMEOUT_MS) =>
    fetchTransferPage({
      baseUrl: urls.baseUrl,
      jwt: net.ledger.auth.tokens.readAll,
      placement: 'header',
      filters: {
        party: net.ledger.store.parties.ids[0],
        asset: { kind: 'all' },
        effectiveAfter: null,
        effectiveBefore: null,
        orderDesc: true,
        pageSize: 5,
        nodeId: null,
      },
      defaultNodeId: null,
      next: null,
      timeoutMs,
    }),
  chains: (urls = net.urls, timeoutMs = TIMEOUT_MS) =>
    fetchChainListing({
      auth: { kind: 'apiKey', apiKey: net.credentials.apiKey, translateUrl: urls.translateUrl },
      timeoutMs,
    }),
  rpc: (urls = net.urls, timeoutMs = TIMEOUT_MS) =>
    callRpcNode({
      rpcUrl: urls.rpcUrl,
      chain: 'ethereum',
      nodeType: 'full',
      separator: '_',
      apiKey: net.credentials.apiKey,
      keyPlacement: 'header',
      body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      timeoutMs,
    }),
};

const address = (where: Where) =>
  where === 'ledger'
    ? `${net.urls.baseUrl}/api/v2/parties/${encodeURIComponent(net.ledger.store.parties.ids[0])}/tokenTransfers`
    : where === 'chains'
      ? `${net.urls.translateUrl}/evm/chains`
      : `${net.urls.rpcUrl}/ethereum_full`;
const WHAT: Record<Where, string> = { ledger: 'Transfers', chains: 'Chain listing', rpc: 'RPC ethereum_full' };
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The error each fault must give, per interface: code and the whole message. */
const expected: Record<string, (where: Where) => { code: string; message: RegExp }> = {
  'latency=60000': (where) => ({
    code: 'timeout',
    message: new RegExp(`^${WHAT[where]}: no answer from ${escapeRe(address(where))} within 0\\.4 s$`),
  }),
  'status=500': (where) => ({
    code: 'service_error',
    message:
      where === 'ledger'
        ? /^Transfers: HTTP 500 — Internal Server Error: injected fault: the ledger index query failed$/
        : new RegExp(`^${WHAT[where]}: HTTP 500 — injected fault: internal server error$`),
  }),
  'status=503': (where) =>
    where === 'ledger'
      ? { code: 'service_starting', message: /^Transfers: the service is still starting \(phase \d of 5: [a-z-]+\)$/ }
      : {
          code: 'service_error',
          message: new RegExp(`^${WHAT[where]}: HTTP 503 — injected fault: service unavailable$`),
        },
  reset: (where) => ({
    code: 'network',
    message: new RegExp(
      `^${WHAT[where]}: the connection to ${escapeRe(address(where))} was reset before any answer arrived \\(ECONNRESET\\)$`,
    ),
  }),
  truncate: (where) => ({
    code: 'network',
    message: new RegExp(
      `^${WHAT[where]}: the answer from ${escapeRe(address(where))} was cut off: the connection closed after \\d+ of \\d+ bytes$`,
    ),
  }),
  html502: (where) => ({
    code: 'service_error',
    message: new RegExp(`^${WHAT[where]}: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway$`),
  }),
};

describe('every fault, through the client of every interface', () => {
  for (const where of ['ledger', 'chains', 'rpc'] as const) {
    for (const [fault, expectation] of Object.entries(expected)) {
      it(`${where} × ${fault}`, async () => {
        // Until disarmed: the ledger client retries a dropped connection twice, and must still fail.
        const armed = await fetch(control, {
          method: 'POST',
          body: JSON.stringify({ interface: where, fault }),
        });
        expect(armed.status).toBe(201);
        const error = await calls[where]().then(
          () => null,
          (e: unknown) => e,
        );
        const { code, message } = expectation(where);
        expect(error).toMatchObject({ name: 'ServiceError', code, message: expect.stringMatching(message) });

        // Once the fault is gone, the same call answers.
        await fetch(control, { method: 'DELETE' });
        await expect(calls[where]()).resolves.toBeTruthy();
      });
    }
  }

  it('the ledger client retries a reset connection twice before it gives up, and a blip once is invisible', async () => {
    const requests = async () =>
      ((await (await fetch(control)).json()) as { requests: Array<{ fault: string }> }).requests.length;
    const before = await requests();
    await fetch(control, { method: 'POST', body: JSON.stringify({ interface: 'ledger', fault: 'reset' }) });
    await expect(calls.ledger()).rejects.toMatchObject({ code: 'network' });
    expect((await requests()) - before).toBe(3);

    await fetch(control, { method: 'DELETE' });
    await fetch(control, { method: 'POST', body: JSON.stringify({ interface: 'ledger', fault: 'reset', times: 1 }) });
    await expect(calls.ledger()).resolves.toMatchObject({ legs: expect.any(Array) });
  });
});

// The hostile services of issue 17 (docs/faults.md): main's limits, per interface, in the user's words.
const CAP_MB: Record<Where, number> = { ledger: 16, chains: 8, rpc: 32 };
const SECRET: Record<Where, string> = { ledger: 'JWT', chains: 'API key', rpc: 'API key' };
const at = (where: Where) => `${WHAT[where]}: the answer from ${escapeRe(address(where))}`;
const catcherRequests = async () =>
  ((await (await fetch(control)).json()) as { catcher: { url: string; requests: unknown[] } }).catcher;

const hostile: Record<string, (where: Where) => { code: string; message: RegExp }> = {
  huge: (where) => ({
    code: 'bad_response',
    message: new RegExp(
      `^${at(where)} is larger than ${CAP_MB[where]} MB \\(its Content-Length says 200\\.0 MB\\); Ledger Explorer stops reading at that size$`,
    ),
  }),
  'huge-chunked': (where) => ({
    code: 'bad_response',
    message: new RegExp(
      `^${at(where)} is larger than ${CAP_MB[where]} MB; Ledger Explorer stops reading at that size$`,
    ),
  }),
  deep: (where) => ({
    code: 'bad_response',
    message: new RegExp(
      `^${at(where)} is nested more than 512 levels deep; Ledger Explorer does not read JSON that deep$`,
    ),
  }),
  drip: (where) => ({
    code: 'timeout',
    message: new RegExp(`^${at(where)} trickled in: \\d+ bytes? in 0\\.4 s, then the time limit passed$`),
  }),
  badutf8: (where) => ({
    code: 'bad_response',
    message: new RegExp(`^${at(where)} is not valid UTF-8 \\(at byte \\d+\\)$`),
  }),
  html200: (where) => ({
    code: 'bad_response',
    message: new RegExp(
      `^${WHAT[where]}: HTTP 200 — the server answered an HTML page, not JSON: Sign in to continue — Corporate Proxy$`,
    ),
  }),
  liar: (where) => ({
    code: 'bad_response',
    message: new RegExp(
      `^${at(where)} ended before its JSON did, after (\\d+) bytes: the length the server declared \\(Content-Length \\1\\) does not match what it sent$`,
    ),
  }),
  redirect: (where) => ({
    code: 'service_error',
    message: new RegExp(
      `^${WHAT[where]}: the service redirected to http://127\\.0\\.0\\.2:\\d+${escapeRe(new URL(address(where)).pathname)}; Ledger Explorer does not follow redirects, so your ${SECRET[where]} was not sent there$`,
    ),
  }),
  'status=429': (where) => ({
    code: 'rate_limited',
    message: new RegExp(
      `^${WHAT[where]}: HTTP 429 — the service is limiting requests; try again in 2 s \\(${where === 'ledger' ? 'Too Many Requests: ' : ''}rate limited: too many requests\\)$`,
    ),
  }),
};

describe('every hostile service, through the client of every interface', () => {
  for (const where of ['ledger', 'chains', 'rpc'] as const) {
    for (const [fault, expectation] of Object.entries(hostile)) {
      it(`${where} × ${fault}`, async () => {
        const armed = await fetch(control, { method: 'POST', body: JSON.stringify({ interface: where, fault }) });
        expect(armed.status).toBe(201);
        // Reading up to 32 MB must not race the 0.4 s limit on a busy machine: the size is what is tested.
        const big = fault.startsWith('huge');
        const error = await calls[where](net.urls, big ? 4_000 : TIMEOUT_MS).then(
          () => null,
          (e: unknown) => e,
        );
        const { code, message } = expectation(where);
        expect(error).toMatchObject({ name: 'ServiceError', code, message: expect.stringMatching(message) });
        if (fault === 'status=429') expect(error).toMatchObject({ details: { retryAfterSeconds: 2 } });
        // Main stopped reading: the sandbox could not send its 200 MB (memory stays bounded).
        if (big) {
          await expect
            .poll(async () => (await requestLog()).filter((r) => r.fault === fault).at(-1)?.outcome)
            .toBe('abandoned');
        }
        // The other host never saw a request, let alone one carrying the JWT or the key.
        if (fault === 'redirect') expect((await catcherRequests()).requests).toEqual([]);

        await fetch(control, { method: 'DELETE' });
        await expect(calls[where]()).resolves.toBeTruthy();
      });
    }

    it(`${where} × TLS with a self-signed certificate: named, never bypassed`, async () => {
      const tlsUrls = net.describe().tlsUrls as Urls;
      const error = await calls[where](tlsUrls).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        code: 'network',
        message: `${WHAT[where]}: the certificate of ${new URL(tlsUrls.baseUrl).host} is not trusted (self-signed: DEPTH_ZERO_SELF_SIGNED_CERT); Ledger Explorer does not bypass certificate checks`,
      });
    });
  }

  it('main answers other calls while an answer drips in', async () => {
    await fetch(control, { method: 'POST', body: JSON.stringify({ interface: 'ledger', fault: 'drip' }) });
    let settled = false;
    const drip = fetchTransferPageSlowly().finally(() => {
      settled = true;
    });
    // The drip has started (the sandbox logged it, still going) ...
    await expect
      .poll(async () => (await requestLog()).some((r) => r.fault === 'drip' && r.outcome === null))
      .toBe(true);
    // ... and the other interfaces answer meanwhile, before it ends.
    await expect(calls.chains()).resolves.toMatchObject({ chains: expect.any(Array) });
    await expect(calls.rpc()).resolves.toMatchObject({ status: 200 });
    expect(settled).toBe(false);
    await expect(drip).rejects.toMatchObject({ code: 'timeout', message: expect.stringMatching(/trickled in/) });
  });
});

const requestLog = async () =>
  ((await (await fetch(control)).json()) as { requests: Array<{ fault: string; outcome: string | null }> }).requests;

/** The ledger call with a longer time limit, so the drip is surely still going while other calls run. */
function fetchTransferPageSlowly() {
  return fetchTransferPage({
    baseUrl: net.urls.baseUrl,
    jwt: net.ledger.auth.tokens.readAll,
    placement: 'header',
    filters: {
      party: net.ledger.store.parties.ids[0],
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 5,
      nodeId: null,
    },
    defaultNodeId: null,
    next: null,
    timeoutMs: 3_000,
  });
}
