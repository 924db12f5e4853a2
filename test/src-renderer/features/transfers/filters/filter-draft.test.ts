import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  draftToFilters,
  emptyDraft,
  type FilterDraft,
  filtersToDraft,
  rezoneDraft,
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

describe('times typed in the form (the app’s one time reader, docs/times.md)', () => {
  const times = (patch: Partial<FilterDraft>) => {
    const result = draftToFilters(draft(patch));
    return result.ok
      ? [result.filters.effectiveAfter, result.filters.effectiveBefore]
      : [result.issues.after ?? null, result.issues.before ?? null];
  };

  it('UTC: a date is midnight, a date and time as typed, sent as canonical UTC text', () => {
    expect(times({ after: '2026-03-01', before: '2026-03-01 10:15', zone: 'utc' })).toEqual([
      '2026-03-01T00:00:00Z',
      '2026-03-01T10:15:00Z',
    ]);
    expect(times({ after: '2026-03-01T10:15:30', zone: 'utc' })).toEqual(['2026-03-01T10:15:30Z', null]);
  });

  it('local: the wall time in force on that date, sent as the same instant in UTC', () => {
    expect(times({ after: '2026-01-15 10:00', before: '2026-07-15 10:00:05', zone: 'local' })).toEqual([
      '2026-01-15T09:00:00Z',
      '2026-07-15T08:00:05Z',
    ]);
  });

  it('a time with its own offset is that instant in either zone', () => {
    for (const zone of ['utc', 'local'] as const) {
      expect(times({ after: '2026-07-15T10:00:00.123456789012+05:30', zone })).toEqual([
        '2026-07-15T04:30:00.123456789012Z',
        null,
      ]);
    }
  });

  it('says what is wrong at the field, in the field’s label', () => {
    expect(times({ after: '2026-03-29 02:30', zone: 'local' })[0]).toMatch(/^From: this local time does not exist/);
    expect(times({ after: '2025-02-29', zone: 'utc' })[0]).toBe('From: no such date: 2025-02 has no day 29');
    expect(times({ before: 'next tuesday', zone: 'utc' })[1]).toBe(
      'Before: not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z',
    );
  });

  it('a change of zone rewrites a typed time to the same instant, and keeps text that is not one', () => {
    const local = draft({ after: '2026-07-15 10:00', before: 'soon', zone: 'local' });
    const utc = rezoneDraft(local, 'utc');
    expect(utc).toMatchObject({ after: '2026-07-15 08:00', before: 'soon', zone: 'utc' });
    expect(times(utc)).toEqual([null, expect.stringMatching(/^Before: not a date or time/)]);
    expect(draftToFilters({ ...utc, before: '' })).toMatchObject({
      ok: true,
      filters: { effectiveAfter: '2026-07-15T08:00:00Z' },
    });
  });

  it('filters back into the form: the shortest text that reads as the same instant', () => {
    const filters = { ...(draftToFilters(draft({})) as { filters: object }).filters } as Parameters<
      typeof filtersToDraft
    >[0];
    const back = filtersToDraft({ ...filters, effectiveAfter: '2026-07-15T08:00:00Z', effectiveBefore: null }, 'local');
    expect(back).toMatchObject({ after: '2026-07-15 10:00', before: '', zone: 'local' });
    expect(filtersToDraft({ ...filters, effectiveAfter: '2026-07-15T08:00:00Z' }, 'utc').after).toBe(
      '2026-07-15 08:00',
    );
  });
});

describe('draftToFilters: the contract schema, with messages at the fields', () => {
  it('converts a complete draft', () => {
    const result = draftToFilters(
      draft({ asset: 'ledgerCoin', after: '2026-01-01', before: '2026-02-01 00:00', zone: 'utc', pageSize: 100 }),
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

  it('refuses an inverted or empty time range at Before, in the fields’ labels', () => {
    const inverted = draftToFilters(draft({ after: '2026-02-01', before: '2026-01-01', zone: 'utc' }));
    expect(!inverted.ok && inverted.issues.before).toBe('Before must be later than From');
    // The same instant written two ways is an empty range.
    const empty = draftToFilters(draft({ after: '2026-02-01 01:00', before: '2026-02-01T00:00Z', zone: 'local' }));
    expect(!empty.ok && empty.issues.before).toBe('Before must be later than From');
  });

  it('an instrument draft round-trips through filters', () => {
    const d = draft({
      asset: 'instrument',
      instrumentAdmin: REGISTRAR,
      instrumentId: 'USDX',
      nodeId: 'validator-2',
      zone: 'utc',
      after: '2026-01-01 12:30',
    });
    const result = draftToFilters(d);
    expect(result.ok).toBe(true);
    if (result.ok) expect(filtersToDraft(result.filters, 'utc')).toEqual(d);
  });
});
