// ledger-explorer:// links: what the app makes opens the same view, and what it did not make is
// refused with a message naming the problem (never an exception).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViewTargetSchema } from '../../../src-shared/contract/view-target.ts';
import type { ViewTarget } from '../../../src-shared/contract/views.ts';
import { formatViewLink, parseViewLink } from '../../../src-shared/links/view-link.ts';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const ADMIN = `dso::1220${'cd'.repeat(32)}`;
const transfers = (over: Partial<Extract<ViewTarget, { kind: 'transfers' }>['filters']> = {}): ViewTarget => ({
  kind: 'transfers',
  profile: 'sandbox',
  source: 'live',
  filters: {
    party: PARTY,
    asset: { kind: 'instrument', admin: ADMIN, id: 'USD X&Co=1' },
    effectiveAfter: '2025-01-01T00:00:00+02:00',
    effectiveBefore: null,
    orderDesc: false,
    pageSize: 250,
    nodeId: 'validator-2',
    ...over,
  },
});

const refusal = (link: unknown) => {
  const parsed = parseViewLink(link);
  if (parsed.ok) throw new Error(`accepted ${String(link).slice(0, 80)}`);
  return parsed.message;
};

describe('view links', () => {
  it('round-trips a transfers view with every filter, an instrument id with & and =, and a time', () => {
    const target = transfers({ effectiveAfter: '2024-12-31T22:00:00Z', effectiveBefore: '2025-01-01T00:00:00.5Z' });
    const link = formatViewLink(target);
    expect(link).toMatch(/^ledger-explorer:\/\/transfers\?profile=sandbox&party=alice/);
    expect(parseViewLink(link)).toEqual({ ok: true, target });
  });

  it('writes times canonically (UTC, every fraction digit) and opens any RFC 3339 spelling as the same instants', () => {
    // A link made before issue 24 kept the offset the user typed in.
    const old = formatViewLink(transfers()).replace('2024-12-31T22%3A00%3A00Z', '2025-01-01T00%3A00%3A00%2B02%3A00');
    expect(old).toContain('after=2025-01-01T00%3A00%3A00%2B02%3A00');
    const opened = parseViewLink(old);
    expect(opened.ok && opened.target.kind === 'transfers' && opened.target.filters.effectiveAfter).toBe(
      '2024-12-31T22:00:00Z',
    );
    expect(formatViewLink(transfers())).toContain('after=2024-12-31T22%3A00%3A00Z');
    const fine = transfers({ effectiveAfter: '2025-01-01T05:30:00.123456789012+05:30' });
    expect(formatViewLink(fine)).toContain('after=2025-01-01T00%3A00%3A00.123456789012Z');
    const lenient = `ledger-explorer://transfers?profile=sandbox&party=${PARTY}&after=2025-01-01%2000:00Z&before=2025-01-02t00:00:00z`;
    const read = parseViewLink(lenient);
    expect(read.ok && read.target.kind === 'transfers' && read.target.filters).toMatchObject({
      effectiveAfter: '2025-01-01T00:00:00Z',
      effectiveBefore: '2025-01-02T00:00:00Z',
    });
  });

  it('round-trips a chain and an RPC request (method + params, or a batch), which stays text', () => {
    const chain: ViewTarget = { kind: 'chain', profile: 'work', chain: 'eth-mainnet' };
    const single: ViewTarget = {
      kind: 'rpc',
      profile: 'sandbox',
      chain: 'eth',
      nodeType: 'archive',
      method: 'eth_getBalance',
      params: '["0xabc", "latest"]',
    };
    const batch: ViewTarget = { kind: 'rpc', profile: 'sandbox', chain: 'eth', nodeType: 'full', batch: '[{"id":1}]' };
    for (const target of [chain, single, batch])
      expect(parseViewLink(formatViewLink(target))).toEqual({ ok: true, target });
  });

  it('opens a hand-written link with defaults (all assets, newest first, 50 a page, live)', () => {
    expect(parseViewLink(`ledger-explorer://transfers/?profile=sandbox&party=${encodeURIComponent(PARTY)}`)).toEqual({
      ok: true,
      target: {
        kind: 'transfers',
        profile: 'sandbox',
        source: 'live',
        filters: {
          party: PARTY,
          asset: { kind: 'all' },
          effectiveAfter: null,
          effectiveBefore: null,
          orderDesc: true,
          pageSize: 50,
          nodeId: null,
        },
      },
    });
  });

  it.each([
    ['javascript:alert(1)', /javascript: link, not ledger-explorer:\/\//],
    ['https://evil.example/transfers?profile=sandbox', /https: link/],
    ['ledger-explorer://settings?profile=sandbox', /"settings" is not a view/],
    ['ledger-explorer://chain?chain=eth', /does not name a profile/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth&chain=btc', /"chain" appears more than once/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth&rpcUrl=https://x', /never carries URLs, keys or tokens/],
    ['ledger-explorer://rpc?profile=sandbox&chain=eth&apiKey=k', /never carries URLs, keys or tokens/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth&extra=1', /"extra" is not a field of this view/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth%ZZ', /not correctly percent-encoded/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth\n', /ok/],
    ['ledger-explorer://chain?profile=sandbox&chain=e%0Ath', /"chain" contains a control character/],
    ['ledger-explorer://chain?profile=Sandbox&chain=eth', /profile id: 1-64 lowercase/],
    ['ledger-explorer://chain?profile=sandbox&chain=../x', /chain name is letters/],
    ['ledger-explorer://transfers?profile=sandbox&party=alice', /party: .*"::" is missing/],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&size=0`, /size: at least 1/],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&size=1e3`, /page size "1e3" is not a whole number/],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&order=up`, /order "up" is not asc or desc/],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&asset=ledgerCoin&id=x`, /admin and id belong/],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&after=yesterday`, /^after: not an RFC 3339 date-time/],
    [
      `ledger-explorer://transfers?profile=sandbox&party=${PARTY}&after=2025-01-02T00:00Z&before=2025-01-01T00:00Z`,
      /^Before must be later than From$/,
    ],
    [`ledger-explorer://transfers?profile=sandbox&party=${PARTY}&source=cloud`, /source is live or local/],
    ['ledger-explorer://rpc?profile=sandbox&chain=eth&params=[1]', /params need a method/],
    ['ledger-explorer://rpc?profile=sandbox&chain=eth&method=x&params=%5B1', /params must be a JSON array or object/],
    ['ledger-explorer://chain?profile=sandbox&chain=eth#x', /"#" part/],
  ])('refuses %s', (link, message) => {
    if (message.source === 'ok') {
      // Surrounding whitespace (a pasted line) is not part of the link.
      expect(parseViewLink(link).ok).toBe(true);
      return;
    }
    expect(refusal(link)).toMatch(message);
  });

  it('refuses a link of 64 KB or more before reading it, and anything that is not text', () => {
    expect(refusal(`ledger-explorer://chain?profile=sandbox&chain=${'a'.repeat(100_000)}`)).toMatch(/at most 64 KB/);
    expect(refusal(null)).toBe('it is not text');
    expect(refusal('   ')).toBe('it is empty');
  });

  it('format -> parse gives the view the schema reads, for any view it accepts', () => {
    const filters = fc.record({
      party: fc.constantFrom(PARTY, `a_b-c:d::1220${'0f'.repeat(32)}`),
      asset: fc.oneof(
        fc.constant({ kind: 'all' as const }),
        fc.constant({ kind: 'ledgerCoin' as const }),
        fc.record({
          kind: fc.constant('instrument' as const),
          admin: fc.constant(ADMIN),
          id: fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== ''),
        }),
      ),
      effectiveAfter: fc.option(
        fc.constantFrom('2024-05-01T10:00:00.5Z', '2024-05-01T15:30:00.123456789012+05:30', '2024-05-01 10:00z'),
        { nil: null },
      ),
      effectiveBefore: fc.option(fc.constant('2026-01-01T00:00:00-05:00'), { nil: null }),
      orderDesc: fc.boolean(),
      pageSize: fc.integer({ min: 1, max: 1000 }),
      nodeId: fc.option(fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,20}[\x21-\x7e])?$/), { nil: null }),
    });
    const target = fc.oneof(
      fc.record({
        kind: fc.constant('transfers' as const),
        profile: fc.constant('p-1'),
        filters,
        source: fc.constantFrom('live' as const, 'local' as const),
      }),
      fc.record({
        kind: fc.constant('chain' as const),
        profile: fc.constant('sandbox'),
        chain: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/),
      }),
    );
    fc.assert(
      fc.property(target, (t) => {
        const read = ViewTargetSchema.safeParse(t);
        fc.pre(read.success);
        expect(parseViewLink(formatViewLink(t as ViewTarget))).toEqual({ ok: true, target: read.data });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on hostile text, and every refusal is one short line', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ maxLength: 300, unit: 'binary' }).map((s) => `ledger-explorer://transfers?${s}`),
      fc
        .array(
          fc.tuple(
            fc.constantFrom('profile', 'party', 'asset', 'admin', 'id', 'size', 'node', '%', '__proto__'),
            fc.string({ maxLength: 40 }),
          ),
          { maxLength: 8 },
        )
        .map(
          (pairs) =>
            `ledger-explorer://${pairs.length % 2 ? 'rpc' : 'transfers'}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`,
        ),
    );
    fc.assert(
      fc.property(hostile, (text) => {
        const parsed = parseViewLink(text);
        if (!parsed.ok) expect(parsed.message).not.toMatch(/\n/);
        else expect(ViewTargetSchema.safeParse(parsed.target).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
