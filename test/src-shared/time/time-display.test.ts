// The one formatter for a time on screen: the instant the text names (any fraction digits, any
// offset), the text's own fraction digits (never rounded, never cut), relative or absolute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  effectiveTimeChars,
  formatEffectiveTime,
  relativeTime,
  zoneMarkerText,
} from '../../../src-shared/time/time-display.ts';

const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('formatEffectiveTime', () => {
  it('absolute UTC keeps the fraction digits the service sent, all of them', () => {
    expect(formatEffectiveTime('2026-10-31T14:23:07.203456Z', { zone: 'utc' })).toBe('2026-10-31 14:23:07.203456 UTC');
    expect(formatEffectiveTime('2026-10-31T19:53:07.203456999999+05:30', { zone: 'utc' })).toBe(
      '2026-10-31 14:23:07.203456999999 UTC',
    );
    expect(formatEffectiveTime('2026-10-31T14:23:07Z', { zone: 'utc' })).toBe('2026-10-31 14:23:07 UTC');
  });

  it('shows a time sent with an offset as the instant it names, in the chosen zone', () => {
    expect(formatEffectiveTime('2026-10-31T10:23:07.5-04:00', { zone: 'utc' })).toBe('2026-10-31 14:23:07.5 UTC');
    // Kolkata is UTC+05:30 all year.
    expect(formatEffectiveTime('2026-10-31T10:23:07.123456789012-04:00', { zone: 'local' })).toBe(
      '2026-10-31 19:53:07.123456789012',
    );
  });

  it('a leap second stays :60', () => {
    expect(formatEffectiveTime('2016-12-31T23:59:60.5Z', { zone: 'utc' })).toBe('2016-12-31 23:59:60.5 UTC');
  });

  it('relative time counts from now', () => {
    const now = Date.parse('2026-11-01T00:00:00Z');
    expect(formatEffectiveTime('2026-10-29T00:00:00Z', { format: 'relative', zone: 'utc', now })).toBe('3 days ago');
    expect(formatEffectiveTime('2026-10-29T05:30:00.999999999+05:30', { format: 'relative', zone: 'utc', now })).toBe(
      '3 days ago',
    );
    expect(relativeTime(now + 5 * 60_000, now)).toBe('in 5 minutes');
  });

  it('null is a dash and an unreadable time is shown as sent', () => {
    expect(formatEffectiveTime(null, { zone: 'utc' })).toBe('—');
    expect(formatEffectiveTime('yesterday', { zone: 'utc' })).toBe('yesterday');
    expect(formatEffectiveTime('2026-10-31T12:00:00', { zone: 'utc' })).toBe('2026-10-31T12:00:00');
  });
});

describe('zoneMarkerText', () => {
  it('names the zone a time without an offset is read in', () => {
    expect(zoneMarkerText('utc')).toBe('UTC');
    // ICU may name it by its older name.
    expect(zoneMarkerText('local')).toMatch(/^local \(Asia\/(Kolkata|Calcutta)\)$/);
  });
});

describe('effectiveTimeChars', () => {
  it('is the length of the absolute text, in either zone, without formatting it', () => {
    const times = [
      '2026-10-31T14:23:07.203456Z',
      '2026-10-31T19:53:07.203456999999+05:30',
      '2026-10-31T14:23:07Z',
      '2026-10-31T10:23:07.5-04:00',
      '2016-12-31T23:59:60.5Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999999999Z',
      '9999-12-31T20:00:00-05:00',
      '0001-01-01T02:00:00+05:00',
      'not a time',
      '2026-13-01T00:00:00Z',
      null,
    ];
    for (const zone of ['utc', 'local'] as const) {
      for (const text of times) {
        expect(effectiveTimeChars(text, zone), `${text} in ${zone}`).toBe(formatEffectiveTime(text, { zone }).length);
      }
    }
  });
});
