import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonicalTime,
  isoText,
  microsIso,
  NOT_RFC3339,
  rangeOrderMessage,
  readRfc3339,
  readTimeInput,
  readTimeRange,
  readTimeText,
  sameInstant,
  type TimeZoneChoice,
  timeInputText,
} from '../../../src-shared/time/time-text.ts';

describe('readRfc3339: a time from the service, a link or a file', () => {
  it('reads Z, lowercase t and z, a space, and offsets with or without a colon as the same instant', () => {
    const forms = [
      '2026-10-30T12:00:00Z',
      '2026-10-30t12:00:00z',
      '2026-10-30 12:00:00Z',
      '2026-10-30T14:00:00+02:00',
      '2026-10-30T14:00:00+0200',
      '2026-10-30T14:00:00+02',
      '2026-10-30T06:30:00-05:30',
      '2026-10-30T12:00Z',
    ];
    for (const text of forms) expect(readRfc3339(text)?.micros, text).toBe(1_793_361_600_000_000n);
  });

  it('reads any number of fraction digits, keeping microseconds and never rounding up', () => {
    expect(readRfc3339('2026-10-30T12:00:00.1Z')?.micros).toBe(1_793_361_600_100_000n);
    expect(readRfc3339('2026-10-30T12:00:00.123456Z')?.micros).toBe(1_793_361_600_123_456n);
    // 12 digits (legal in RFC 3339): the instant truncates to the microsecond; .9999999 is not the next second.
    expect(readRfc3339('2026-10-30T12:00:00.123456789012Z')?.micros).toBe(1_793_361_600_123_456n);
    expect(readRfc3339('2026-10-30T12:00:00.9999999Z')?.micros).toBe(1_793_361_600_999_999n);
    expect(readRfc3339('2026-10-30T12:00:00.9999999Z')?.ms).toBe(1_793_361_600_999);
  });

  it('reads a leap second as the last microsecond of its minute', () => {
    expect(readRfc3339('2016-12-31T23:59:60Z')?.micros).toBe(readRfc3339('2016-12-31T23:59:59.999999Z')?.micros);
  });

  it('refuses what is not a time, a day that does not exist, and two-digit years', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-02-30T00:00:00Z',
      '2026-10-30T24:00:00Z',
      '2026-10-30T12:00:00',
      '26-10-30T12:00:00Z',
      '2026-10-30T12:00:00+25:00',
      `2026-10-30T12:00:00.${'1'.repeat(80)}Z`,
    ]) {
      expect(readRfc3339(text), text).toBeNull();
    }
    expect(readRfc3339(null)).toBeNull();
  });

  it('reads years before 100 as themselves, not 19xx', () => {
    expect(microsIso(readRfc3339('0042-01-01T00:00:00Z')?.micros ?? 0n)).toBe('0042-01-01T00:00:00.000000Z');
  });

  it('round-trips every instant of years 0001-9999 written by microsIso', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -62_135_596_800_000_000n, max: 253_402_300_799_999_999n }), (micros) => {
        expect(readRfc3339(microsIso(micros))?.micros).toBe(micros);
      }),
    );
  });
});

describe('readTimeInput: what a person types', () => {
  it('takes a date (midnight), a date and time, and RFC 3339, in UTC', () => {
    expect(readTimeInput('2026-10-30', 'utc')).toMatchObject({ ok: true, iso: '2026-10-30T00:00:00Z' });
    expect(readTimeInput(' 2026-10-30 14:30 ', 'utc')).toMatchObject({ ok: true, iso: '2026-10-30T14:30:00Z' });
    expect(readTimeInput('2026-10-30T14:30:05.25', 'utc')).toMatchObject({ ok: true, iso: '2026-10-30T14:30:05.25Z' });
    expect(readTimeInput('2026-10-30T14:30:00+02:00', 'local')).toMatchObject({
      ok: true,
      iso: '2026-10-30T12:30:00Z',
    });
    // Digits past the microsecond are sent on as typed: the service gets the instant the user wrote.
    expect(readTimeInput('2026-10-30T14:30:00.1234567891Z', 'utc')).toMatchObject({
      ok: true,
      iso: '2026-10-30T14:30:00.1234567891Z',
    });
  });

  it('reads a time copied from a table ("… UTC") as that instant, in either zone', () => {
    for (const zone of ['utc', 'local'] as const) {
      expect(readTimeInput('2026-10-31 14:23:07.203456789012 UTC', zone)).toMatchObject({
        ok: true,
        iso: '2026-10-31T14:23:07.203456789012Z',
      });
    }
  });

  it('reads a time without an offset in the local zone when the field says local', () => {
    const read = readTimeInput('2026-10-30 14:30', 'local');
    expect(read.ok && read.instant.ms).toBe(new Date(2026, 9, 30, 14, 30).getTime());
  });

  it('says what is wrong, in words, naming the forms it takes', () => {
    const message = (text: string) => {
      const read = readTimeInput(text, 'utc');
      return read.ok ? 'ok' : read.message;
    };
    expect(message('next tuesday')).toBe(
      'not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z',
    );
    expect(message('30/10/2026')).toMatch(/^write the year first/);
    expect(message('2026-02-30')).toBe('no such date: 2026-02 has no day 30');
    expect(message('2026-10-30 25:00')).toMatch(/^no such time of day/);
    expect(message('+275760-01-01')).toBe('year 275760 is too far ahead: the latest is 9999');
    expect(message('9999-12-31T23:00:00-05:00')).toMatch(/^out of range/);
  });
});

