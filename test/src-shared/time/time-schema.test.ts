// The contract's one schema for a time: RFC 3339 read generously, canonical UTC text passed on,
// the range's order in the labels every screen uses.
import { describe, expect, it } from 'vitest';
import { TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import { TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { TimeText } from '../../../src-shared/time/time-schema.ts';

const PARTY = `alice::1220${'a'.repeat(64)}`;
const filters = (after: string | null, before: string | null) => ({
  party: PARTY,
  asset: { kind: 'all' },
  effectiveAfter: after,
  effectiveBefore: before,
  orderDesc: true,
  pageSize: 50,
  nodeId: null,
});

describe('TimeText', () => {
  it('passes on one canonical spelling of the instant, every fraction digit kept', () => {
    expect(TimeText.parse('2026-10-30T14:30:00+02:00')).toBe('2026-10-30T12:30:00Z');
    expect(TimeText.parse('2026-10-30T18:00:00.123456789012+05:30')).toBe('2026-10-30T12:30:00.123456789012Z');
    expect(TimeText.parse('2026-10-30t12:30:00z')).toBe('2026-10-30T12:30:00Z');
  });

  it('refuses what is not an RFC 3339 date-time, with words', () => {
    for (const value of ['2026-10-30', '2026-10-30T12:00:00', 1767225600, '2026-02-30T00:00:00Z', 'x'.repeat(200)]) {
      const parsed = TimeText.safeParse(value);
      expect(parsed.success, String(value)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^not an RFC 3339 date-time/);
    }
    expect(TimeText.safeParse('9999-12-31T23:00:00-05:00').error?.issues[0]?.message).toMatch(/^out of range/);
  });
});

describe('ranges', () => {
  it('TransferFilters and TimeRange say "Before must be later than From", at the end', () => {
    const transfers = TransferFilters.safeParse(filters('2026-05-02T00:00:00Z', '2026-05-01T00:00:00Z'));
    expect(transfers.error?.issues).toMatchObject([
      { path: ['effectiveBefore'], message: 'Before must be later than From' },
    ]);
    const range = TimeRange.safeParse({ after: '2026-05-01T02:00:00+02:00', before: '2026-05-01T00:00:00Z' });
    expect(range.error?.issues).toMatchObject([{ path: ['before'], message: 'Before must be later than From' }]);
  });

  it('compares instants: a later text in an earlier offset is still later', () => {
    expect(TimeRange.parse({ after: '2026-05-01T05:00:00+05:30', before: '2026-05-01T00:00:00Z' })).toEqual({
      after: '2026-04-30T23:30:00Z',
      before: '2026-05-01T00:00:00Z',
    });
  });
});
