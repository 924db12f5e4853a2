// Bad input, table-driven: every hostile or mistaken value a user can type (or a renderer can send)
// for party ids, time ranges, page sizes, instrument pairs, RPC params and profile URLs. Each row
// names the field that must carry the message and what the message says; "handled" means the
// value was refused at that field with that message (so nothing goes out), or, for the few rows
// marked accept, taken as the exact value the spec allows. The run prints how many were tried.
import { afterAll, describe, expect, it } from 'vitest';
import { checkDraft } from '../../src-renderer/features/rpc/request-draft.ts';
import type { ConsoleDraft } from '../../src-renderer/features/rpc/rpc-console-store.ts';
import {
  draftToFilters,
  emptyDraft,
  type FilterDraft,
} from '../../src-renderer/features/transfers/filters/filter-draft.ts';
import { ProfileInput, SavedPartyInput } from '../../src-shared/contract/schemas.ts';
import { TransferPageRequest } from '../../src-shared/contract/transfers.ts';

const GOOD_PARTY = `alice::1220${'ab'.repeat(32)}`;
const tally = { tried: 0, handled: 0 };
afterAll(() => {
  console.log(`bad input: ${tally.tried} inputs tried, ${tally.handled} handled with a message at their field`);
});

/** Counts a row as handled only once every assertion about it held. */
function row(run: () => void): void {
  tally.tried++;
  run();
  tally.handled++;
}

const draft = (over: Partial<FilterDraft>): FilterDraft => ({ ...emptyDraft(), party: GOOD_PARTY, ...over });

describe('the Transfers filter form (renderer), then the contract main applies', () => {
  const refused: Array<[string, Partial<FilterDraft>, keyof FilterDraft, RegExp]> = [
    ['empty party', { party: '' }, 'party', /enter a party id/],
    ['spaces only', { party: '    ' }, 'party', /enter a party id/],
    ['no "::"', { party: `alice1220${'ab'.repeat(32)}` }, 'party', /"::" is missing/],
    ['short fingerprint', { party: 'alice::1220abcd' }, 'party', /not a Canton party id/],
    ['upper-case hex', { party: `alice::1220${'AB'.repeat(32)}` }, 'party', /not a Canton party id/],
    ['10 KB long', { party: `${'a'.repeat(10_000)}::1220${'ab'.repeat(32)}` }, 'party', /at most 260 characters/],
    ['unicode hint', { party: `álîçé::1220${'ab'.repeat(32)}` }, 'party', /not a Canton party id/],
    ['emoji', { party: `🐳::1220${'ab'.repeat(32)}` }, 'party', /not a Canton party id/],
    ['zero-width space inside', { party: `ali\u200bce::1220${'ab'.repeat(32)}` }, 'party', /not a Canton party id/],
    ['script', { party: '<script>alert(1)</script>::1220' }, 'party', /not a Canton party id/],
    ['inverted range', { after: '2026-05-02T00:00', before: '2026-05-01T00:00' }, 'before', /later than "after"/],
    ['empty range', { after: '2026-05-01T00:00', before: '2026-05-01T00:00' }, 'before', /later than "after"/],
    ['unparseable after', { after: 'yesterday' }, 'after', /./],
    ['unparseable before', { before: '2026-13-45T99:99' }, 'before', /./],
    ['half pair: id only', { asset: 'instrument', instrumentId: 'USDX' }, 'instrumentAdmin', /enter the administrator/],
    ['half pair: admin only', { asset: 'instrument', instrumentAdmin: GOOD_PARTY }, 'instrumentId', /enter the id too/],
    [
      'pair with a bad admin',
      { asset: 'instrument', instrumentAdmin: 'registrar', instrumentId: 'USDX' },
      'instrumentAdmin',
      /"::" is missing/,
    ],
  ];
  it.each(refused)('%s: refused at the field, nothing to send', (_name, over, field, message) =>
    row(() => {
      const result = draftToFilters(draft(over));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues[field]).toMatch(message);
    }),
  );

  it('a far-future "before" is a legitimate open bound: sent as an exact ISO time', () =>
    row(() => {
      const result = draftToFilters(draft({ before: '9999-12-31T23:59', zone: 'utc' }));
      expect(result).toMatchObject({ ok: true, filters: { effectiveBefore: '9999-12-31T23:59:00Z' } });
    }));

  it('a pair together with the coin cannot be expressed: choosing the coin drops the pair (spec rule 4)', () =>
    row(() => {
      const result = draftToFilters(draft({ asset: 'ledgerCoin', instrumentAdmin: GOOD_PARTY, instrumentId: 'USDX' }));
      expect(result).toMatchObject({ ok: true, filters: { asset: { kind: 'ledgerCoin' } } });
    }));
});

