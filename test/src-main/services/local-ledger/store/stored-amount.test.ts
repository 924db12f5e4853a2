// How amounts are stored: exact units at the leg's scale, or flagged text; never rounded.
import { describe, expect, it } from 'vitest';
import { sortKey } from '../../../../../src-main/services/local-ledger/store/leg-rows.ts';
import {
  boundToUnits,
  storedAmount,
  unitsToDecimal,
} from '../../../../../src-main/services/local-ledger/store/stored-amount.ts';

describe('storedAmount', () => {
  it('keeps amounts at 0, 6 and 18 decimals exactly as units', () => {
    expect(storedAmount('42', 0)).toEqual({ units: 42n, scale: 0, exact: true });
    expect(storedAmount('1.5', 6)).toEqual({ units: 1_500_000n, scale: 6, exact: true });
    expect(storedAmount('0.000000000000000001', 18)).toEqual({ units: 1n, scale: 18, exact: true });
    expect(storedAmount('-7.25', 2)).toEqual({ units: -725n, scale: 2, exact: true });
  });

  it('holds a 30-digit amount exactly, and the largest of 38 digits of units (DECIMAL(38,0), every export’s type)', () => {
    expect(storedAmount('123456789012345678901234567890', 6)?.units).toBe(123456789012345678901234567890000000n);
    expect(storedAmount('99999999999999999999.999999999999999999', 18).units).toBe(10n ** 38n - 1n);
    expect(storedAmount('-99999999999999999999999999999999999999', 0).units).toBe(-(10n ** 38n - 1n));
  });

  it('flags what it cannot hold exactly instead of rounding it', () => {
    for (const [amount, decimals] of [
      ['100000000000000000000000000000000000000', 0], // 10^38: 39 digits, no exact Parquet type
      ['170141183460469231731687303715884105727', 0], // 2^127 - 1: a HUGEINT, but 39 digits
      ['123456789012345678901234.5', 18], // 24 integer digits at 18 decimals: 42 digits of units
      ['1.234', 2], // more fraction digits than decimals
      ['1e5', 0],
      ['12,5', 2],
      ['', 2],
      [' 1', 0],
    ] as const) {
      expect(storedAmount(amount, decimals), `${amount} @ ${decimals}`).toEqual({
        units: null,
        scale: null,
        exact: false,
      });
    }
  });

  it('drops only trailing zeros beyond the decimals, and uses 18 when decimals are missing', () => {
    expect(storedAmount('1.500', 1)).toEqual({ units: 15n, scale: 1, exact: true });
    expect(storedAmount('2.5', null)).toEqual({ units: 2_500_000_000_000_000_000n, scale: 18, exact: true });
    expect(storedAmount(null, 6)).toEqual({ units: null, scale: null, exact: true });
  });

  it('writes units back as the same decimal text', () => {
    expect(unitsToDecimal(-725n, 2)).toBe('-7.25');
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(unitsToDecimal(42n, 0)).toBe('42');
  });
});

describe('amount bounds', () => {
  it('round a bound that falls between two units toward the side that keeps the comparison exact', () => {
    expect(boundToUnits('1.005', 2, 'min')).toBe(101n); // >= 1.005 at cents: 1.01 and up
    expect(boundToUnits('1.005', 2, 'max')).toBe(100n); // <= 1.005 at cents: 1.00 and down
    expect(boundToUnits('-1.005', 2, 'min')).toBe(-100n);
    expect(boundToUnits('-1.005', 2, 'max')).toBe(-101n);
    expect(boundToUnits('3', 6, 'min')).toBe(3_000_000n);
  });
});

describe('sortKey', () => {
  it('orders amounts of different decimals by their exact value', () => {
    const values = [
      storedAmount('1.000000000000000001', 18),
      storedAmount('1', 0),
      storedAmount('0.999999', 6),
      storedAmount('-0.5', 1),
      storedAmount('-1', 0),
    ];
    const keys = values.map((v) => sortKey(v.units as bigint, v.scale as number));
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? Number(a[1] - b[1]) : a[0] < b[0] ? -1 : 1));
    expect(sorted).toEqual([keys[4], keys[3], keys[2], keys[1], keys[0]]);
  });
});
