// The ledger client against the real sandbox over real HTTP: every status of the spec becomes a
// typed error with the server's words; pages, cursors and unknown fields are handled as documented.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransferPage, type TransferPageCall } from '../../../../src-main/services/ledger/ledger-client.ts';
import { readTokenInfo } from '../../../../src-main/services/ledger/token-info.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../../src-sandbox/sandbox-network.ts';
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';

let net: SandboxInternals;
let party: string;
beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 21, transfers: 5_000, evm: false, faults: true });
  party = net.ledger.store.parties.ids[0];
});
afterAll(() => net.close());

const filters = (over: Partial<TransferFilters> = {}): TransferFilters => ({
  party,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 100,
  nodeId: null,
  ...over,
});
const call = (over: Partial<TransferPageCall> = {}): TransferPageCall => ({
  baseUrl: net.urls.baseUrl,
  jwt: net.ledger.auth.tokens.readAll,
  placement: 'header',
  filters: filters(),
  defaultNodeId: null,
  next: null,
  ...over,
});

describe('fetchTransferPage', () => {
  it('reads a page and follows next to the end, with the JWT as header or as query', async () => {
    for (const placement of ['header', 'query'] as const) {
      let page = await fetchTransferPage(call({ placement }));
      const seen = [...page.legs];
      while (page.next) {
        expect(page.next).not.toContain('jwt=');
        page = await fetchTransferPage(call({ placement, next: page.next }));
        seen.push(...page.legs);
      }
      expect(seen).toHaveLength(net.ledger.store.legCount[0]);
      expect(page.unknownFields).toEqual([]);
    }
  });

  it('uses the node chosen in the filters, else the profile default', async () => {
    await expect(fetchTransferPage(call({ defaultNodeId: 'validator-9' }))).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/HTTP 404 — unknown nodeId "validator-9"/),
    });
    const page = await fetchTransferPage(
      call({ defaultNodeId: 'validator-9', filters: filters({ nodeId: 'validator-2' }) }),
    );
    expect(page.nodeId).toBe('validator-2');
  });

  it.each([
    ['401', { jwt: 'nope' }, 'unauthorized', /HTTP 401 — ledger JWT is (invalid|malformed)/],
    ['403', { jwt: '' }, 'forbidden', /HTTP 403 — the ledger JWT does not grant/],
    ['404', { filters: undefined }, 'not_found', /HTTP 404 — unknown party/],
  ])('%s becomes a typed error with the server message', async (_s, over, code, message) => {
    const o: Partial<TransferPageCall> = { ...over };
    if ('jwt' in over && over.jwt === '') o.jwt = net.ledger.auth.tokens.readNone;
    if ('filters' in over) o.filters = filters({ party: `nobody::1220${'0'.repeat(64)}` });
    await expect(fetchTransferPage(call(o))).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('503 quarantined carries the node, network and detail', async () => {
    const error = await fetchTransferPage(call({ filters: filters({ nodeId: 'validator-3' }) })).catch((e) => e);
    expect(error.code).toBe('node_quarantined');
    expect(error.details.quarantine).toMatchObject({ nodeId: 'validator-3', network: 'sandbox-devnet' });
    expect(error.message).toMatch(/validator-3 is quarantined — /);
  });

  it('refuses to follow a nextPageUrl at another origin, naming it, or outside the service on its own origin', async () => {
    await expect(
      fetchTransferPage(call({ next: 'https://evil.example/api/v2/parties/x/tokenTransfers' })),
    ).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/^The service's next page is at another origin \(https:\/\/evil\.example\)/),
    });
    await expect(fetchTransferPage(call({ next: `${net.urls.baseUrl}/admin/export` }))).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/points outside/),
    });
  });
});

