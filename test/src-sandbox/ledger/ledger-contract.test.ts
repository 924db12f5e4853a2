// The sandbox's ledger-data interface against the spec (JSON Schemas from section 2, rules of
// 4.1, statuses of 7) and the decisions in docs/service-decisions.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendTransfers } from '../../../src-sandbox/ledger/transfer-store.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../src-sandbox/sandbox-network.ts';
import { allPages, explain, get, transfersUrl, validate } from '../../fixtures/sandbox-ledger-client.ts';

let net: SandboxInternals;
let base: string;
let tokens: SandboxInternals['ledger']['auth']['tokens'];
let parties: string[];
let busiest: string;
let quiet: string;

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 11, transfers: 20_000, evm: false });
  base = net.urls.baseUrl;
  tokens = net.ledger.auth.tokens;
  parties = net.ledger.store.parties.ids;
  const counts = parties.map((_, i) => net.ledger.store.legCount[i]);
  busiest = parties[counts.indexOf(Math.max(...counts))];
  quiet = parties[counts.indexOf(Math.min(...counts))];
});
afterAll(() => net.close());

const url = (party: string, params: Record<string, string> = {}) => transfersUrl(base, party, params);

describe('200: the transfer list response', () => {
  it('matches the spec schema exactly (every field, types, nullability, no extra properties)', async () => {
    const answer = await get(url(busiest, { pageSize: '1000' }), { jwt: tokens.readAll });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    expect(validate.list(answer.body), explain(validate.list)).toBe(true);
    expect(answer.body.count).toBe(1000);
    expect(answer.body.transfers).toHaveLength(1000);
    expect(answer.body.party).toBe(busiest);
  });

  it('has realistic Canton shapes: party ids, hex update ids, microsecond UTC times, exact decimal amounts', async () => {
    const { body } = await get(url(busiest, { pageSize: '1000' }), { jwt: tokens.readAll });
    const partyId = /^[A-Za-z0-9_-][A-Za-z0-9_:-]*::1220[0-9a-f]{64}$/;
    const byUpdate = new Map<string, number>();
    for (const leg of body.transfers) {
      expect(leg.updateId).toMatch(/^[0-9a-f]{68}$/);
      expect(leg.effectiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(leg.receiverParty).toMatch(partyId);
      if (leg.senderParty !== null) expect(leg.senderParty).toMatch(partyId);
      expect(typeof leg.amount).toBe('string');
      const fraction = leg.decimals ? `\\.\\d{${leg.decimals}}` : '';
      expect(leg.amount).toMatch(new RegExp(`^\\d+${fraction}$`));
      expect(['completed', 'pending', 'failed', 'withdrawn']).toContain(leg.status);
      expect(leg.counterparty).toBe(leg.isIncoming ? leg.senderParty : leg.receiverParty);
      expect(leg.isIncoming ? leg.receiverParty : leg.senderParty).toBe(busiest);
      byUpdate.set(leg.updateId, (byUpdate.get(leg.updateId) ?? 0) + 1);
    }
    expect(Math.max(...byUpdate.values())).toBeGreaterThan(1); // updates with several legs
    const instruments = net.ledger.store.instruments;
    expect(instruments[0]).toMatchObject({
      id: 'Amulet',
      symbol: 'CC',
      decimals: 10,
      admin: net.ledger.store.parties.dso,
    });
    const decimals = instruments.map((i) => i.decimals);
    expect(decimals).toContain(0);
    expect(decimals).toContain(18);
  });

  it('answers a known party with no legs (the DSO) with an empty list', async () => {
    const dso = net.ledger.store.parties.dso;
    const answer = await get(url(dso), { jwt: tokens.readAll });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ party: dso, transfers: [], count: 0, hasNextPage: false, nextPageUrl: null });
  });

  it('ignores query parameters it does not know', async () => {
    const answer = await get(url(busiest, { pageSize: '3', colour: 'blue' }), { jwt: tokens.readAll });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(3);
  });

  it('answers a pair nobody issued with an empty list', async () => {
    const none = await get(url(busiest, { instrumentAdmin: busiest, instrumentId: 'NOPE' }), { jwt: tokens.readAll });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ party: busiest, transfers: [], count: 0, hasNextPage: false, nextPageUrl: null });
  });
});

