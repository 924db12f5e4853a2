// The flow chart's words and numbers: the points summed exactly per bucket (gaps stay gaps),
// compact axis labels, the y axis sized to its widest label, the outlier clip limit and what is
// clipped, and the exact amount of the bucket under the pointer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axisWidth, compactAmount } from '../../../../src-renderer/ui/chart/axis-labels.ts';
import {
  bucketReadout,
  type ChartBucket,
  CLIP_FACTOR,
  chartBuckets,
  clipLimit,
  clippedNote,
  flowSeries,
} from '../../../../src-renderer/ui/flow-chart/flow-scale.ts';

const start = (day: string) => Date.parse(`${day}T00:00:00Z`);
const bucket = (day: string, value: string): ChartBucket => chartBuckets([{ start: start(day), value }])[0];

describe('chartBuckets', () => {
  it('orders the points, adds those of one bucket exactly, and leaves missing buckets out', () => {
    expect(
      chartBuckets([
        { start: start('2026-10-03'), value: '1' },
        { start: start('2026-10-01'), value: '123456789.123456789012345677' },
        { start: start('2026-10-01'), value: '0.000000000000000001' },
      ]),
    ).toEqual([
      // As floats these two would add up to 123456789.12345679.
      { start: start('2026-10-01'), value: '123456789.123456789012345678', height: 123456789.12345679 },
      { start: start('2026-10-03'), value: '1', height: 1 },
    ]);
  });

  it('draws no bar for a value that is not a decimal, and keeps its text', () => {
    expect(chartBuckets([{ start: start('2026-10-01'), value: '1e5' }])).toEqual([
      { start: start('2026-10-01'), value: '1e5', height: null },
    ]);
    expect(chartBuckets([{ start: Number.NaN, value: '1' }])).toEqual([]);
  });
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
    bucket('2026-10-01', '100'),
    bucket('2026-10-02', '-90'),
    bucket('2026-10-03', '-1000000'),
    bucket('2026-10-04', '80'),
  ];

  it('draws every day in full on the linear scale', () => {
    expect(flowSeries(flows, 'linear')).toEqual({
      starts: flows.map((f) => f.start),
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
    expect(clippedNote(flowSeries(flows, 'clip'), 'day')).toBe('1 day clipped at ±500');
    expect(clippedNote(flowSeries(flows, 'linear'), 'month')).toBeNull();
  });
});

describe('bucketReadout', () => {
  // 'local' is read in the process's zone: UTC here, so the same day as the UTC cases.
  const previousTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = previousTz;
  });

  const readout = (b: ChartBucket | undefined, over: Partial<Parameters<typeof bucketReadout>[0]> = {}) =>
    bucketReadout({
      start: start('2026-10-31'),
      bucket: b,
      grain: 'day',
      zone: 'utc',
      decimals: 18,
      valueName: 'net',
      unit: 'WETH',
      gapText: 'no legs',
      clipped: false,
      ...over,
    });

  it('shows an 18-decimal net flow exactly, digit for digit', () => {
    expect(readout(bucket('2026-10-31', '123456789012.123456789012345678'))).toBe(
      '2026-10-31 (UTC): net +123,456,789,012.123456789012345678 WETH',
    );
  });

  it('pads to the decimals, keeps the minus sign and says when the bar is clipped', () => {
    expect(readout(bucket('2026-10-30', '-0.000000000000000001'), { zone: 'local', clipped: true })).toBe(
      '2026-10-31 (local): net -0.000000000000000001 WETH (bar clipped)',
    );
    expect(readout(bucket('2026-10-30', '7.5'), { decimals: 10, unit: 'CC' })).toBe(
      '2026-10-31 (UTC): net +7.5000000000 CC',
    );
    expect(readout(bucket('2026-10-30', '0'), { decimals: 2, unit: 'USDx' })).toBe('2026-10-31 (UTC): net 0.00 USDx');
  });

  it('names a week by its Monday and a month by itself, and says when a bucket has nothing', () => {
    expect(readout(undefined, { start: start('2026-10-26'), grain: 'week' })).toBe('week of 2026-10-26 (UTC): no legs');
    expect(readout(bucket('2026-10-01', '-5'), { start: start('2026-10-01'), grain: 'month', decimals: 0 })).toBe(
      '2026-10 (UTC): net -5 WETH',
    );
  });
});
