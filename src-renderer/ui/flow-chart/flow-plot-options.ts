// The flow chart's uPlot options (the plot itself: flow-plot.tsx): bars over each bucket's span,
// an x scale that is never uPlot's autoscale (one bucket either side of the data, or the zoom), a
// y scale with zero always on it, the time ticks of time-axis.ts, the bucket under the pointer and
// the drag that zooms. The callbacks read the plot's refs when they run, so new points and a zoom
// reach a plot that is made once per grain, zone and theme.
import uPlot from 'uplot';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { axisTheme, themeColor, yAxisSize } from '../chart/chart-theme.ts';
import { type Grain, pointedBucket, timeTicks } from '../chart/time-axis.ts';
import { HEIGHT } from './flow-plot-size.ts';
import type { FlowSeries } from './flow-scale.ts';

/** Two lines of labels (day over year), the ticks and the gap. */
const X_AXIS_SIZE = 52;
/** A bar is at most this wide (CSS px), so one day on a wide chart is a bar, not a wall. */
const MAX_BAR_PX = 32;
/** A bar this close to the pointer (CSS px) is the one pointed at, however thin it is drawn. */
const SNAP_PX = 4;
/** The narrowest zoom: below an hour a daily chart says nothing more. */
const MIN_ZOOM_MS = 3_600_000;

/** What the plot's callbacks read when they run: the plot component's refs. */
export interface FlowPlotRefs {
  /** The last render's series, grain and zone. */
  props: { current: { series: FlowSeries; grain: Grain; zone: TimeZoneChoice } };
  /** Each bucket's span on x (barSpan). */
  spans: { current: Array<[number, number]> };
  /** The whole series' x range (xRange). */
  full: { current: [number, number] | null };
  /** The zoomed range, or null for the whole series. */
  view: { current: [number, number] | null };
  /** The x axis's tick labels by tick, as the last splits call made them. */
  labels: { current: Map<number, string> };
  point: { current: (start: number | null) => void };
  /** The bucket last pointed at, by mouse or keyboard. */
  pointed: { current: number | null };
}

const iso = (ms: number) => new Date(ms).toISOString();
export const plotData = (s: FlowSeries): uPlot.AlignedData => [s.starts, s.bars, s.clippedBars];

/** The options of a plot drawn into `element`, its colours read from the theme's CSS variables there. */
export function flowPlotOptions(element: HTMLElement, refs: FlowPlotRefs, label: string): uPlot.Options {
  const { axis } = axisTheme(element);
  const accent = themeColor(element, '--accent', '#2357d9');
  const clippedColour = themeColor(element, '--warning-fg', '#5c4300');
  const bars = bucketBars(refs.spans);
  return {
    width: Math.max(200, element.clientWidth),
    height: HEIGHT,
    legend: { show: false },
    cursor: {
      points: { show: false },
      // A drag selects a range; the setSelect hook zooms to it (the range function decides the scale).
      drag: { x: true, y: false, setScale: false },
      bind: {
        dblclick: (_u, _target, handler) => (e) => {
          refs.view.current = null;
          return handler(e);
        },
      },
    },
    scales: {
      // Never uPlot's autoscale: one bucket either side of the data, or the zoom.
      x: { time: false, range: (_u, min, max) => refs.view.current ?? refs.full.current ?? [min, max] },
      // Bars grow from zero, so zero is always on the scale.
      y: {
        range: (_u, min, max) => {
          const low = Math.min(0, min ?? 0);
          const high = Math.max(0, max ?? 0);
          return low === high ? [-1, 1] : uPlot.rangeNum(low, high, 0.1, true);
        },
      },
    },
    axes: flowAxes(axis, refs),
    series: [
      {},
      { label, stroke: accent, fill: accent, width: 0, paths: bars, points: { show: false } },
      { label: `${label} (clipped)`, stroke: clippedColour, fill: clippedColour, width: 0, paths: bars },
    ],
    hooks: flowHooks(element, refs),
  };
}

/** Bars zero to height over each bucket's span (barSpan), in canvas pixels; gaps stay empty. */
function bucketBars(spans: { current: Array<[number, number]> }): uPlot.Series.PathBuilder {
  return (u, seriesIdx) => {
    const path = new Path2D();
    const heights = u.data[seriesIdx];
    const zero = u.valToPos(0, 'y', true);
    const widest = MAX_BAR_PX * (globalThis.devicePixelRatio || 1);
    heights.forEach((height, i) => {
      const span = spans.current[i];
      if (height == null || !span) return;
      let left = u.valToPos(span[0], 'x', true);
      let right = u.valToPos(span[1], 'x', true);
      if (right - left > widest) {
        const middle = (left + right) / 2;
        left = middle - widest / 2;
        right = middle + widest / 2;
      }
      const top = u.valToPos(height, 'y', true);
      path.rect(left, Math.min(top, zero), Math.max(1, right - left), Math.max(1, Math.abs(zero - top)));
    });
    return { stroke: path, fill: path, clip: null, flags: 0 };
  };
}

function flowAxes(axis: ReturnType<typeof axisTheme>['axis'], refs: FlowPlotRefs): uPlot.Axis[] {
  return [
    {
      ...axis,
      size: X_AXIS_SIZE,
      // One "increment" as wide as the plot, so uPlot hands the splits function the plot's width.
      space: 1,
      incrs: (_u, _axisIdx, min, max) => [max - min],
      splits: (_u, _axisIdx, min, max, _incr, widthPx) => {
        const { grain: g, zone: z } = refs.props.current;
        const ticks = timeTicks(min, max, g, z, widthPx);
        refs.labels.current = new Map(ticks.ticks.map((t, i) => [t, ticks.labels[i]]));
        return ticks.ticks;
      },
      values: (_u, splits) => splits.map((s) => refs.labels.current.get(s) ?? ''),
    },
    {
      ...axis,
      size: yAxisSize,
      values: (_u, splits, _axisIdx, _space, incr) => splits.map((v) => compactAmount(v, incr)),
    },
  ];
}

function flowHooks(element: HTMLElement, refs: FlowPlotRefs): uPlot.Hooks.Arrays {
  return {
    setCursor: [
      (u) => {
        const left = u.cursor.left;
        const { grain: g, zone: z, series: s } = refs.props.current;
        const x = left == null || left < 0 ? Number.NaN : u.posToVal(left, 'x');
        refs.pointed.current =
          left == null || !Number.isFinite(x)
            ? null
            : pointedBucket(x, s.starts, g, z, Math.abs(u.posToVal(left + SNAP_PX, 'x') - x));
        refs.point.current(refs.pointed.current);
      },
    ],
    setSelect: [
      (u) => {
        const { left, width } = u.select;
        if (width < 2) return;
        const min = u.posToVal(left, 'x');
        const max = Math.max(u.posToVal(left + width, 'x'), min + MIN_ZOOM_MS);
        refs.view.current = [min, max];
        u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        u.setScale('x', { min, max });
      },
    ],
    // What the axis shows, for tests and tools that cannot read a canvas.
    draw: [
      (u) => {
        const { min, max } = u.scales.x;
        if (min == null || max == null) return;
        element.dataset.xFrom = iso(min);
        element.dataset.xTo = iso(max);
        element.dataset.ticks = [...refs.labels.current.keys()].map(iso).join(' ');
      },
    ],
  };
}
