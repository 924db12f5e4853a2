// effectiveAt as the store orders it: microseconds, UTC; a time it cannot read is null, never another time.
import { describe, expect, it } from 'vitest';
import { effectiveMicros, microsToIso } from '../../../../src-main/services/local-ledger/effective-time.ts';

describe('effectiveMicros', () => {
  it('reads offsets and up to nine fraction digits (kept to microseconds)', () => {
    expect(microsToIso(effectiveMicros('2026-10-31T12:00:00.123456789Z') as bigint)).toBe(
      '2026-10-31T12:00:00.123456Z',
    );
    expect(effectiveMicros('2026-10-31T14:00:00+02:00')).toBe(effectiveMicros('2026-10-31T12:00:00Z'));
    expect(effectiveMicros('2026-10-31T07:30:00-0430')).toBe(effectiveMicros('2026-10-31T12:00:00Z'));
  });

  it('refuses dates that do not exist instead of rolling them into the next month', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '0099-01-01T00:00:00Z',
      'yesterday',
    ]) {
      expect(effectiveMicros(text), text).toBeNull();
    }
    expect(effectiveMicros('2024-02-29T00:00:00Z')).not.toBeNull();
  });
});
