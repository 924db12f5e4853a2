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

const calls: Record<Where, () => Promise<unknown>> = {
  ledger: () =>
    fetchTransferPage({
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
      timeoutMs: TIMEOUT_MS,
    }),
  chains: () =>
    fetchChainListing({
      auth: { kind: 'apiKey', apiKey: net.credentials.apiKey, translateUrl: net.urls.translateUrl },
      timeoutMs: TIMEOUT_MS,
    }),
  rpc: () =>
    callRpcNode({
      rpcUrl: net.urls.rpcUrl,
      chain: 'ethereum',
      nodeType: 'full',
      separator: '_',
      apiKey: net.credentials.apiKey,
      keyPlacement: 'header',
      body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      timeoutMs: TIMEOUT_MS,
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
