// Main's real transfers client against the sandbox in each variation mode (src-sandbox/variations.ts):
// every legal answer is read (the same legs as in the normal mode), every error answer becomes a
// message a person can read. One test per reading rule of docs/service-decisions.md.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransferPage, type TransferPageCall } from '../../src-main/services/ledger/ledger-client.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../src-sandbox/sandbox-network.ts';
import type { Variation } from '../../src-sandbox/variations.ts';
import type { TransferFilters, TransferLeg, TransferPage } from '../../src-shared/contract/transfers.ts';

let net: SandboxInternals;
let party: string;
let normal: { legs: TransferLeg[]; pages: TransferPage[] };

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 17, transfers: 3_000, evm: false, faults: true });
  party = net.ledger.store.parties.ids[0];
  normal = await readAll();
  expect(normal.pages.length).toBeGreaterThan(2);
});
afterAll(() => net.close());
afterEach(() => {
  net.variations?.clear();
  net.faults?.clear();
});

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
  retries: 0,
  ...over,
});

/** Every page from the first to the one without a next page, as the app pages. */
async function readAll(over: Partial<TransferPageCall> = {}): Promise<{ legs: TransferLeg[]; pages: TransferPage[] }> {
  const pages = [await fetchTransferPage(call(over))];
  while (pages[pages.length - 1].next) {
    pages.push(await fetchTransferPage(call({ ...over, next: pages[pages.length - 1].next })));
    if (pages.length > 1000) throw new Error('paging does not end');
  }
  return { legs: pages.flatMap((p) => p.legs), pages };
}

function arm(...variations: Variation[]): void {
  net.variations?.arm('ledger', variations);
}

