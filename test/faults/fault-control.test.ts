// The sandbox's fault control endpoint (only with --faults): faults armed on the running sandbox
// reach requests that carry no x-sandbox-fault header, which is how the app's own clients (and a
// support engineer's curl) meet them. Real sandbox over real HTTP; no app code in between.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArmedFault, FaultedRequest } from '../../src-sandbox/faults.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import { get, transfersUrl } from '../fixtures/sandbox-ledger-client.ts';

let net: SandboxInternals;
let control: string;
let jwt: string;
let parties: string[];

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 11, transfers: 500, faults: true, evm: false });
  control = net.describe().faultsUrl as string;
  jwt = net.ledger.auth.tokens.readAll;
  parties = net.ledger.store.parties.ids;
});
afterAll(() => net.close());
afterEach(async () => {
  await fetch(control, { method: 'DELETE' });
});

const arm = async (body: unknown) => {
  const response = await fetch(control, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { armed?: ArmedFault; error?: string } };
};
const state = async () => (await get(control)).body as { armed: ArmedFault[]; requests: FaultedRequest[] };
const ledger = (party = parties[0], headers: Record<string, string> = {}) =>
  get(transfersUrl(net.urls.baseUrl, party, { pageSize: '2' }), { jwt, ...headers });
const chains = () => get(`${net.urls.translateUrl}/evm/chains`, { apiKey: net.credentials.apiKey });

