// An amount's text in a table is the exact amount, and amountChars (which sizes a column over
// 100,000 values without formatting them) counts exactly the characters amountText shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountChars,
  amountColumnPx,
  amountCopyText,
  amountText,
  widestAmount,
} from '../../../src-renderer/ui/amount-text.ts';

const LONG = '123456789012345678901234567890.123456789012345678';

describe('amountText', () => {
  it('shows a 48-digit amount whole: every digit, grouped, padded to its decimals', () => {
    expect(amountText({ amount: LONG, decimals: 18 })).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
    expect(amountText({ amount: '88578000000000000000000', decimals: 2 })).toBe('88,578,000,000,000,000,000,000.00');
    expect(amountText({ amount: LONG, decimals: 18, group: false })).toBe(LONG);
  });

  it('marks an amount kept as text, shown as sent; a missing one is a dash', () => {
    expect(amountText({ amount: '1e400', decimals: 2, exact: false })).toBe('≈ 1e400');
    expect(amountText({ amount: null, decimals: 2 })).toBe('—');
  });

  it('copies the amount exactly as sent (no grouping, no padding), or the text kept', () => {
    expect(amountCopyText({ amount: '1234.5', decimals: 3 })).toBe('1234.5');
    expect(amountCopyText({ amount: LONG, decimals: 18 })).toBe(LONG);
    expect(amountCopyText({ amount: '1e400', decimals: 2, exact: false })).toBe('1e400');
  });
});

describe('amountChars: the characters amountText shows, counted without building the text', () => {
  const decimalText = fc
    .tuple(
      fc.boolean(),
      fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: 60 }),
      fc.option(fc.string({ unit: fc.constantFrom('0', '3', '9'), minLength: 1, maxLength: 40 }), { nil: undefined }),
      fc.constantFrom('', ' '),
    )
    .map(
      ([negative, whole, fraction, pad]) =>
        `${pad}${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}${pad}`,
    );
  const anyText = fc.oneof(decimalText, fc.string({ maxLength: 30 }));

  it('agrees with amountText for any amount, decimals, grouping and exactness', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.option(fc.integer({ min: -2, max: 40 }), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (amount, decimals, group, exact) => {
          const value = { amount, decimals, group, exact };
          expect(amountChars(value)).toBe(amountText(value).length);
        },
      ),
      { numRuns: 2000, seed: 24 },
    );
  });

  it('agrees on the edges: zeros, -0, leading zeros, no fraction, a missing amount', () => {
    for (const [amount, decimals] of [
      ['0', 0],
      ['-0.00', 2],
      ['-0.5', null],
      ['000123.4', 3],
      ['1000', null],
      ['-1000000.5', 1],
      [null, 2],
    ] as const) {
      expect(amountChars({ amount, decimals }), String(amount)).toBe(amountText({ amount, decimals }).length);
    }
  });

  it('finds the widest of many values, and the pixels its column needs with the Copy button', () => {
    const values = [
      { amount: '1.5', decimals: 2 },
      { amount: LONG, decimals: 18 },
      { amount: '-7', decimals: 0 },
    ];
    expect(widestAmount(values)).toBe(58);
    expect(widestAmount([])).toBe(0);
    expect(amountColumnPx(58, 7.25)).toBe(Math.ceil(58 * 7.25) + 16 + 19);
  });
});
