import { describe, expect, it } from 'vitest';
import {
  formatEffectiveAt,
  formatLegAmount,
  NULL_TEXT,
  relativeTime,
} from '../../../../../src-renderer/features/transfers/table/leg-format.ts';

describe('formatLegAmount: exact, from the decimal string and decimals', () => {
  it('pads the fraction to every number of decimals from 0 to 18, never rounding', () => {
    for (let decimals = 0; decimals <= 18; decimals++) {
      const shown = formatLegAmount('1234567', decimals);
      expect(shown).toBe(decimals === 0 ? '1,234,567' : `1,234,567.${'0'.repeat(decimals)}`);
    }
    expect(formatLegAmount('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(formatLegAmount('0', 18)).toBe('0.000000000000000000');
    expect(formatLegAmount('12.5', 2)).toBe('12.50');
  });

  it('keeps digits the service sent beyond `decimals` rather than dropping them', () => {
    expect(formatLegAmount('1.23456', 2)).toBe('1.23456');
  });

  it('shows huge values to the last digit (no float on the way)', () => {
    expect(formatLegAmount('1000000000000000.0000000001', 10)).toBe('1,000,000,000,000,000.0000000001');
    expect(formatLegAmount('123456789012345678901234567890.123456789012345678', 18)).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
    // 2^53 + 1: a double would print ...992.
    expect(formatLegAmount('9007199254740993', 0)).toBe('9,007,199,254,740,993');
  });

  it('formats negative amounts with the sign before the grouped digits', () => {
    expect(formatLegAmount('-1234.5', 3)).toBe('-1,234.500');
    expect(formatLegAmount('-0.01', 2)).toBe('-0.01');
  });

  it('with null decimals shows the amount as sent, grouped; null amount is a dash', () => {
    expect(formatLegAmount('42', null)).toBe('42');
    expect(formatLegAmount('1234567.891', null)).toBe('1,234,567.891');
    expect(formatLegAmount(null, 6)).toBe(NULL_TEXT);
    expect(formatLegAmount(null, null)).toBe('—');
  });

  it('returns an amount that is not a decimal number as it came, never NaN', () => {
    expect(formatLegAmount('1e5', 2)).toBe('1e5');
    expect(formatLegAmount('abc', 2)).toBe('abc');
  });
});

describe('formatEffectiveAt', () => {
  it('absolute UTC keeps the microseconds the service sent', () => {
    expect(formatEffectiveAt('2026-10-31T14:23:07.203456Z', { format: 'absolute', zone: 'utc' })).toBe(
      '2026-10-31 14:23:07.203456 UTC',
    );
  });

  it('relative time counts from now', () => {
    const now = Date.parse('2026-11-01T00:00:00Z');
    expect(formatEffectiveAt('2026-10-29T00:00:00Z', { format: 'relative', zone: 'utc', now })).toBe('3 days ago');
    expect(relativeTime(now + 5 * 60_000, now)).toBe('in 5 minutes');
  });

  it('null is a dash and an unreadable time is shown as sent', () => {
    expect(formatEffectiveAt(null, { format: 'absolute', zone: 'utc' })).toBe('—');
    expect(formatEffectiveAt('yesterday', { format: 'absolute', zone: 'utc' })).toBe('yesterday');
  });
});
