// The generated ledger: deterministic, exact, and formatted as the spec's clients expect.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../src-sandbox/ledger/cursor.ts';
import { parseDateTimeMicros } from '../../../src-sandbox/ledger/date-time.ts';
import { amountOf, isoMicros, updateIdOf } from '../../../src-sandbox/ledger/leg-values.ts';
import { generateTransfers, HISTORY_END_MICROS } from '../../../src-sandbox/ledger/transfer-store.ts';

describe('generated ledger', () => {
  it('is the same for the same seed and different for another', () => {
    const a = generateTransfers(7, 5_000);
    const b = generateTransfers(7, 5_000);
    const c = generateTransfers(8, 5_000);
    const sample = (s: typeof a) =>
      [0, 1, 999, 4_999].map((i) => [updateIdOf(s, i), amountOf(s, i), s.time[i], s.sender[i]]);
    expect(sample(a)).toEqual(sample(b));
    expect(sample(a)).not.toEqual(sample(c));
    expect(a.parties.ids).toEqual(b.parties.ids);
    expect(a.parties.ids).not.toEqual(c.parties.ids);
  });

  it('ends its history exactly at 2026-11-01T00:00:00Z, in time order, indexed per party', () => {
    const store = generateTransfers(3, 20_000);
    expect(store.time[store.count - 1]).toBe(HISTORY_END_MICROS);
    for (let i = 1; i < store.count; i++) expect(store.time[i] >= store.time[i - 1]).toBe(true);
    let legs = 0;
    for (let p = 0; p < store.parties.ids.length; p++) legs += store.legCount[p];
    const mints = Array.from(store.sender.subarray(0, store.count)).filter((s) => s < 0).length;
    expect(legs).toBe(2 * store.count - mints);
    expect(mints).toBeGreaterThan(0);
  });

  it('writes every amount as an exact decimal string with the instrument’s decimals', () => {
    const store = generateTransfers(5, 20_000);
    const seen = new Set<number | null>();
    for (let i = 0; i < store.count; i++) {
      const { decimals } = store.instruments[store.instrument[i]];
      seen.add(decimals);
      const amount = amountOf(store, i);
      expect(amount).toMatch(decimals ? new RegExp(`^\\d+\\.\\d{${decimals}}$`) : /^[1-9]\d*$/);
    }
    expect([...seen].sort()).toEqual([0, 10, 18, 2, 3, 6, null].sort());
  });

  it('formats times as ISO-8601 UTC with microseconds, exactly', () => {
    expect(isoMicros(Date.UTC(2025, 2, 4, 5, 6, 7) * 1000 + 123_456)).toBe('2025-03-04T05:06:07.123456Z');
    expect(isoMicros(Date.UTC(2024, 1, 29, 23, 59, 59) * 1000 + 999_999)).toBe('2024-02-29T23:59:59.999999Z');
    for (let n = 0; n < 2_000; n++) {
      const micros = 1_600_000_000_000_000 + n * 987_654_321_017;
      const viaDate = `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
      expect(isoMicros(micros)).toBe(viaDate);
    }
  });
});

describe('date-time parameters', () => {
  it.each([
    ['2025-01-31T12:00:00Z', Date.UTC(2025, 0, 31, 12) * 1000],
    ['2025-01-31T12:00:00.000001Z', Date.UTC(2025, 0, 31, 12) * 1000 + 1],
    ['2025-01-31T14:00:00.5+02:00', Date.UTC(2025, 0, 31, 12) * 1000 + 500_000],
    ['2025-01-31t12:00:00.123456789z', Date.UTC(2025, 0, 31, 12) * 1000 + 123_456],
    // RFC 3339 sets no limit on the fraction: 12 digits, truncated (never rounded) to the microsecond.
    ['2025-01-31T17:30:00.123456999999+05:30', Date.UTC(2025, 0, 31, 12) * 1000 + 123_456],
    ['0050-01-01T00:00:00Z', -60589296000000000],
  ])('%s', (text, micros) => {
    expect(parseDateTimeMicros(text)).toBe(micros);
  });

  it.each([
    '2025-01-31',
    '2025-01-31 12:00:00Z',
    '2025-02-30T00:00:00Z',
    '2025-01-31T24:00:00Z',
    '2025-01-31T12:00:00+99:99',
    'yesterday',
    '',
  ])('rejects %j', (text) => {
    expect(parseDateTimeMicros(text)).toBeNull();
  });
});

describe('cursor', () => {
  it('round-trips and rejects anything it did not make', () => {
    const position = { time: 1_700_000_000_123_456, index: 42, desc: true };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of [
      '',
      '!!',
      Buffer.from('v1|1|2').toString('base64url'),
      Buffer.from('v1|x|2|d').toString('base64url'),
      'a'.repeat(500),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
