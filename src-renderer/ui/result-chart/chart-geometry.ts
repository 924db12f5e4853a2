// Where a result chart's marks go, as pixels from the two scales: one geometry for the canvas
// (uPlot's path builders call it with uPlot's own valToPos) and for the SVG export (chart-svg.ts),
// so both draw the same bars, lines and axes. Pure.
import type { ChartKind } from '../../../src-shared/notebook/query-file.ts';
import { niceTicks, type ValueTicks } from '../chart/nice-ticks.ts';
import { MIN_TICK_SPACING_PX, timeTicks } from '../chart/time-axis.ts';
import { type ChartModel, yExtent } from './chart-model.ts';

const DAY_MS = 86_400_000;
/** A bar (or a stack) is at most this wide, CSS px. */
export const MAX_BAR_PX = 48;

/** The distance between neighbouring x positions: 1 for categories, the smallest gap for times. */
export function slotOf(model: ChartModel): number {
  if (model.xType === 'category') return 1;
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < model.xs.length; i++) gap = Math.min(gap, model.xs[i] - model.xs[i - 1]);
  return Number.isFinite(gap) && gap > 0 ? gap : DAY_MS;
}

/** The x range: half a slot beyond the first and the last x (more for times, so edge bars are whole). */
export function xRangeOf(model: ChartModel): [number, number] {
  const slot = slotOf(model);
  if (model.xs.length === 0) return [0, 1];
  const pad = model.xType === 'category' ? 0.5 : slot * 0.6;
  return [model.xs[0] - pad, model.xs[model.xs.length - 1] + pad];
}

export const yTicksOf = (model: ChartModel): ValueTicks => {
  const [low, high] = yExtent(model);
  return niceTicks(low, high);
};

/** Ticks on x and their labels for a plot `widthPx` wide: calendar ticks for times, every k-th category. */
export function xTicksOf(
  model: ChartModel,
  range: [number, number],
  widthPx: number,
): { ticks: number[]; labels: string[] } {
  if (model.xType === 'time') {
    const t = timeTicks(range[0], range[1], 'day', 'utc', widthPx);
    if (t.ticks.length > 0) return { ticks: t.ticks, labels: t.labels };
    // Under a day: the x values themselves, thinned to fit.
    const every = Math.max(1, Math.ceil((model.xs.length * 150) / Math.max(1, widthPx)));
    const picked = model.xs.map((_, i) => i).filter((i) => i % every === 0);
    return { ticks: picked.map((i) => model.xs[i]), labels: picked.map((i) => model.xText[i].replace('T', '\n')) };
  }
  const longest = model.xText.reduce((w, t) => Math.max(w, Math.min(t.length, 24)), 1);
  const room = Math.max(MIN_TICK_SPACING_PX / 2, longest * 7 + 12);
  const every = Math.max(1, Math.ceil((model.xs.length * room) / Math.max(1, widthPx)));
  const picked = model.xs.filter((_, i) => i % every === 0);
  return { ticks: picked, labels: picked.map((i) => shorten(model.xText[i], 24)) };
}

/** Text at most `most` characters, with an ellipsis when cut. */
export const shorten = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

