import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftToFilters,
  emptyDraft,
  type FilterDraft,
  filtersToDraft,
  isoToInputValue,
  toIsoWithOffset,
} from '../../../../../src-renderer/features/transfers/filters/filter-draft.ts';

const ALICE = `alice::1220${'a'.repeat(64)}`;
const REGISTRAR = `registrar::1220${'b'.repeat(64)}`;
const draft = (patch: Partial<FilterDraft>): FilterDraft => ({ ...emptyDraft(), party: ALICE, ...patch });

// Node re-reads TZ when it is assigned: local time here is Berlin (CET/CEST, with a DST gap).
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('times entered in the form → ISO-8601 with an offset', () => {
  it('UTC: the wall time as typed, with Z', () => {
    expect(toIsoWithOffset('2026-03-01T10:15', 'utc')).toEqual({ iso: '2026-03-01T10:15:00Z' });
    expect(toIsoWithOffset('2026-03-01T10:15:30', 'utc')).toEqual({ iso: '2026-03-01T10:15:30Z' });
  });

  it('local: the wall time as typed, with the offset in force on that date', () => {
    expect(toIsoWithOffset('2026-01-15T10:00', 'local')).toEqual({ iso: '2026-01-15T10:00:00+01:00' });
    expect(toIsoWithOffset('2026-07-15T10:00:05', 'local')).toEqual({ iso: '2026-07-15T10:00:05+02:00' });
    // Same instant either way.
    const local = toIsoWithOffset('2026-07-15T10:00', 'local') as { iso: string };
    expect(Date.parse(local.iso)).toBe(Date.parse('2026-07-15T08:00:00Z'));
  });

  it('refuses a local time the clocks skip, and dates that do not exist', () => {
    expect(toIsoWithOffset('2026-03-29T02:30', 'local')).toHaveProperty('error');
    expect(toIsoWithOffset('2025-02-29T00:00', 'utc')).toEqual({ error: 'no such date or time' });
    expect(toIsoWithOffset('2025-02-29T00:00', 'local')).toHaveProperty('error');
    expect(toIsoWithOffset('next tuesday', 'utc')).toHaveProperty('error');
  });

  it('reads an ISO time back into the form in either zone', () => {
    expect(isoToInputValue('2026-07-15T08:00:00Z', 'utc')).toBe('2026-07-15T08:00:00');
    expect(isoToInputValue('2026-07-15T08:00:00Z', 'local')).toBe('2026-07-15T10:00:00');
    expect(isoToInputValue(null, 'utc')).toBe('');
  });
});

describe('draftToFilters: the contract schema, with messages at the fields', () => {
  it('converts a complete draft', () => {
    const result = draftToFilters(
      draft({ asset: 'ledgerCoin', after: '2026-01-01T00:00', before: '2026-02-01T00:00', zone: 'utc', pageSize: 100 }),
    );
    expect(result).toEqual({
      ok: true,
      filters: {
        party: ALICE,
        asset: { kind: 'ledgerCoin' },
        effectiveAfter: '2026-01-01T00:00:00Z',
        effectiveBefore: '2026-02-01T00:00:00Z',
        orderDesc: true,
        pageSize: 100,
        nodeId: null,
      },
    });
  });

  it('refuses half an instrument pair, naming the missing half', () => {
    const noId = draftToFilters(draft({ asset: 'instrument', instrumentAdmin: REGISTRAR }));
    expect(noId.ok).toBe(false);
    expect(!noId.ok && noId.issues.instrumentId).toMatch(/enter the id too/);
    const noAdmin = draftToFilters(draft({ asset: 'instrument', instrumentId: 'USDX' }));
    expect(!noAdmin.ok && noAdmin.issues.instrumentAdmin).toMatch(/enter the administrator too/);
  });

  it('cannot send a pair together with the coin: the coin choice drops the pair', () => {
    const result = draftToFilters(draft({ asset: 'ledgerCoin', instrumentAdmin: REGISTRAR, instrumentId: 'USDX' }));
    expect(result.ok && result.filters.asset).toEqual({ kind: 'ledgerCoin' });
  });

  it('says what is wrong with a party id', () => {
    const missing = draftToFilters(draft({ party: '' }));
    expect(!missing.ok && missing.issues.party).toBe('enter a party id');
    const noColons = draftToFilters(draft({ party: 'alice' }));
    expect(!noColons.ok && noColons.issues.party).toMatch(/"::" is missing/);
    const badPrint = draftToFilters(draft({ party: 'alice::1234' }));
    expect(!badPrint.ok && badPrint.issues.party).toMatch(/not a Canton party id/);
  });

  it('refuses an inverted or empty time range at "before"', () => {
    const inverted = draftToFilters(draft({ after: '2026-02-01T00:00', before: '2026-01-01T00:00', zone: 'utc' }));
    expect(!inverted.ok && inverted.issues.before).toBe('"before" must be later than "after"');
    const empty = draftToFilters(draft({ after: '2026-02-01T00:00', before: '2026-02-01T00:00', zone: 'utc' }));
    expect(empty.ok).toBe(false);
  });

  it('an instrument draft round-trips through filters', () => {
    const d = draft({
      asset: 'instrument',
      instrumentAdmin: REGISTRAR,
      instrumentId: 'USDX',
      nodeId: 'validator-2',
      zone: 'utc',
      after: '2026-01-01T00:00:00',
    });
    const result = draftToFilters(d);
    expect(result.ok).toBe(true);
    if (result.ok) expect(filtersToDraft(result.filters, 'utc')).toEqual(d);
  });
});