describe('what main accepts over IPC (a renderer could send anything)', () => {
  const request = (filters: Record<string, unknown>) => ({
    requestId: 'request-0001',
    profileId: 'sandbox',
    next: null,
    filters: {
      party: GOOD_PARTY,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 25,
      nodeId: null,
      ...filters,
    },
  });
  const refused: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['page size 0', { pageSize: 0 }, 'filters.pageSize', /at least 1/],
    ['page size 1001', { pageSize: 1001 }, 'filters.pageSize', /at most 1000/],
    ['page size as text', { pageSize: '100' }, 'filters.pageSize', /expected number/],
    ['page size 2.5', { pageSize: 2.5 }, 'filters.pageSize', /expected int/],
    ['page size NaN', { pageSize: Number.NaN }, 'filters.pageSize', /expected number/],
    ['half pair', { asset: { kind: 'instrument', admin: GOOD_PARTY } }, 'filters.asset.id', /expected string/],
    [
      'pair with the coin',
      { asset: { kind: 'ledgerCoin', admin: GOOD_PARTY, id: 'USDX' } },
      'filters.asset',
      /unrecognized key/i,
    ],
    ['date without offset', { effectiveAfter: '2026-05-01T00:00:00' }, 'filters.effectiveAfter', /not a date-time/],
    [
      'inverted range',
      { effectiveAfter: '2026-05-02T00:00:00Z', effectiveBefore: '2026-05-01T00:00:00Z' },
      'filters.effectiveBefore',
      /later than "after"/,
    ],
    ['party with a newline', { party: `alice\n::1220${'ab'.repeat(32)}` }, 'filters.party', /not a Canton party id/],
  ];
  it.each(refused)('%s: invalid_argument naming the field', (_name, filters, path, message) =>
    row(() => {
      const parsed = TransferPageRequest.safeParse(request(filters));
      expect(parsed.success).toBe(false);
      if (parsed.success) return;
      const issue = parsed.error.issues.find((i) => i.path.join('.').startsWith(path));
      expect(issue?.message, JSON.stringify(parsed.error.issues)).toMatch(message);
    }),
  );
});

describe('saving a party (over IPC)', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['not a party id', 'exchange desk', /"::" is missing/],
    ['a bad fingerprint', 'alice::1220zz', /not a Canton party id/],
    ['empty', '   ', /enter a party id/],
  ];
  it.each(refused)('%s: refused, nothing saved', (_name, party, message) =>
    row(() => {
      const parsed = SavedPartyInput.safeParse({ party, label: 'desk' });
      expect(parsed.success).toBe(false);
      if (parsed.success) return;
      expect(parsed.error.issues[0].message).toMatch(message);
    }),
  );
});

describe('RPC console params', () => {
  const consoleDraft = (over: Partial<ConsoleDraft>): ConsoleDraft => ({
    chain: 'ethereum',
    nodeType: 'full',
    mode: 'single',
    method: 'eth_getBalance',
    paramsText: '[]',
    batchText: '[]',
    nextId: 1,
    timeoutSeconds: 30,
    ...over,
  });
  const refused: Array<[string, Partial<ConsoleDraft>, string, RegExp]> = [
    ['invalid JSON', { paramsText: '["0xabc", latest]' }, 'params', /JSON/],
    ['trailing comma', { paramsText: '["0xabc",]' }, 'params', /JSON/],
    ['an object, not an array', { paramsText: '{"address": "0xabc"}' }, 'params', /must be a JSON array.*an object/],
    ['a string', { paramsText: '"0xabc"' }, 'params', /must be a JSON array/],
    ['empty', { paramsText: '' }, 'params', /./],
    ['5 MB', { paramsText: `["${'a'.repeat(5 * 1024 * 1024)}"]` }, 'params', /MB|KB|at most/],
    ['no method', { method: '   ' }, 'method', /enter a method name/],
    ['no chain', { chain: '' }, 'chain', /Chain/],
    ['batch not an array', { mode: 'batch', batchText: '{"method":"eth_chainId"}' }, 'batch', /JSON array of calls/],
    ['empty batch', { mode: 'batch', batchText: '[]' }, 'batch', /at least one call/],
  ];
  it.each(refused)('%s: inline error, nothing sent', (_name, over, field, message) =>
    row(() => {
      const check = checkDraft(consoleDraft(over));
      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.field).toBe(field);
      expect(check.error).toMatch(message);
    }),
  );
});

describe('profile URLs', () => {
  const profile = (baseUrl: string) => ({
    name: 'Staging',
    baseUrl,
    translateUrl: 'https://translate.example.com',
    partnerUrl: 'https://partner.example.com',
    rpcUrl: 'https://rpc.example.com',
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  });
  const refused: Array<[string, string, RegExp]> = [
    ['empty', '', /required/],
    ['not a URL', 'ledger.example.com', /not a URL/],
    ['ftp', 'ftp://ledger.example.com', /only http and https/],
    ['file:', 'file:///etc/passwd', /only http and https/],
    ['javascript:', 'javascript:alert(1)', /only http and https/],
    ['plain http to another host', 'http://ledger.example.com', /use https/],
    ['credentials inside', 'https://user:pass@ledger.example.com', /user name\/password/],
    ['a query', 'https://ledger.example.com/?jwt=abc', /query or fragment/],
    ['a fragment', 'https://ledger.example.com/#x', /query or fragment/],
    ['2 KB long', `https://ledger.example.com/${'a'.repeat(2100)}`, /at most 2048/],
  ];
  it.each(refused)('%s: refused at the field', (_name, baseUrl, message) =>
    row(() => {
      const parsed = ProfileInput.safeParse(profile(baseUrl));
      expect(parsed.success).toBe(false);
      if (parsed.success) return;
      const issue = parsed.error.issues.find((i) => i.path[0] === 'baseUrl');
      expect(issue?.message).toMatch(message);
    }),
  );

  it('trailing spaces and slashes are forgiven: the URL is saved trimmed', () =>
    row(() => {
      const parsed = ProfileInput.safeParse(profile('  https://ledger.example.com/api//  '));
      expect(parsed.success && parsed.data.baseUrl).toBe('https://ledger.example.com/api');
    }));

  it('plain http is allowed to this machine only', () =>
    row(() => {
      expect(ProfileInput.safeParse(profile('http://127.0.0.1:8080')).success).toBe(true);
    }));
});
