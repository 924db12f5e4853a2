import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchChainListing, parseChains } from '../../../../src-main/services/chains/chains-client.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../../src-sandbox/sandbox-network.ts';

let sandbox: SandboxInternals;
beforeAll(async () => {
  sandbox = await startSandboxNetwork({ seed: 7, transfers: 100, evm: false });
});
afterAll(() => sandbox.close());

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('chain listing client against the sandbox network', () => {
  it('lists chains with the apiKey header at translate_url', async () => {
    const listing = await fetchChainListing({
      auth: { kind: 'apiKey', apiKey: sandbox.credentials.apiKey, translateUrl: sandbox.urls.translateUrl },
    });
    expect(listing.chains.map((c) => c.name)).toEqual(['ethereum', 'polygon', 'base']);
    expect(listing.chains[0].fields).toMatchObject({ chainId: 31337, nativeCurrency: { symbol: 'ETH', decimals: 18 } });
    expect(listing.source).toBe(`${sandbox.urls.translateUrl}/evm/chains`);
  });

  it('lists chains with a partner bearer token at partner_url', async () => {
    const listing = await fetchChainListing({
      auth: { kind: 'partnerBearer', token: sandbox.credentials.partnerToken, partnerUrl: sandbox.urls.partnerUrl },
    });
    expect(listing.chains).toHaveLength(3);
  });

  it("reports a wrong key as unauthorized with the server's own message", async () => {
    await expect(
      fetchChainListing({ auth: { kind: 'apiKey', apiKey: 'wrong', translateUrl: sandbox.urls.translateUrl } }),
    ).rejects.toMatchObject({ code: 'unauthorized', message: 'Chain listing: HTTP 401 — invalid apiKey header' });
    await expect(
      fetchChainListing({ auth: { kind: 'partnerBearer', token: 'wrong', partnerUrl: sandbox.urls.partnerUrl } }),
    ).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/invalid partner bearer token/) });
  });

  it('reports an unreachable service as a network error naming the address, not the key', async () => {
    // A port that was just listened on and closed (fetch refuses "bad ports" such as 9 before connecting).
    const port = await closedPort();
    const error = await fetchChainListing({
      auth: { kind: 'apiKey', apiKey: 'k-not-in-messages', translateUrl: `http://127.0.0.1:${port}` },
    }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'network',
      message: `Chain listing: could not reach http://127.0.0.1:${port}/evm/chains (ECONNREFUSED)`,
    });
  });

  it('never hands on a key or token the service echoes (in its words, or in where a redirect points)', async () => {
    const echo = createServer((req, res) => {
      const said = `${req.headers.apikey ?? ''}${req.headers.authorization ?? ''}`;
      if (req.url?.startsWith('/bounce')) {
        res.writeHead(307, { location: `http://127.0.0.2:9/keep/${encodeURIComponent(said)}` });
        res.end();
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `credential ${said} refused` }));
      }
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    try {
      const errors = [
        await fetchChainListing({ auth: { kind: 'apiKey', apiKey: 'sbx_key_hush_1234', translateUrl: origin } }).catch(
          (e) => e,
        ),
        await fetchChainListing({ auth: { kind: 'partnerBearer', token: 'ptk_hush_5678', partnerUrl: origin } }).catch(
          (e) => e,
        ),
        await fetchChainListing({
          auth: { kind: 'apiKey', apiKey: 'sbx_key_hush_1234', translateUrl: `${origin}/bounce` },
        }).catch((e) => e),
      ];
      expect(errors[0].message).toBe('Chain listing: HTTP 401 — credential <apiKey> refused');
      expect(errors[1].message).toBe('Chain listing: HTTP 401 — credential Bearer <partnerToken> refused');
      expect(errors[2].details.redirectedTo).toBe('http://127.0.0.2:9/keep/<apiKey>');
      for (const error of errors) expect(`${error.message} ${JSON.stringify(error.details)}`).not.toMatch(/hush/);
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });

  it('parses tolerantly, and says clearly when the answer is not a chain list', () => {
    expect(parseChains({ chains: [{ name: 'x', extra: 1 }] })).toEqual([
      { name: 'x', fields: { name: 'x', extra: 1 } },
    ]);
    expect(() => parseChains({ data: 1 })).toThrow(/expected a JSON array of chains, got an object with keys data/);
    expect(() => parseChains([{ id: 1 }])).toThrow(/item 0 has no string "name"/);
  });
});
