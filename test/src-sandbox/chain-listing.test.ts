// The sandbox's chain listing, over raw HTTP: both endpoints, both auth forms, error bodies (2.3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import { explain, get, validate } from '../fixtures/sandbox-ledger-client.ts';

let net: SandboxInternals;
beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 2, transfers: 100, evm: false });
});
afterAll(() => net.close());

describe('chain listing', () => {
  it('answers the apiKey caller at translate_url and the bearer caller at partner_url with the same chains', async () => {
    const plain = await get(`${net.urls.translateUrl}/evm/chains`, { apiKey: net.credentials.apiKey });
    const partner = await get(`${net.urls.partnerUrl}/evm/chains`, {
      authorization: `bearer ${net.credentials.partnerToken}`,
    });
    expect(plain.status).toBe(200);
    expect(plain.type).toBe('application/json');
    expect(partner.body).toEqual(plain.body);
    for (const chain of plain.body) {
      expect(chain).toEqual({
        name: expect.stringMatching(/^[a-z]+$/),
        chainId: expect.any(Number),
        displayName: expect.any(String),
        ecosystem: 'evm',
        nativeCurrency: { symbol: expect.any(String), decimals: 18 },
        nodeTypes: ['full', 'archive'],
      });
    }
    expect(net.credentials.partnerToken.split('.')).toHaveLength(3); // a JWT, as the spec's Bearer <JWT_TOKEN>
  });

  it.each([
    ['translate, no key', 'translate', {}, 'missing apiKey header'],
    ['translate, wrong key', 'translate', { apiKey: 'sbx_key_wrong' }, 'invalid apiKey header'],
    ['translate, bearer instead of key', 'translate', { authorization: 'Bearer x' }, 'missing apiKey header'],
    ['partner, no token', 'partner', {}, /missing partner bearer token/],
    ['partner, apiKey instead of bearer', 'partner', { apiKey: 'k' }, /missing partner bearer token/],
    ['partner, wrong token', 'partner', { authorization: 'Bearer nope' }, /invalid partner bearer token/],
  ])('401 with an error body: %s', async (_label, where, headers, message) => {
    const base = where === 'translate' ? net.urls.translateUrl : net.urls.partnerUrl;
    const headerValues = { ...headers } as Record<string, string>;
    if (headerValues.apiKey === 'k') headerValues.apiKey = net.credentials.apiKey;
    const answer = await get(`${base}/evm/chains`, headerValues);
    expect(answer.status).toBe(401);
    expect(answer.type).toBe('application/json');
    expect(validate.error(answer.body), explain(validate.error)).toBe(true);
    expect(answer.body.error).toMatch(message);
  });
});