describe('paging', () => {
  it('following nextPageUrl visits every leg exactly once, newest first', async () => {
    const pages = await allPages(url(busiest, { pageSize: '1000' }), tokens.readAll);
    const legs = pages.flatMap((p) => p.transfers);
    const index = parties.indexOf(busiest);
    expect(legs).toHaveLength(net.ledger.store.legCount[index]);
    const keys = legs.map((l) => `${l.updateId}|${l.effectiveAt}|${l.amount}|${l.senderParty}|${l.receiverParty}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (let i = 1; i < legs.length; i++) expect(legs[i - 1].effectiveAt >= legs[i].effectiveAt).toBe(true);
    for (const page of pages) {
      expect(page.count).toBe(page.transfers.length);
      expect(page.hasNextPage).toBe(page.nextPageUrl !== null);
    }
    expect(pages.at(-1).hasNextPage).toBe(false);
  });

  it('orderDesc=false gives the same set in reverse', async () => {
    const desc = (await allPages(url(quiet, { pageSize: '100' }), tokens.readAll)).flatMap((p) => p.transfers);
    const asc = (await allPages(url(quiet, { pageSize: '37', orderDesc: 'false' }), tokens.readAll)).flatMap(
      (p) => p.transfers,
    );
    expect(asc).toEqual([...desc].reverse());
  });

  it('nextPageUrl is absolute and repeats every filter plus the cursor (never the JWT)', async () => {
    const params = {
      pageSize: '5',
      orderDesc: 'false',
      assetKind: 'ledger_coin',
      effectiveAfter: '2025-01-01T00:00:00Z',
      effectiveBefore: '2026-06-01T00:00:00.5+02:00',
    };
    const { body } = await get(url(busiest, { ...params, jwt: tokens.readAll, nodeId: 'validator-2' }));
    const next = new URL(body.nextPageUrl);
    expect(`${next.origin}${next.pathname}`).toBe(url(busiest).split('?')[0]);
    for (const [k, v] of Object.entries(params)) expect(next.searchParams.get(k)).toBe(v);
    expect(next.searchParams.get('nodeId')).toBe('validator-2');
    expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(next.searchParams.has('jwt')).toBe(false);
  });

  it('effectiveAfter is inclusive and effectiveBefore exclusive, to the microsecond', async () => {
    const { body } = await get(url(busiest, { pageSize: '50' }), { jwt: tokens.readAll });
    const t = body.transfers[20].effectiveAt as string;
    const at = (await allPages(url(busiest, { effectiveAfter: t, pageSize: '1000' }), tokens.readAll)).flatMap(
      (p) => p.transfers,
    );
    expect(at.at(-1).effectiveAt).toBe(t);
    const before = (await get(url(busiest, { effectiveBefore: t, pageSize: '5' }), { jwt: tokens.readAll })).body
      .transfers;
    expect(before.every((l: { effectiveAt: string }) => l.effectiveAt < t)).toBe(true);
    const after = at.length;
    const total = net.ledger.store.legCount[parties.indexOf(busiest)];
    const beforeAll = (await allPages(url(busiest, { effectiveBefore: t, pageSize: '1000' }), tokens.readAll)).flatMap(
      (p) => p.transfers,
    );
    expect(after + beforeAll.length).toBe(total);
  });

  it('the cursor stays valid and skips nothing when new transfers arrive while paging', async () => {
    // Its own network: this test adds transfers, which must not change what other tests see.
    const own = await startSandboxNetwork({ seed: 12, transfers: 5_000, evm: false });
    const ownParty = own.ledger.store.parties.ids[0];
    const ownUrl = (params: Record<string, string>) => transfersUrl(own.urls.baseUrl, ownParty, params);
    const first = await get(ownUrl({ pageSize: '10' }), { jwt: own.ledger.auth.tokens.readAll });
    appendTransfers(own.ledger.store, 500, Date.now() * 1000);
    const rest = (await allPages(first.body.nextPageUrl, own.ledger.auth.tokens.readAll)).flatMap((p) => p.transfers);
    const all = [...first.body.transfers, ...rest];
    const keys = all.map((l) => `${l.updateId}|${l.amount}|${l.counterparty}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The arrivals are newer than page one: later pages hold only legs older than page one's last.
    const pageOneLast = first.body.transfers.at(-1).effectiveAt;
    expect(rest.filter((l) => l.effectiveAt > pageOneLast)).toEqual([]);
    expect(all.at(-1).effectiveAt < '2025-01-01').toBe(true); // and paging reached the oldest legs
    const fresh = await get(ownUrl({ pageSize: '1' }), { jwt: own.ledger.auth.tokens.readAll });
    expect(fresh.body.transfers[0].effectiveAt > first.body.transfers[0].effectiveAt).toBe(true);
    await own.close();
  });

  it('walks filtered pages in both orders to the same set: asset and time window together', async () => {
    const filter = {
      assetKind: 'ledger_coin',
      effectiveAfter: '2025-03-01T00:00:00Z',
      effectiveBefore: '2025-09-01T00:00:00Z',
    };
    const desc = (await allPages(url(busiest, { ...filter, pageSize: '333' }), tokens.readAll)).flatMap(
      (p) => p.transfers,
    );
    const asc = (
      await allPages(url(busiest, { ...filter, pageSize: '250', orderDesc: 'false' }), tokens.readAll)
    ).flatMap((p) => p.transfers);
    expect(desc.length).toBeGreaterThan(333);
    expect(asc).toEqual([...desc].reverse());
    for (const leg of desc) {
      expect(leg.instrumentId).toBe('Amulet');
      expect(leg.effectiveAt >= '2025-03-01T00:00:00.000000Z' && leg.effectiveAt < '2025-09-01T00:00:00.000000Z').toBe(
        true,
      );
    }
  });

  it('filters by asset: the ledger coin, or one instrument pair', async () => {
    const coin = await get(url(busiest, { assetKind: 'ledger_coin', pageSize: '200' }), { jwt: tokens.readAll });
    expect(coin.body.transfers.every((l: { instrumentId: string }) => l.instrumentId === 'Amulet')).toBe(true);
    const usd = net.ledger.store.instruments[1];
    const pair = await get(url(busiest, { instrumentAdmin: usd.admin, instrumentId: usd.id, pageSize: '200' }), {
      jwt: tokens.readAll,
    });
    expect(pair.body.count).toBeGreaterThan(0);
    expect(pair.body.transfers.every((l: { instrumentId: string }) => l.instrumentId === usd.id)).toBe(true);
  });
});

describe('permissions from the ledger JWT', () => {
  it('accepts custom-claims and audience-based tokens for their own party, header or query', async () => {
    for (const party of parties.slice(0, 4)) {
      const token = tokens.byParty[party];
      expect((await get(url(party), { jwt: token })).status).toBe(200);
      expect((await get(url(party, { jwt: token }))).status).toBe(200);
      expect((await get(url(party, { jwt: token }), { jwt: token })).status).toBe(200);
    }
  });

  it.each([
    ['missing', undefined, /missing ledger JWT/],
    ['malformed', 'not-a-jwt', /invalid|malformed/],
    ['badly signed', 'SIGNED', /signature/],
    ['expired', 'EXPIRED', /expired/],
  ])('401 for a %s token', async (_label, kind, message) => {
    const jwt = kind === 'SIGNED' ? `${tokens.readAll.slice(0, -4)}AAAA` : kind === 'EXPIRED' ? tokens.expired : kind;
    const answer = await get(url(busiest), jwt === undefined ? {} : { jwt });
    expect(answer.status).toBe(401);
    expect(answer.type).toBe('application/json');
    expect(validate.error(answer.body), explain(validate.error)).toBe(true);
    expect(answer.body.error).toMatch(message);
  });

  it('403 when the token is valid but cannot read the party', async () => {
    for (const jwt of [tokens.readNone, tokens.byParty[parties[1]]]) {
      const answer = await get(url(parties[0]), { jwt });
      expect(answer.status).toBe(403);
      expect(answer.type).toBe('application/json');
      expect(validate.error(answer.body)).toBe(true);
      expect(answer.body.error).toContain(parties[0]);
    }
  });
});

describe('400 with the error body', () => {
  const usd = () => net.ledger.store.instruments[1];
  it.each([
    ['pageSize 0', { pageSize: '0' }, /pageSize/],
    ['pageSize 1001', { pageSize: '1001' }, /pageSize/],
    ['pageSize text', { pageSize: 'ten' }, /pageSize/],
    ['pageSize 2.5', { pageSize: '2.5' }, /pageSize/],
    ['orderDesc maybe', { orderDesc: 'maybe' }, /orderDesc/],
    ['unparseable date', { effectiveAfter: 'yesterday' }, /effectiveAfter/],
    ['impossible date', { effectiveBefore: '2025-02-30T00:00:00Z' }, /effectiveBefore/],
    ['inverted range', { effectiveAfter: '2026-01-01T00:00:00Z', effectiveBefore: '2025-01-01T00:00:00Z' }, /earlier/],
    ['empty range', { effectiveAfter: '2026-01-01T00:00:00Z', effectiveBefore: '2026-01-01T00:00:00Z' }, /earlier/],
    ['assetKind other', { assetKind: 'token' }, /assetKind/],
    ['half a pair (admin)', { instrumentAdmin: 'x::1220' }, /together/],
    ['half a pair (id)', { instrumentId: 'USDX' }, /together/],
    ['malformed cursor', { cursor: '%%%' }, /cursor/],
    ['forged cursor', { cursor: Buffer.from('v2|x').toString('base64url') }, /cursor/],
    ['repeated parameter', 'pageSize=5&pageSize=6', /more than once/],
    ['empty pair', { instrumentAdmin: '', instrumentId: '' }, /cannot be empty/],
    [
      'repeated nodeId (before the node is used)',
      'nodeId=validator-3&nodeId=validator-1',
      /nodeId is given more than once/,
    ],
  ])('%s', async (_label, params, message) => {
    const target =
      typeof params === 'string' ? `${url(busiest)}?${params}` : url(busiest, params as Record<string, string>);
    const answer = await get(target, { jwt: tokens.readAll });
    expect(answer.status).toBe(400);
    expect(answer.type).toBe('application/json');
    expect(validate.error(answer.body), explain(validate.error)).toBe(true);
    expect(answer.body.error).toMatch(message);
  });

  it('a cursor from the other order', async () => {
    const { body } = await get(url(busiest, { pageSize: '2' }), { jwt: tokens.readAll });
    const cursor = new URL(body.nextPageUrl).searchParams.get('cursor') as string;
    const answer = await get(url(busiest, { pageSize: '2', orderDesc: 'false', cursor }), { jwt: tokens.readAll });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/cursor belongs to the other orderDesc/);
  });

  it('a request with a body (rule 1), and a method other than GET', async () => {
    const { request } = await import('node:http');
    const target = new URL(url(busiest));
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(target, { method: 'GET', headers: { jwt: tokens.readAll, 'content-length': '2' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(400);
    const post = await fetch(url(busiest), { method: 'POST', headers: { jwt: tokens.readAll } });
    expect(post.status).toBe(405);
  });

  it('assetKind together with an instrument pair', async () => {
    const answer = await get(
      url(busiest, { assetKind: 'ledger_coin', instrumentAdmin: usd().admin, instrumentId: usd().id }),
      {
        jwt: tokens.readAll,
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/cannot be combined/);
  });

  it('a malformed party id', async () => {
    for (const party of ['alice', 'alice::1220abc', 'alice::', ' ', 'x'.repeat(300)]) {
      const answer = await get(url(party), { jwt: tokens.readAll });
      expect(answer.status, party).toBe(400);
      expect(answer.body.error).toMatch(/party/);
    }
  });

  it('jwt or nodeId sent as header and query: equal is fine, different is 400', async () => {
    expect(
      (await get(url(busiest, { nodeId: 'validator-2' }), { jwt: tokens.readAll, nodeId: 'validator-2' })).status,
    ).toBe(200);
    const jwt = await get(url(busiest, { jwt: tokens.readAll }), { jwt: tokens.readNone });
    expect(jwt.status).toBe(400);
    expect(jwt.body.error).toMatch(/jwt header and jwt query parameter differ/);
    const node = await get(url(busiest, { nodeId: 'validator-1' }), { jwt: tokens.readAll, nodeId: 'validator-2' });
    expect(node.status).toBe(400);
    expect(node.body.error).toMatch(/nodeId/);
  });
});

describe('404, 503 and 500', () => {
  it('404 for an unknown (well-formed) party and an unknown node', async () => {
    const party = await get(url(`zed::1220${'ab'.repeat(32)}`), { jwt: tokens.readAll });
    expect(party.status).toBe(404);
    expect(party.type).toBe('application/json');
    expect(validate.error(party.body)).toBe(true);
    const node = await get(url(busiest), { jwt: tokens.readAll, nodeId: 'validator-9' });
    expect(node.status).toBe(404);
    expect(node.body.error).toMatch(/unknown nodeId "validator-9".*validator-1/);
  });

  it('503 with the quarantined-node body for the quarantined node', async () => {
    const answer = await get(url(busiest), { jwt: tokens.readAll, nodeId: 'validator-3' });
    expect(answer.status).toBe(503);
    expect(answer.type).toBe('application/json');
    expect(validate.quarantined(answer.body), explain(validate.quarantined)).toBe(true);
    expect(answer.body).toMatchObject({ nodeId: 'validator-3', status: 'quarantined', network: 'sandbox-devnet' });
  });
});