describe('fetchTransferPage against a hand-written service', () => {
  let server: Server;
  let base: string;
  let reply: (url: string) => { status: number; type?: string; body: string; headers?: Record<string, string> };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const r = reply(req.url ?? '');
      res.writeHead(r.status, { 'content-type': r.type ?? 'application/json', ...r.headers });
      res.end(r.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const leg = {
    updateId: 'u',
    effectiveAt: null,
    instrumentAdmin: null,
    instrumentId: null,
    symbol: null,
    decimals: null,
    amount: '1',
    senderParty: null,
    receiverParty: null,
    counterparty: null,
    isIncoming: true,
    status: null,
  };

  it('never hands on the JWT a service echoes, in its words or in where a redirect points', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.secret-claims.signature';
    reply = () => ({ status: 400, body: JSON.stringify({ error: `token ${jwt} is not for this node` }) });
    const echoed = await fetchTransferPage(call({ baseUrl: base, jwt })).catch((e) => e);
    expect(echoed.message).toContain('token <jwt> is not for this node');
    reply = () => ({ status: 307, body: '', headers: { location: `http://127.0.0.2:9/collect/${jwt}` } });
    const bounced = await fetchTransferPage(call({ baseUrl: base, jwt, placement: 'query' })).catch((e) => e);
    expect(bounced.details.redirectedTo).toBe('http://127.0.0.2:9/collect/<jwt>');
    for (const error of [echoed, bounced]) {
      expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain('secret-claims');
    }
  });

  it('notices fields it does not know without failing, and drops them', async () => {
    reply = () => ({
      status: 200,
      body: JSON.stringify({
        party,
        transfers: [{ ...leg, memo: 'x' }],
        count: 1,
        hasNextPage: false,
        nextPageUrl: null,
        region: 'eu',
      }),
    });
    const page = await fetchTransferPage(call({ baseUrl: base }));
    expect(page.unknownFields).toEqual(['region', 'transfers[].memo']);
    expect(page.legs[0]).toEqual(leg);
  });

  it('says what is wrong when a required field is missing or mistyped', async () => {
    reply = () => ({
      status: 200,
      body: JSON.stringify({
        party,
        transfers: [{ ...leg, amount: 12.5 }],
        count: 1,
        hasNextPage: false,
        nextPageUrl: null,
      }),
    });
    await expect(fetchTransferPage(call({ baseUrl: base }))).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/transfers\[0\]\.amount/),
    });
  });

  it('a relative nextPageUrl is resolved against the request that returned it (RFC 3986), any JWT left out', async () => {
    const path = `/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers`;
    const cases: Array<[string, string]> = [
      ['?cursor=2~x', `${base}${path}?cursor=2~x`],
      ['tokenTransfers?cursor=3&jwt=echoed', `${base}${path}?cursor=3`],
      [`${path}?pageSize=5&cursor=4%7E`, `${base}${path}?pageSize=5&cursor=4%7E`],
      [`../${encodeURIComponent(party)}/tokenTransfers?cursor=5`, `${base}${path}?cursor=5`],
    ];
    for (const placement of ['header', 'query'] as const) {
      for (const [nextPageUrl, resolved] of cases) {
        reply = () => ({
          status: 200,
          body: JSON.stringify({ party, transfers: [leg], count: 1, hasNextPage: true, nextPageUrl }),
        });
        const page = await fetchTransferPage(call({ baseUrl: base, placement }));
        expect(page.next, `${nextPageUrl} (${placement})`).toBe(resolved);
      }
    }
  });

  it('a nextPageUrl that is no URL reference at all is a bad answer, not an internal error', async () => {
    reply = () => ({
      status: 200,
      body: JSON.stringify({ party, transfers: [leg], count: 1, hasNextPage: true, nextPageUrl: 'http://[::1' }),
    });
    await expect(fetchTransferPage(call({ baseUrl: base }))).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/nextPageUrl is not a URL \(http:\/\/\[::1\)/),
    });
  });

  it('a nextPageUrl at another origin is never sent the JWT: nothing reaches that origin', async () => {
    const seen: string[] = [];
    const other = createServer((req, res) => {
      seen.push(`${req.url} ${JSON.stringify(req.headers)}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"party":null,"transfers":[],"count":0,"hasNextPage":false,"nextPageUrl":null}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
    try {
      const path = `/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?cursor=2`;
      reply = () => ({
        status: 200,
        body: JSON.stringify({
          party,
          transfers: [leg],
          count: 1,
          hasNextPage: true,
          nextPageUrl: `${otherOrigin}${path}`,
        }),
      });
      for (const placement of ['header', 'query'] as const) {
        const first = await fetchTransferPage(call({ baseUrl: base, placement, jwt: 'secret.jwt.value' }));
        expect(first.legs).toHaveLength(1);
        const refused = await fetchTransferPage(
          call({ baseUrl: base, placement, jwt: 'secret.jwt.value', next: first.next }),
        ).catch((e: Error) => e);
        expect(refused).toMatchObject({
          code: 'bad_response',
          message: `The service's next page is at another origin (${otherOrigin}) than this profile's service (${base}); it was not followed, and the JWT was not sent there.`,
        });
      }
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it.each<[number, string, string, string]>([
    [204, '', 'bad_response', 'Transfers: HTTP 204 — the server answered an HTML page, not JSON: (empty body)'],
    [
      409,
      '{"error":"cursor belongs to another query"}',
      'service_error',
      'Transfers: HTTP 409 — cursor belongs to another query',
    ],
    [
      418,
      'I am a teapot',
      'service_error',
      'Transfers: HTTP 418 — the server answered an HTML page, not JSON: I am a teapot',
    ],
    [
      502,
      '<html><head><title>502 Bad Gateway</title></head></html>',
      'service_error',
      'Transfers: HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway',
    ],
    [504, '', 'service_error', 'Transfers: HTTP 504'],
  ])(
    'a status the spec does not declare (%i) is a typed error with its number and what came with it, never a crash',
    async (status, body, code, message) => {
      reply = () => ({ status, type: body.startsWith('{') ? 'application/json' : 'text/html', body });
      const error = await fetchTransferPage(call({ baseUrl: base })).catch((e) => e);
      expect({ code: error.code, message: error.message }).toEqual({ code, message });
    },
  );

  it('a redirect the spec does not declare is not followed, and says so', async () => {
    reply = () => ({ status: 302, body: '' });
    const error = await fetchTransferPage(call({ baseUrl: base })).catch((e) => e);
    expect(error.message).toMatch(
      /^Transfers: the service at http:\/\/127\.0\.0\.1:\d+\/api\/v2\/parties\/.+\/tokenTransfers answered a redirect \(HTTP 302\) without a usable address; Ledger Explorer does not follow redirects$/,
    );
  });

  it('reads 500 as problem details (with trace id) or as an error body', async () => {
    reply = () => ({
      status: 500,
      type: 'application/problem+json',
      body: JSON.stringify({
        type: null,
        title: 'Internal Server Error',
        status: 500,
        detail: 'db down',
        instance: null,
        traceId: 'abc',
      }),
    });
    await expect(fetchTransferPage(call({ baseUrl: base }))).rejects.toMatchObject({
      code: 'service_error',
      message: 'Transfers: HTTP 500 — Internal Server Error: db down',
      details: expect.objectContaining({ traceId: 'abc' }),
    });
    reply = () => ({ status: 500, body: JSON.stringify({ error: 'index rebuild in progress' }) });
    await expect(fetchTransferPage(call({ baseUrl: base }))).rejects.toMatchObject({
      message: 'Transfers: HTTP 500 — index rebuild in progress',
    });
  });

  it('reads 503 start-up with its progress and Retry-After', async () => {
    const now = Date.now();
    const { startupStatusBody } = await import('../../../../src-sandbox/ledger/startup-status.ts');
    reply = () => ({
      status: 503,
      body: JSON.stringify(startupStatusBody(now - 5000, now, 10)),
      headers: { 'retry-after': '3' },
    });
    const error = await fetchTransferPage(call({ baseUrl: base })).catch((e) => e);
    expect(error.code).toBe('service_starting');
    expect(error.details.retryAfterSeconds).toBe(3);
    expect(error.details.startup.phaseNumber).toBe(3);
    expect(error.message).toMatch(/still starting \(phase 3 of 5: data-migration\)/);
  });

  it('an HTML page from a proxy is a service error that says so, quoting its text', async () => {
    reply = () => ({ status: 502, type: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1>nginx</body></html>' });
    await expect(fetchTransferPage(call({ baseUrl: base }))).rejects.toMatchObject({
      code: 'service_error',
      message: expect.stringMatching(/HTTP 502 — the server answered an HTML page, not JSON: 502 Bad Gateway nginx$/),
    });
  });

  it('retries a dropped connection with backoff, then says so', async () => {
    const dead = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadBase = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    let attempts = 0;
    dead.on('request', () => attempts++);
    await expect(fetchTransferPage(call({ baseUrl: deadBase, retries: 2 }))).rejects.toMatchObject({ code: 'network' });
    expect(attempts).toBe(3);
    await new Promise<void>((r) => dead.close(() => r()));
  });

  it('stops at once when the caller abandons the request', async () => {
    reply = () => ({ status: 200, body: '{}' });
    const controller = new AbortController();
    const slow = fetchTransferPage(call({ baseUrl: net.urls.baseUrl, signal: controller.signal }));
    controller.abort();
    await expect(slow).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('readTokenInfo (local, unverified)', () => {
  it('lists the parties of a custom-claims token and its expiry', () => {
    const p1 = net.ledger.store.parties.ids[1];
    const info = readTokenInfo(net.ledger.auth.tokens.byParty[p1]);
    expect(info).toMatchObject({ present: true, form: 'claims', readAs: [p1], expired: false });
    expect(Date.parse(info.expiresAt as string)).toBeGreaterThan(Date.now());
  });

  it('recognises an audience-based token, an expired one and garbage', () => {
    expect(readTokenInfo(net.ledger.auth.tokens.readAll)).toMatchObject({
      form: 'audience',
      subject: 'admin-reader',
      readAs: [],
    });
    expect(readTokenInfo(net.ledger.auth.tokens.expired)).toMatchObject({ expired: true });
    expect(readTokenInfo('abc')).toMatchObject({ form: 'unknown', problem: expect.stringMatching(/not a JWT/) });
    expect(readTokenInfo(null)).toMatchObject({ present: false });
  });
});