describe('readTimeRange', () => {
  const labels = { from: 'From', before: 'Before' };
  it('uses the fields’ own labels', () => {
    expect(readTimeRange({ from: '2026-10-31', before: '2026-10-30' }, 'utc', labels)).toEqual({
      ok: false,
      issues: { before: 'Before must be later than From' },
    });
    expect(readTimeRange({ from: 'soon', before: '' }, 'utc', labels)).toEqual({
      ok: false,
      issues: { from: 'From: not a date or time: use 2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z' },
    });
    expect(rangeOrderMessage({ from: '--after', before: '--before' })).toBe('--before must be later than --after');
  });

  it('compares instants, not texts: an equal instant written two ways is an empty range', () => {
    expect(readTimeRange({ from: '2026-10-30T12:00:00Z', before: '2026-10-30T14:00:00+02:00' }, 'utc', labels).ok).toBe(
      false,
    );
    expect(readTimeRange({ from: '', before: '' }, 'utc', labels)).toEqual({ ok: true, from: null, before: null });
  });
});

describe('isoText and sameInstant', () => {
  it('writes the shortest exact fraction', () => {
    expect(isoText({ micros: 1_793_361_600_120_000n, ms: 0 })).toBe('2026-10-30T12:00:00.12Z');
    expect(isoText({ micros: 1_793_361_600_000_000n, ms: 0 })).toBe('2026-10-30T12:00:00Z');
    expect(sameInstant('2026-10-30T12:00:00Z', '2026-10-30T13:00:00+01:00')).toBe(true);
  });
});

describe('readTimeText: a time received as text (a link, a request)', () => {
  it('reads RFC 3339 generously into one canonical UTC spelling, keeping every fraction digit', () => {
    expect(readTimeText('2026-10-30T14:30:00+02:00')).toMatchObject({ ok: true, iso: '2026-10-30T12:30:00Z' });
    expect(readTimeText('2026-10-30 12:30Z')).toMatchObject({ ok: true, iso: '2026-10-30T12:30:00Z' });
    expect(readTimeText('2026-10-30T18:00:00.123456999999+05:30')).toMatchObject({
      ok: true,
      iso: '2026-10-30T12:30:00.123456999999Z',
    });
    expect(readTimeText('2026-10-30T12:30:00.500Z')).toMatchObject({ ok: true, iso: '2026-10-30T12:30:00.5Z' });
    expect(canonicalTime('2026-10-30T12:30:00.000Z')).toBe('2026-10-30T12:30:00Z');
    expect(canonicalTime('not a time')).toBe('not a time');
  });

  it('says why a text is refused', () => {
    const message = (text: string) => {
      const read = readTimeText(text);
      return read.ok ? 'ok' : read.message;
    };
    expect(message('2026-10-30')).toBe(NOT_RFC3339);
    expect(message('2026-10-30T12:00:00')).toBe(NOT_RFC3339);
    expect(message('+010000-01-01T00:00:00Z')).toBe('year 10000 is too far ahead: the latest is 9999');
    expect(message('9999-12-31T23:00:00-05:00')).toMatch(/^out of range/);
    expect(message('0000-01-01T00:00:00Z')).toMatch(/^out of range/);
  });
});

describe('timeInputText: what a field shows for a time', () => {
  const previousTz = process.env.TZ;
  beforeAll(() => {
    // Node re-reads TZ when it is assigned: Berlin has a gap (March) and a repeated hour (October).
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = previousTz;
  });

  it('writes the shortest form the field reads back, in the field’s zone', () => {
    expect(timeInputText('2026-10-30T00:00:00Z', 'utc')).toBe('2026-10-30');
    expect(timeInputText('2026-10-30T14:30:00Z', 'utc')).toBe('2026-10-30 14:30');
    expect(timeInputText('2026-10-30T14:30:05.250Z', 'utc')).toBe('2026-10-30 14:30:05.25');
    expect(timeInputText('2026-10-30T18:00:00.123456999999+05:30', 'utc')).toBe('2026-10-30 12:30:00.123456999999');
    expect(timeInputText('2026-07-15T08:00:00Z', 'local')).toBe('2026-07-15 10:00');
    expect(timeInputText('2026-01-14T23:00:00Z', 'local')).toBe('2026-01-15');
    expect(timeInputText(null, 'utc')).toBe('');
    expect(timeInputText('garbled', 'utc')).toBe('garbled');
  });

  it('writes a repeated local hour (daylight saving ends) with its offset, so it cannot be read as the other one', () => {
    // 25 October 2026, 02:30 happens twice in Berlin: first at +02:00, then at +01:00.
    expect(timeInputText('2026-10-25T00:30:00Z', 'local')).toBe('2026-10-25 02:30');
    expect(timeInputText('2026-10-25T01:30:00Z', 'local')).toBe('2026-10-25 02:30:00+01:00');
  });

  it('reads back as the same instant, in either zone, for any time of years 0001-9999', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -62_135_596_800_000_000n, max: 253_402_300_799_999_999n }),
        fc.constantFrom<TimeZoneChoice>('utc', 'local'),
        (micros, zone) => {
          const text = timeInputText(microsIso(micros), zone);
          const read = readTimeInput(text, zone);
          expect(read.ok && read.instant.micros, text).toBe(micros);
        },
      ),
    );
  });
});
