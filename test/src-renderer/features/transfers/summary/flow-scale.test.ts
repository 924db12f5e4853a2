// The net-flow chart's words and numbers: compact axis labels, the y axis sized to its widest
// label, the outlier clip limit and what is clipped, and the exact amount of a hovered day.
import { describe, expect, it } from 'vitest';
import {
  axisWidth,
  CLIP_FACTOR,
  clipLimit,
  compactAmount,
  dayReadout,
  flowSeries,
} from '../../../../../src-renderer/features/transfers/summary/flow-scale.ts';
import type { DailyFlow } from '../../../../../src-renderer/features/transfers/summary/transfer-summary.ts';
import { parseDecimal } from '../../../../../src-shared/decimal.ts';

const flow = (day: string, net: string): DailyFlow => ({
  day,
  start: Date.parse(`${day}T00:00:00Z`),
  net:
    parseDecimal(net) ??
    (() => {
      throw new Error(net);
    })(),
});

describe('compactAmount', () => {
  it('writes a value in k, M, B and T with three significant digits', () => {
    expect(
      [0, 7, 0.25, 0.000123, 999, 1_234, -4_500, 350_000, 1_200_000, 1_234_567, -2_500_000_000, 3e12].map((v) =>
        compactAmount(v),
      ),
    ).toEqual(['0', '7', '0.25', '0.000123', '999', '1.23k', '-4.5k', '350k', '1.2M', '1.23M', '-2.5B', '3T']);
  });

  it('says 1M rather than 1000k when rounding carries over', () => {
    expect(compactAmount(999_999)).toBe('1M');
    expect(compactAmount(-999_999_999)).toBe('-1B');
  });

  it('goes to an exponent beyond trillions', () => {
    expect(compactAmount(1.2e18)).toBe('1.2e18');
    expect(compactAmount(-5e15)).toBe('-5e15');
  });

  it('gives ticks the digits their step needs, so neighbours differ', () => {
    const ticks = [0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000];
    expect(ticks.map((v) => compactAmount(v, 250_000))).toEqual(['0', '250k', '500k', '750k', '1M', '1.25M']);
    expect([-0.5, 0, 0.5, 1].map((v) => compactAmount(v, 0.5))).toEqual(['-0.5', '0', '0.5', '1']);
    expect([100_000_000, 200_000_000].map((v) => compactAmount(v, 100_000_000))).toEqual(['100M', '200M']);
  });
});

describe('axisWidth', () => {
  it('fits the widest label, plus ticks and gap, rounded up', () => {
    const measure = (text: string) => text.length * 7.1;
    expect(axisWidth(['0', '-1.25B', '500M'], measure, 15)).toBe(Math.ceil(6 * 7.1 + 15 + 4));
    expect(axisWidth([], measure, 15)).toBe(19);
  });
});

describe('clipLimit', () => {
  it(`clips at ${CLIP_FACTOR} times the 95th percentile of the absolute net flow`, () => {
    const ordinary = Array.from({ length: 40 }, (_, i) => (i % 2 ? 1 : -1) * (100 + i));
    // 95th percentile (lower rank) of 41 sizes: the 39th smallest of 100..139 and 1e9 = 138.
    expect(clipLimit([...ordinary, 1e9])).toBe(138 * CLIP_FACTOR);
  });

  it('clips one huge day among a few', () => {
    expect(clipLimit([100, -80, 120, 5_000_000])).toBe(120 * CLIP_FACTOR);
  });

  it('clips nothing when no day is far out, or there is too little to compare', () => {
    expect(clipLimit([100, -300, 250, 90])).toBeNull();
    expect(clipLimit([1e12])).toBeNull();
    expect(clipLimit([0, 0, 1e12])).toBeNull();
    expect(clipLimit([])).toBeNull();
  });

  it('ignores days of zero net when judging what is ordinary', () => {
    expect(clipLimit([0, 0, 0, 0, 10, 12, 1_000])).toBe(12 * CLIP_FACTOR);
  });
});

describe('flowSeries', () => {
  const flows = [
    flow('2026-10-01', '100'),
    flow('2026-10-02', '-90'),
    flow('2026-10-03', '-1000000'),
    flow('2026-10-04', '80'),
  ];

  it('draws every day in full on the linear scale', () => {
    expect(flowSeries(flows, 'linear')).toEqual({
      days: flows.map((f) => f.start / 1000),
      bars: [100, -90, -1_000_000, 80],
      clippedBars: [null, null, null, null],
      clipped: 0,
      limit: null,
    });
  });

  it('draws a clipped day at the limit, with its sign, in its own series', () => {
    const limit = 100 * CLIP_FACTOR;
    expect(flowSeries(flows, 'clip')).toMatchObject({
      bars: [100, -90, null, 80],
      clippedBars: [null, null, -limit, null],
      clipped: 1,
      limit,
    });
  });
});

describe('dayReadout', () => {
  it('shows an 18-decimal net flow exactly, digit for digit', () => {
    const day = flow('2026-10-31', '123456789012.123456789012345678');
    expect(dayReadout(day, 18, 'WETH', 'utc', false)).toBe(
      '2026-10-31 (UTC): net +123,456,789,012.123456789012345678 WETH',
    );
  });

  it('pads to the decimals, keeps the minus sign and says when the bar is clipped', () => {
    expect(dayReadout(flow('2026-10-30', '-0.000000000000000001'), 18, 'WETH', 'local', true)).toBe(
      '2026-10-30 (local): net -0.000000000000000001 WETH (bar clipped)',
    );
    expect(dayReadout(flow('2026-10-30', '7.5'), 10, 'CC', 'utc', false)).toBe(
      '2026-10-30 (UTC): net +7.5000000000 CC',
    );
    expect(dayReadout(flow('2026-10-30', '0'), 2, 'USDx', 'utc', false)).toBe('2026-10-30 (UTC): net 0.00 USDx');
  });
});