describe('the fault control endpoint', () => {
  it('is served only with --faults, at the address the ready line gives', async () => {
    expect(control).toBe(`${net.urls.baseUrl.replace(/\/ledger$/, '')}/__sandbox/faults`);
    const plain = await startSandboxNetwork({ seed: 11, transfers: 100, evm: false });
    try {
      expect(plain.describe()).not.toHaveProperty('faultsUrl');
      const origin = plain.urls.baseUrl.replace(/\/ledger$/, '');
      const post = await fetch(`${origin}/__sandbox/faults`, {
        method: 'POST',
        body: '{"interface":"chains","fault":"status=500"}',
      });
      expect(post.status).toBe(404);
      expect((await get(`${plain.urls.translateUrl}/evm/chains`, { apiKey: plain.credentials.apiKey })).status).toBe(
        200,
      );
    } finally {
      await plain.close();
    }
  });

  it('an armed fault meets the next `times` requests of its interface only, then the service is normal again', async () => {
    const armed = await arm({ interface: 'chains', fault: 'status=503', times: 2 });
    expect(armed.status).toBe(201);
    expect(armed.body.armed).toMatchObject({ interface: 'chains', fault: 'status=503', remaining: 2, match: null });

    expect((await ledger()).status).toBe(200); // another interface: untouched
    const first = await chains();
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ error: 'injected fault: service unavailable' });
    expect((await state()).armed).toMatchObject([{ remaining: 1 }]);
    expect((await chains()).status).toBe(503);
    expect((await state()).armed).toEqual([]);
    expect((await chains()).status).toBe(200);
  });

  it('without `times` a fault stays until DELETE, which can disarm one interface', async () => {
    await arm({ interface: 'ledger', fault: 'status=500' });
    await arm({ interface: 'chains', fault: 'html502' });
    for (let i = 0; i < 3; i++) expect((await ledger()).status).toBe(500);

    const cleared = await fetch(`${control}?interface=ledger`, { method: 'DELETE' });
    expect(await cleared.json()).toMatchObject({ disarmed: 1, armed: [{ interface: 'chains', fault: 'html502' }] });
    expect((await ledger()).status).toBe(200);
    expect((await chains()).status).toBe(502);

    expect(await (await fetch(control, { method: 'DELETE' })).json()).toEqual({ disarmed: 1, armed: [] });
    expect((await chains()).status).toBe(200);
  });

  it('faults are taken oldest first, and `match` limits one to the paths that contain it', async () => {
    const [a, b] = parties;
    await arm({ interface: 'ledger', fault: 'status=500', times: 1, match: encodeURIComponent(b) });
    await arm({ interface: 'ledger', fault: 'html502', times: 1 });
    expect((await ledger(a)).status).toBe(502); // the first fault does not match a's path
    expect((await ledger(a)).status).toBe(200);
    expect((await ledger(b)).status).toBe(500);
    expect((await ledger(b)).status).toBe(200);
  });

  it('a request that carries the header meets that fault instead, and takes nothing armed', async () => {
    await arm({ interface: 'ledger', fault: 'status=500', times: 1 });
    expect((await ledger(parties[0], { 'x-sandbox-fault': 'html502' })).status).toBe(502);
    expect((await state()).armed).toMatchObject([{ fault: 'status=500', remaining: 1 }]);
    expect((await ledger()).status).toBe(500);
  });

  it('lists each faulted request with its path and outcome, never its query (it may carry a JWT)', async () => {
    const before = (await state()).requests.length;
    await arm({ interface: 'ledger', fault: 'status=503', times: 1 });
    const url = transfersUrl(net.urls.baseUrl, parties[2], { jwt, pageSize: '3' });
    expect((await get(url)).status).toBe(503);
    const { requests } = await state();
    expect(requests.slice(before)).toEqual([
      {
        armedId: expect.any(Number),
        interface: 'ledger',
        fault: 'status=503',
        method: 'GET',
        path: new URL(url).pathname,
        startedAt: expect.any(String),
        outcome: 'answered',
        elapsedMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(requests)).not.toContain(jwt);
  });

  it('latency: a client that gives up is recorded as having abandoned the request', async () => {
    await arm({ interface: 'ledger', fault: 'latency=60000', times: 2 });
    const gaveUp = await fetch(transfersUrl(net.urls.baseUrl, parties[0]), {
      headers: { jwt },
      signal: AbortSignal.timeout(300),
    }).catch((error: Error) => error);
    expect(gaveUp).toBeInstanceOf(Error);
    // The sandbox sees the closed connection: the signal we wait on, not a sleep.
    await expect.poll(async () => (await state()).requests.at(-1)?.outcome).toBe('abandoned');
    expect((await state()).requests.at(-1)?.elapsedMs).toBeLessThan(10_000);
    // latency=0 is served normally and recorded as delayed.
    await fetch(control, { method: 'DELETE' });
    await arm({ interface: 'ledger', fault: 'latency=0', times: 1 });
    expect((await ledger()).status).toBe(200);
    expect((await state()).requests.at(-1)).toMatchObject({ fault: 'latency=0', outcome: 'delayed' });
  });

  it('reset resets the connection before any answer; truncate sends part of a plausible answer', async () => {
    await arm({ interface: 'chains', fault: 'reset', times: 1 });
    const reset = await chains().catch((error: Error & { cause?: { code?: string } }) => error.cause?.code);
    expect(reset).toBe('ECONNRESET');

    await arm({ interface: 'chains', fault: 'truncate', times: 1 });
    const response = await fetch(`${net.urls.translateUrl}/evm/chains`, {
      headers: { apiKey: net.credentials.apiKey },
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const failure = await (async () => {
      for (;;) {
        const part = await reader.read();
        if (part.done) return null;
        received += Buffer.from(part.value).toString('utf8');
      }
    })().catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    // A chain listing's start (it was the ledger's before), shorter than its Content-Length said.
    expect(received).toBe('[{"name":"ethereum","chainId":31');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(received.length);
  });

  it('refuses what it cannot arm, saying what it takes', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /not JSON/],
      [[1], /JSON object/],
      [{ interface: 'ledgers', fault: 'reset' }, /"interface" must be one of ledger, chains, rpc/],
      [{ interface: 'rpc', fault: 'explode' }, /"fault" must be latency=<ms>, status=500, status=503, reset/],
      [{ interface: 'rpc', fault: 'reset', times: 0 }, /"times" must be an integer/],
      [{ interface: 'rpc', fault: 'reset', times: 1.5 }, /"times" must be an integer/],
      [{ interface: 'rpc', fault: 'reset', match: '' }, /"match" must be a string/],
      [{ interface: 'rpc', fault: 'reset', extra: true }, /unknown field "extra"/],
    ];
    for (const [body, message] of cases) {
      const answer = await arm(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
    expect((await fetch(control, { method: 'PUT' })).status).toBe(405);
    expect((await fetch(`${control}?interface=nope`, { method: 'DELETE' })).status).toBe(400);
    expect((await state()).armed).toEqual([]);
  });
});
