// What the flow chart plots and writes, apart from the time axis (time-axis.ts): the points summed
// exactly per bucket, compact y-axis labels (1.2M, 350k, -4.5k), the optional clipping of outlier
// buckets so that ordinary ones stay visible, and the exact value of the bucket under the pointer.
// Floats here are bar heights only; every figure written as text comes from the exact decimal
// (src-shared/decimal.ts).
import { addDecimal, type Decimal, decimalToString, formatAmount, parseDecimal } from '../../../src-shared/decimal.ts';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { bucketText, bucketWord, type Grain } from '../chart/time-axis.ts';

/** One point of a series: a bucket's start and its exact value. */
export interface FlowPoint {
  /** Start of the bucket, ms since the epoch (the screens' own bucket starts: UTC or local midnight). */
  start: number;
  /** Exact decimal text ("-1234.500"); text that is not a plain decimal is drawn as no bar and shown as it came. */
  value: string;
}

/** A bucket as the chart holds it: the exact value (summed if several points share the start) and the bar height. */
export interface ChartBucket {
  start: number;
  /** Exact decimal text. */
  value: string;
  /** Bar height: the nearest double, for drawing only; null when the value is not a decimal. */
  height: number | null;
}

/**
 * The points in time order, one per bucket start: points that share a start (an instrument sent
 * with two scales gets a row per scale) are added exactly. Missing buckets stay missing: a gap,
 * never interpolated.
 */
export function chartBuckets(points: readonly FlowPoint[]): ChartBucket[] {
  const byStart = new Map<number, { exact: Decimal | null; text: string }>();
  for (const p of points) {
    if (!Number.isFinite(p.start)) continue;
    const exact = parseDecimal(p.value);
    const seen = byStart.get(p.start);
    if (!seen) byStart.set(p.start, { exact, text: p.value });
    else if (seen.exact && exact) seen.exact = addDecimal(seen.exact, exact);
    else seen.exact = null;
  }
  return [...byStart]
    .sort(([a], [b]) => a - b)
    .map(([start, { exact, text }]) => {
      const value = exact ? decimalToString(exact) : text;
      const height = exact ? Number(value) : null;
      return { start, value, height: height !== null && Number.isFinite(height) ? height : null };
    });
}

/** Linear: every bar in full. Clip: bars far beyond the ordinary drawn at a limit. */
export type FlowScale = 'linear' | 'clip';

/** The clip limit is this many times the 95th percentile of the buckets' absolute values. */
export const CLIP_FACTOR = 5;
const CLIP_QUANTILE = 0.95;

/**
 * The height above which a bar is clipped, or null when no bucket is that far out. The reference
 * is the 95th percentile (lower rank, so one huge bucket among a few never sets it) of the nonzero
 * absolute values; buckets of zero say nothing about how tall ordinary bars are.
 */
export function clipLimit(values: ReadonlyArray<number | null>): number | null {
  const sizes = values
    .filter((v): v is number => v !== null)
    .map(Math.abs)
    .filter((v) => v > 0 && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (sizes.length < 2) return null;
  const limit = sizes[Math.floor(CLIP_QUANTILE * (sizes.length - 1))] * CLIP_FACTOR;
  return sizes[sizes.length - 1] > limit ? limit : null;
}

/** What uPlot draws: x, the bars drawn in full, the clipped bars at the limit. */
export interface FlowSeries {
  /** Bucket starts, ms. */
  starts: number[];
  /** Heights of the bars drawn in full (null where clipped, or not a decimal). */
  bars: (number | null)[];
  /** Heights of the clipped bars, at the limit with their sign (null elsewhere). */
  clippedBars: (number | null)[];
  clipped: number;
  limit: number | null;
}

export function flowSeries(buckets: readonly ChartBucket[], scale: FlowScale): FlowSeries {
  const starts = buckets.map((b) => b.start);
  const values = buckets.map((b) => b.height);
  const limit = scale === 'clip' ? clipLimit(values) : null;
  if (limit === null) return { starts, bars: values, clippedBars: values.map(() => null), clipped: 0, limit };
  const isClipped = (v: number | null) => v !== null && Math.abs(v) > limit;
  return {
    starts,
    bars: values.map((v) => (isClipped(v) ? null : v)),
    clippedBars: values.map((v) => (v !== null && isClipped(v) ? Math.sign(v) * limit : null)),
    clipped: values.filter(isClipped).length,
    limit,
  };
}

/** "3 days clipped at ±500k". */
export const clippedNote = (series: FlowSeries, grain: Grain) =>
  series.limit === null
    ? null
    : `${series.clipped} ${bucketWord(grain, series.clipped)} clipped at ±${compactAmount(series.limit)}`;

export const zoneName = (zone: TimeZoneChoice) => (zone === 'utc' ? 'UTC' : 'local');

/**
 * The line shown for the bucket under the pointer: its date, and its value exactly, padded to the
 * decimals and grouped like the tables ("2026-10-31 (UTC): net +1,234.5000000000 CC"). A bucket
 * with no point is a gap and says so.
 */
export function bucketReadout(options: {
  start: number;
  bucket: ChartBucket | undefined;
  grain: Grain;
  zone: TimeZoneChoice;
  decimals: number | null;
  valueName: string;
  unit: string;
  gapText: string;
  clipped: boolean;
}): string {
  const when = `${bucketText(options.start, options.grain, options.zone)} (${zoneName(options.zone)})`;
  if (!options.bucket) return `${when}: ${options.gapText}`;
  const amount = formatAmount(options.bucket.value, options.decimals);
  const positive = (parseDecimal(options.bucket.value)?.units ?? 0n) > 0n;
  const signed = positive ? `+${amount}` : amount;
  return `${when}: ${options.valueName} ${signed} ${options.unit}${options.clipped ? ' (bar clipped)' : ''}`;
}
