import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import { explain, get, transfersUrl, validate } from '../fixtures/sandbox-ledger-client.ts';

describe('--startup-seconds', () => {
  it('answers 503 with the start-up body and Retry-After, phases advancing, then serves normally', async () => {
    const net = await startSandboxNetwork({ seed: 3, transfers: 1_000, startupSeconds: 2, evm: false });
    try {
      const party = net.ledger.store.parties.ids[0];
      const url = transfersUrl(net.urls.baseUrl, party);
      const jwt = net.ledger.auth.tokens.readAll;
      const phases: number[] = [];
      let answer = await get(url, { jwt });
      // The clock starts when the server listens: the first answer is the first phase.
      expect(answer.status).toBe(503);
      expect(answer.body.phaseNumber).toBe(1);
      // Poll until the service says it is ready: the 503s are the signal we wait on.
      while (answer.status === 503) {
        expect(validate.startup(answer.body), explain(validate.startup)).toBe(true);
        expect(answer.type).toBe('application/json');
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(5);
        expect(answer.body.totalPhases).toBe(5);
        expect(answer.body.replay.nodes.length).toBeGreaterThan(0);
        phases.push(answer.body.phaseNumber);
        answer = await get(url, { jwt });
      }
      expect(answer.status).toBe(200);
      expect(phases.length).toBeGreaterThan(1);
      expect(phases).toEqual([...phases].sort((a, b) => a - b));
      expect(phases.at(-1)).toBeGreaterThan(phases[0]);
    } finally {
      await net.close();
    }
  });
});

describe('--faults', () => {
  let net: SandboxInternals;
  let ledgerUrl: string;
  let jwt: string;
  beforeAll(async () => {
    net = await startSandboxNetwork({ seed: 5, transfers: 1_000, faults: true, evm: false });
    ledgerUrl = transfersUrl(net.urls.baseUrl, net.ledger.store.parties.ids[0]);
    jwt = net.ledger.auth.tokens.readAll;
  });
  afterAll(() => net.close());

  const chainsUrl = () => `${net.urls.translateUrl}/evm/chains`;
  const fault = (value: string, extra: Record<string, string> = {}) => ({ 'x-sandbox-fault': value, ...extra });

  it('latency=<ms> delays the answer, which is then normal', async () => {
    const started = performance.now();
    const answer = await get(ledgerUrl, fault('latency=300', { jwt }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(200);
  });

  it('status=500: problem details with a trace id on the ledger, an error body elsewhere', async () => {
    const ledger = await get(ledgerUrl, fault('status=500', { jwt }));
    expect(ledger.status).toBe(500);
    expect(ledger.type).toBe('application/problem+json');
    expect(validate.problem(ledger.body)).toBe(true);
    expect(ledger.body).toMatchObject({ title: 'Internal Server Error', status: 500, detail: expect.any(String) });
    expect(ledger.body.traceId).toMatch(/^[0-9a-f]{32}$/);
    // The instance names the path but never the query, which may carry the JWT.
    const viaQuery = await get(`${ledgerUrl}?jwt=${jwt}`, fault('status=500'));
    expect(viaQuery.body.instance).toBe(new URL(ledgerUrl).pathname);
    expect(JSON.stringify(viaQuery.body)).not.toContain(jwt);
    const chains = await get(chainsUrl(), fault('status=500', { apiKey: net.credentials.apiKey }));
    expect(chains.status).toBe(500);
    expect(chains.body.error).toMatch(/injected/);
  });

  it('status=503: the start-up body on the ledger', async () => {
    const answer = await get(ledgerUrl, fault('status=503', { jwt }));
    expect(answer.status).toBe(503);
    expect(validate.startup(answer.body)).toBe(true);
  });

  const rpcUrl = () => `${net.urls.rpcUrl}/ethereum_full`;
  const on = {
    ledger: (headers: Record<string, string>) => get(ledgerUrl, { jwt, ...headers }),
    chains: (headers: Record<string, string>) => get(chainsUrl(), { apiKey: net.credentials.apiKey, ...headers }),
    rpc: async (headers: Record<string, string>) => {
      const response = await fetch(rpcUrl(), {
        method: 'POST',
        headers: { apiKey: net.credentials.apiKey, 'content-type': 'application/json', ...headers },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      });
      const text = await response.text();
      return { status: response.status, type: response.headers.get('content-type'), body: text };
    },
  };

  for (const where of ['ledger', 'chains', 'rpc'] as const) {
    it(`${where}: reset kills the connection mid-response; truncate cuts the body short`, async () => {
      await expect(on[where](fault('reset'))).rejects.toThrow();
      await expect(on[where](fault('truncate'))).rejects.toThrow();
    });

    it(`${where}: html502 answers an HTML page from a "proxy"; status=503 answers 503`, async () => {
      const answer = await on[where](fault('html502'));
      expect(answer.status).toBe(502);
      expect(answer.type).toBe('text/html');
      expect(String(answer.body)).toContain('502 Bad Gateway');
      expect((await on[where](fault('status=503'))).status).toBe(503);
    });
  }

  it('an unknown fault is a 400 that lists the valid ones', async () => {
    const answer = await get(ledgerUrl, fault('explode', { jwt }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/latency=<ms>/);
  });

  it('without --faults the header is ignored', async () => {
    const plain = await startSandboxNetwork({ seed: 5, transfers: 100, evm: false });
    try {
      const answer = await get(
        `${plain.urls.translateUrl}/evm/chains`,
        fault('status=500', { apiKey: plain.credentials.apiKey }),
      );
      expect(answer.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