/** A message for a person: names the interface and the status, no code-ish leftovers. */
function expectHuman(message: string, status: number): void {
  expect(message).toMatch(new RegExp(`^Transfers: HTTP ${status}( — \\S.*)?$`));
  expect(message).not.toMatch(/undefined|\bnull\b|\[object|NaN|[{}]/);
}

describe('the transfer list (2.2) in every legal form is read as the same legs', () => {
  it.each<[string, Variation[]]>([
    ['nextPageUrl absent on the last page', ['omit-next-page-url']],
    ['every null key outside the legs absent', ['omit-nullable']],
    ['party null', ['null-optional']],
    ['keys in another order', ['reorder-keys']],
    ['integers written as 25.0E+0', ['number-forms']],
    ['a charset on the content type', ['content-type-params']],
    ['a UTF-8 byte order mark', ['bom']],
    ['the cursor passed back byte for byte', ['verbatim-cursor']],
    [
      'nextPageUrl a path-absolute reference, resolved against the request',
      ['next-page-url-path-absolute', 'verbatim-cursor'],
    ],
    ['nextPageUrl a relative path, resolved against the request', ['next-page-url-relative-path', 'verbatim-cursor']],
    ['nextPageUrl only a query, resolved against the request', ['next-page-url-query-only', 'verbatim-cursor']],
    [
      'all of them at once',
      ['null-optional', 'omit-nullable', 'reorder-keys', 'number-forms', 'bom', 'verbatim-cursor'],
    ],
  ])('%s', async (_rule, variations) => {
    arm(...variations);
    const before = net.variations?.requests().length ?? 0;
    const varied = await readAll();
    expect(varied.legs).toEqual(normal.legs);
    expect(varied.pages.length).toBe(normal.pages.length);
    const last = varied.pages[varied.pages.length - 1];
    expect(last).toMatchObject({ hasNextPage: false, next: null, unknownFields: [] });
    const requests = net.variations?.requests().slice(before) ?? [];
    expect(requests.length).toBe(normal.pages.length);
    expect(requests.every((r) => r.status === 200)).toBe(true);
  });

  it('a relative nextPageUrl is followed with the JWT as query too, and every page is read', async () => {
    arm('next-page-url-query-only', 'verbatim-cursor');
    const varied = await readAll({ placement: 'query' });
    expect(varied.legs).toEqual(normal.legs);
  });

  it('a nextPageUrl at another origin (the sandbox under another host name) is not followed: nothing reaches it', async () => {
    arm('next-page-url-other-origin');
    const first = await fetchTransferPage(call());
    expect(first.legs).toEqual(normal.pages[0].legs);
    const base = new URL(net.urls.baseUrl);
    const otherOrigin = `http://${base.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${base.port}`;
    expect(first.next?.startsWith(`${otherOrigin}/`)).toBe(true);
    const before = net.variations?.requests().length ?? 0;
    for (const placement of ['header', 'query'] as const) {
      await expect(fetchTransferPage(call({ placement, next: first.next }))).rejects.toMatchObject({
        code: 'bad_response',
        message: expect.stringContaining(`at another origin (${otherOrigin})`),
      });
    }
    expect(net.variations?.requests().length).toBe(before);
  });

  it('a null nextPageUrl and an absent one are both "no next page"', async () => {
    const small = filters({ pageSize: 1000 });
    const page = await fetchTransferPage(call({ filters: small }));
    arm('omit-next-page-url');
    const varied = await fetchTransferPage(call({ filters: small }));
    expect(varied).toEqual({ ...page, elapsedMs: varied.elapsedMs });
    expect(varied.next).toBeNull();
  });

  it('party null is passed on as null', async () => {
    arm('null-optional');
    const page = await fetchTransferPage(call());
    expect(page.party).toBeNull();
    expect(page.legs).toEqual(normal.pages[0].legs);
  });

  it('"transfers": null (or absent) is a page without legs', async () => {
    const quiet = net.ledger.store.parties.dso;
    arm('null-empty-transfers');
    const page = await fetchTransferPage(call({ filters: filters({ party: quiet }) }));
    expect(page).toMatchObject({ legs: [], count: 0, hasNextPage: false, next: null });
    arm('omit-nullable');
    expect((await fetchTransferPage(call({ filters: filters({ party: quiet }) }))).legs).toEqual([]);
  });

  it('unknown fields, nested ones too, are never an error: the legs are the same and the notice names them', async () => {
    arm('extra-fields');
    const varied = await readAll();
    expect(varied.legs).toEqual(normal.legs);
    for (const page of varied.pages)
      expect(page.unknownFields).toEqual(['conformanceExtra', 'transfers[].conformanceExtra']);
  });

  it('the requests of a whole paging pass the strict check, as header or as query, with every filter', async () => {
    arm('strict-requests', 'verbatim-cursor');
    const before = net.variations?.requests().length ?? 0;
    const coin = net.ledger.store.instruments[0];
    const usd = net.ledger.store.instruments[1];
    const cases: Array<Partial<TransferPageCall>> = [
      {},
      { placement: 'query' },
      { placement: 'query', filters: filters({ nodeId: 'validator-2', orderDesc: false, pageSize: 37 }) },
      { filters: filters({ asset: { kind: 'ledgerCoin' }, pageSize: 1000 }), defaultNodeId: 'validator-1' },
      {
        filters: filters({
          asset: { kind: 'instrument', admin: usd.admin, id: usd.id },
          effectiveAfter: '2025-06-01T00:00:00.123456789+05:30',
          effectiveBefore: '2026-10-31T23:59:59Z',
        }),
      },
    ];
    expect(coin.id).toBe('Amulet');
    for (const over of cases) {
      const { pages } = await readAll(over);
      expect(pages.length).toBeGreaterThan(0);
    }
    const requests = net.variations?.requests().slice(before) ?? [];
    expect(requests.length).toBeGreaterThan(cases.length);
    expect(requests.filter((r) => r.status !== 200)).toEqual([]);
  });

  it('a cursor that comes back altered is refused by the verbatim check (the check itself works)', async () => {
    arm('verbatim-cursor');
    const first = await fetchTransferPage(call());
    const altered = (first.next as string).replace(/~$/, '%7E');
    await expect(fetchTransferPage(call({ next: altered }))).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/cursor came back altered/),
    });
  });
});

