// What the daily net-flow chart plots and writes: compact axis labels (1.2M, 350k, -4.5k), the
// optional clipping of outlier days so that ordinary days stay visible, and the exact amount of
// the day under the cursor. Floats here are plotting positions only; the exact figure is always
// formatted from the bigint decimal (src-shared/decimal.ts).
import { type Decimal, decimalToString, formatAmount } from '../../../../src-shared/decimal.ts';
import type { TimeZoneChoice } from '../table/leg-format.ts';
import type { DailyFlow } from './transfer-summary.ts';
import { plotValue } from './transfer-summary.ts';

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
  [1, ''],
];
const MAX_DECIMALS = 12;

/** Fewest decimals (up to 12) that write `x` without rounding it, e.g. 0.25 -> 2. */
function decimalsOf(x: number): number {
  for (let d = 0; d < MAX_DECIMALS; d++) {
    const scaled = x * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))) return d;
  }
  return MAX_DECIMALS;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * A short label for an axis tick: k, M, B, T, and an exponent beyond that. With `step` (the
 * distance between ticks) every tick gets the digits that tell it from its neighbours (1.25M
 * next to 1.5M); without it, three significant digits.
 */
export function compactAmount(value: number, step?: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e15) {
    const exponential = value.toExponential(2).replace(/\.?0+e/, 'e');
    return exponential.replace('e+', 'e');
  }
  let unitIndex = UNITS.findIndex(([size]) => abs >= size);
  if (unitIndex === -1) unitIndex = UNITS.length - 1;
  for (;;) {
    const [size, suffix] = UNITS[unitIndex];
    const scaled = value / size;
    const decimals =
      step && step > 0
        ? decimalsOf(step / size)
        : Math.min(MAX_DECIMALS, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(scaled)))));
    const text = trimZeros(scaled.toFixed(decimals));
    // 999,999 at three digits is 1000k: say 1M instead.
    if (Math.abs(Number(text)) >= 1000 && unitIndex > 0) {
      unitIndex--;
      continue;
    }
    return `${text}${suffix}`;
  }
}

/**
 * Width in CSS px a y axis needs so that its widest label is never cut: the label, the tick
 * and the gap, rounded up. `measure` gives a label's width in the axis font.
 */
export function axisWidth(labels: readonly string[], measure: (text: string) => number, ticksAndGap: number): number {
  const widest = labels.reduce((w, label) => Math.max(w, measure(label)), 0);
  return Math.ceil(widest + ticksAndGap + 4);
}

export type FlowScale = 'linear' | 'clip';

/** The clip limit is this many times the 95th percentile of the days' absolute net flow. */
export const CLIP_FACTOR = 5;
const CLIP_QUANTILE = 0.95;

/**
 * The height above which a bar is clipped, or null when no day is that far out. The reference is
 * the 95th percentile (lower rank, so one huge day among a few never sets it) of the days' nonzero
 * absolute net flow; days of zero net say nothing about how tall ordinary bars are.
 */
export function clipLimit(values: readonly number[]): number | null {
  const sizes = values
    .map(Math.abs)
    .filter((v) => v > 0 && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (sizes.length < 2) return null;
  const limit = sizes[Math.floor(CLIP_QUANTILE * (sizes.length - 1))] * CLIP_FACTOR;
  return sizes[sizes.length - 1] > limit ? limit : null;
}

export interface FlowSeries {
  /** Day starts, seconds since the epoch (uPlot's time unit). */
  days: number[];
  /** Bar heights of the days drawn in full (null where the day is clipped). */
  bars: (number | null)[];
  /** Bar heights of the clipped days, at the limit with their sign (null elsewhere). */
  clippedBars: (number | null)[];
  clipped: number;
  limit: number | null;
}

export function flowSeries(flows: readonly DailyFlow[], scale: FlowScale): FlowSeries {
  const days = flows.map((d) => d.start / 1000);
  const values = flows.map((d) => plotValue(d.net));
  const limit = scale === 'clip' ? clipLimit(values) : null;
  if (limit === null) return { days, bars: values, clippedBars: values.map(() => null), clipped: 0, limit };
  const isClipped = (v: number) => Math.abs(v) > limit;
  return {
    days,
    bars: values.map((v) => (isClipped(v) ? null : v)),
    clippedBars: values.map((v) => (isClipped(v) ? Math.sign(v) * limit : null)),
    clipped: values.filter(isClipped).length,
    limit,
  };
}

/**
 * The line shown for the day under the cursor: its date, and its net flow exactly, from the
 * bigint sum, padded to the instrument's decimals and grouped like the totals table.
 */
export function dayReadout(
  flow: { day: string; net: Decimal },
  decimals: number | null,
  label: string,
  zone: TimeZoneChoice,
  clipped: boolean,
): string {
  const amount = formatAmount(decimalToString(flow.net), decimals);
  const signed = flow.net.units > 0n ? `+${amount}` : amount;
  return `${flow.day} (${zone === 'utc' ? 'UTC' : 'local'}): net ${signed} ${label}${clipped ? ' (bar clipped)' : ''}`;
}