export interface Rect {
  series: number;
  x: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The bars of a bar or stacked chart: per x a group 80% of the slot wide (at most MAX_BAR_PX per
 * bar), split among the series side by side (bar) or one stack (stacked). `toX`, `toY` give pixels.
 */
export function barRects(
  model: ChartModel,
  kind: ChartKind,
  toX: (x: number) => number,
  toY: (y: number) => number,
  pixelRatio = 1,
): Rect[] {
  const rects: Rect[] = [];
  const count = model.series.length;
  const slotPx = Math.abs(toX(slotOf(model)) - toX(0));
  const perBar = kind === 'stacked' ? 1 : count;
  const group = Math.max(1, Math.min(slotPx * 0.8, MAX_BAR_PX * pixelRatio * perBar));
  const each = group / perBar;
  const zero = toY(0);
  model.xs.forEach((x, xi) => {
    const middle = toX(x);
    model.series.forEach((s, si) => {
      let from: number | null;
      let to: number | null;
      if (kind === 'stacked' && model.stack) {
        from = model.stack.bottoms[si][xi];
        to = model.stack.tops[si][xi];
      } else {
        from = 0;
        to = s.heights[xi];
      }
      if (from === null || to === null) return;
      const a = from === 0 ? zero : toY(from);
      const b = toY(to);
      const left = kind === 'stacked' ? middle - group / 2 : middle - group / 2 + si * each;
      // Whole pixels: crisp edges, and a rasterizer fills thousands of them without anti-aliasing.
      const x0 = Math.round(left);
      const y0 = Math.round(Math.min(a, b));
      rects.push({
        series: si,
        x: xi,
        left: x0,
        top: y0,
        width: Math.max(1, Math.round(left + each - (perBar > 1 ? 1 : 0)) - x0),
        height: Math.max(1, Math.round(Math.max(a, b)) - y0),
      });
    });
  });
  return rects;
}

/** A line's runs of points: a missing value breaks the line (never interpolated). */
export function lineRuns(
  model: ChartModel,
  seriesIndex: number,
  toX: (x: number) => number,
  toY: (y: number) => number,
): Array<Array<[number, number]>> {
  const runs: Array<Array<[number, number]>> = [];
  let run: Array<[number, number]> = [];
  model.series[seriesIndex].heights.forEach((h, i) => {
    if (h === null) {
      if (run.length) runs.push(run);
      run = [];
      return;
    }
    run.push([toX(model.xs[i]), toY(h)]);
  });
  if (run.length) runs.push(run);
  return runs;
}

/** The x index nearest `x` (xs ascending), or -1 when there is none. */
export function nearestX(model: ChartModel, x: number): number {
  const xs = model.xs;
  if (xs.length === 0 || !Number.isFinite(x)) return -1;
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (xs[middle] <= x) low = middle;
    else high = middle;
  }
  return Math.abs(xs[low] - x) <= Math.abs(xs[high] - x) ? low : high;
}

/**
 * The series the pointer names at x index `xi`: the bar under it (bar: by where in the group it is;
 * stacked: the segment holding its y), or the line nearest its y.
 */
export function pointedSeries(
  model: ChartModel,
  kind: ChartKind,
  xi: number,
  pointerX: number,
  pointerY: number,
): number {
  const count = model.series.length;
  if (count <= 1) return 0;
  if (kind === 'bar') {
    const slot = slotOf(model);
    const offset = (pointerX - model.xs[xi]) / (slot * 0.8) + 0.5;
    return Math.min(count - 1, Math.max(0, Math.floor(offset * count)));
  }
  if (kind === 'stacked' && model.stack) {
    const stack = model.stack;
    for (let s = 0; s < count; s++) {
      const a = stack.bottoms[s][xi];
      const b = stack.tops[s][xi];
      if (a !== null && b !== null && pointerY >= Math.min(a, b) && pointerY <= Math.max(a, b)) return s;
    }
  }
  let best = 0;
  let distance = Number.POSITIVE_INFINITY;
  model.series.forEach((s, si) => {
    const h = kind === 'stacked' && model.stack ? model.stack.tops[si][xi] : s.heights[xi];
    if (h === null) return;
    const d = Math.abs(h - pointerY);
    if (d < distance) {
      distance = d;
      best = si;
    }
  });
  return best;
}

/** Twelve colours, told apart in light and dark themes; the same on the canvas and in the SVG. */
export const PALETTE = [
  '#2f6fdb',
  '#e07b00',
  '#1a9e5f',
  '#d64545',
  '#8a5cd6',
  '#8c6a3f',
  '#d45fae',
  '#6f7782',
  '#a8a800',
  '#0fa3b8',
  '#5a3fb0',
  '#b85c00',
];
export const colourOf = (seriesIndex: number) => PALETTE[seriesIndex % PALETTE.length];