describe('error answers (section 7): missing, not JSON or thinner than the spec, always a human message', () => {
  const badJwt = () => call({ jwt: 'not-a-jwt' });

  it('401 with an empty body: the status alone', async () => {
    arm('empty-error-body');
    const error = await fetchTransferPage(badJwt()).catch((e) => e);
    expect(error.code).toBe('unauthorized');
    expectHuman(error.message, 401);
  });

  it('401 as text/plain: its words quoted', async () => {
    arm('text-error-body');
    const error = await fetchTransferPage(badJwt()).catch((e) => e);
    expect(error).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/HTTP 401 — ledger JWT is/) });
    expectHuman(error.message, 401);
  });

  it('an error body whose error is null, or absent', async () => {
    arm('null-optional');
    const error = await fetchTransferPage(badJwt()).catch((e) => e);
    expect(error.code).toBe('unauthorized');
    expectHuman(error.message, 401);
    net.variations?.clear();
    arm('null-optional', 'omit-nullable');
    const bare = await fetchTransferPage(badJwt()).catch((e) => e);
    expect(bare.message).toBe(error.message);
  });

  it('an error body with fields this version does not know', async () => {
    arm('extra-fields', 'reorder-keys');
    const error = await fetchTransferPage(badJwt()).catch((e) => e);
    expect(error.message).toMatch(/^Transfers: HTTP 401 — ledger JWT is/);
  });

  it.each<[string, Variation[], RegExp | null]>([
    ['problem details without the traceId', ['problem-without-trace'], /Internal Server Error: injected fault/],
    ['the error response (2.3) instead of problem details', ['error-500'], /HTTP 500 — injected fault/],
    ['problem details with every field null', ['null-optional'], null],
    ['problem details with no field at all', ['null-optional', 'omit-nullable', 'problem-without-trace'], null],
    ['problem details with extra fields', ['extra-fields'], /Internal Server Error: injected fault/],
    ['an empty 500', ['empty-error-body'], null],
    ['a text/plain 500', ['text-error-body'], /HTTP 500 — Internal Server Error: injected fault/],
  ])('500: %s', async (_rule, variations, words) => {
    net.faults?.arm('ledger', { kind: 'status', status: 500 }, null, null);
    arm(...variations);
    const error = await fetchTransferPage(call()).catch((e) => e);
    expect(error.code).toBe('service_error');
    expectHuman(error.message, 500);
    if (words) expect(error.message).toMatch(words);
    else expect(error.message).toBe('Transfers: HTTP 500');
    if (variations.includes('problem-without-trace')) expect(error.details.traceId).toBeUndefined();
  });

  it.each<[string, Variation[]]>([
    ['as the sandbox sends it', []],
    ['nullable fields absent', ['omit-nullable']],
    ['nullable fields null, then absent', ['null-optional', 'omit-nullable']],
    ['extra fields at every level', ['extra-fields']],
    ['int64 fields beyond 2^53', ['int64-max']],
    ['integers as 25.0E+0, keys reordered', ['number-forms', 'reorder-keys']],
  ])('503 start-up status (2.6), %s: still the "service is starting" card', async (_rule, variations) => {
    net.faults?.arm('ledger', { kind: 'status', status: 503 }, null, null);
    if (variations.length) arm(...variations);
    const error = await fetchTransferPage(call()).catch((e) => e);
    expect(error.code).toBe('service_starting');
    expect(error.message).toMatch(/^Transfers: the service is still starting \(phase \d of 5/);
    expect(error.details.startup).toMatchObject({ totalPhases: 5, replay: expect.any(Object) });
    if (variations.includes('null-optional'))
      expect(error.details.startup).toMatchObject({ status: null, phase: null });
    if (variations.includes('int64-max')) {
      // 2^63 - 1 arrives as the nearest double, 2^63: an integer, read.
      expect(error.details.startup.replay.nodes[0].currentOffset).toBe(2 ** 63);
    }
  });

  it.each<[string, Variation[], RegExp]>([
    ['as the sandbox sends it', [], /validator node validator-3 is quarantined — validator-3 failed/],
    ['extra fields, keys reordered', ['extra-fields', 'reorder-keys'], /validator-3 is quarantined — /],
    ['every field null', ['null-optional'], /^Transfers: validator node \(unnamed\) is quarantined$/],
  ])('503 quarantined node (2.5), %s', async (_rule, variations, message) => {
    if (variations.length) arm(...variations);
    const error = await fetchTransferPage(call({ filters: filters({ nodeId: 'validator-3' }) })).catch((e) => e);
    expect(error).toMatchObject({ code: 'node_quarantined', message: expect.stringMatching(message) });
  });

  it('503 whose body names no node and no network is the plain 503, not a quarantine', async () => {
    arm('null-optional', 'omit-nullable');
    const error = await fetchTransferPage(call({ filters: filters({ nodeId: 'validator-3' }) })).catch((e) => e);
    expect(error.code).toBe('service_error');
    expectHuman(error.message, 503);
  });
});
