// The busy party and appended transfers as a client of the ledger-data interface sees them: over
// HTTP, through network.appendTransfers and (with faults) POST /__sandbox/ledger/append.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_APPEND_PATH } from '../../src-sandbox/ledger-append-endpoint.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import { allPages, get, transfersUrl } from '../fixtures/sandbox-ledger-client.ts';

let net: SandboxInternals;
let busy: string;
let jwt: string;

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 21, transfers: 12_000, busyParty: true, faults: true, evm: false });
  busy = net.parties[0];
  jwt = net.credentials.ledgerJwt;
});
afterAll(() => net.close());

const legsOf = async (party: string, params: Record<string, string> = {}) =>
  (await allPages(transfersUrl(net.urls.baseUrl, party, { pageSize: '1000', ...params }), jwt)).flatMap(
    (p) => p.transfers,
  );
const post = (path: string, body: string) =>
  fetch(`${net.urls.baseUrl.replace(/\/ledger$/, '')}${path}`, { method: 'POST', body });

describe('busy party over HTTP', () => {
  it('the first party has one leg per transfer, each with it as sender or receiver', async () => {
    const legs = await legsOf(busy);
    expect(legs).toHaveLength(12_000);
    for (const leg of legs) expect(leg.senderParty === busy || leg.receiverParty === busy).toBe(true);
    expect(new Set(legs.map((l) => l.counterparty)).size).toBeGreaterThan(40);
  });

  it('is the same ledger from another network with the same seed', async () => {
    const twin = await startSandboxNetwork({ seed: 21, transfers: 12_000, busyParty: true, evm: false });
    try {
      const page = (n: SandboxInternals) =>
        get(transfersUrl(n.urls.baseUrl, busy, { pageSize: '1000', orderDesc: 'false' }), {
          jwt: n.credentials.ledgerJwt,
        });
      expect((await page(twin)).body.transfers).toEqual((await page(net)).body.transfers);
    } finally {
      await twin.close();
    }
  });
});

describe('appended transfers', () => {
  it('network.appendTransfers adds exactly N legs of the busy party after the newest, visible over HTTP', async () => {
    const [newest] = (await get(transfersUrl(net.urls.baseUrl, busy, { pageSize: '1' }), { jwt })).body.transfers;
    const before = (await legsOf(busy)).length;
    const appended = net.appendTransfers(300);
    expect(appended.count).toBe(300);
    expect(String(appended.firstEffectiveAt) > newest.effectiveAt).toBe(true);
    // effectiveAfter is inclusive: from the old newest, the new legs and that one leg.
    const fresh = await legsOf(busy, { effectiveAfter: newest.effectiveAt });
    expect(fresh).toHaveLength(301);
    expect(fresh.at(-1)).toEqual(newest);
    fresh.pop();
    expect(fresh[0].effectiveAt).toBe(appended.lastEffectiveAt);
    expect(fresh.at(-1).effectiveAt).toBe(appended.firstEffectiveAt);
    expect(await legsOf(busy)).toHaveLength(before + 300);
  });

  it('POST /__sandbox/ledger/append does the same with faults on, and refuses a bad count', async () => {
    const before = (await legsOf(busy)).length;
    const answer = await post(LEDGER_APPEND_PATH, JSON.stringify({ count: 25 }));
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { count: number; firstEffectiveAt: string };
    expect(body.count).toBe(25);
    expect(await legsOf(busy, { effectiveAfter: body.firstEffectiveAt })).toHaveLength(25);
    expect(await legsOf(busy)).toHaveLength(before + 25);
    for (const bad of ['{"count":0}', '{"count":1.5}', '{"count":"3"}', '{"count":1000001}', 'nope']) {
      const refused = await post(LEDGER_APPEND_PATH, bad);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/count|JSON/);
    }
    expect(await legsOf(busy)).toHaveLength(before + 25);
  });

  it('has no control endpoint without faults', async () => {
    const plain = await startSandboxNetwork({ seed: 21, transfers: 100, evm: false });
    try {
      const answer = await fetch(`${plain.urls.baseUrl.replace(/\/ledger$/, '')}${LEDGER_APPEND_PATH}`, {
        method: 'POST',
        body: '{"count":5}',
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
