// The one chart of flows over time (the Transfers summary, the Local ledger's relationship view and
// Flows): a series of (bucket start, exact decimal value) points as bars, with a visible title, the
// exact value of the bucket under the pointer, compact y labels and the Linear / Clip outliers
// scale. The time axis (range and ticks) is computed in time-axis.ts, never by uPlot's autoscale.
// uPlot styles its elements through element.style (CSSOM), which the renderer's CSP
// (`style-src 'self'`) allows; its stylesheet is bundled as a file, not injected inline.
// docs/charts.md
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { axisTheme, themeColor, useThemeKey, yAxisSize } from '../chart/chart-theme.ts';
import { barSpan, bucketWord, dateText, type Grain, pointedBucket, timeTicks, xRange } from '../chart/time-axis.ts';
import {
  bucketReadout,
  type ChartBucket,
  chartBuckets,
  clippedNote,
  type FlowPoint,
  type FlowScale,
  type FlowSeries,
  flowSeries,
} from './flow-scale.ts';
import './flow-chart.css';

export interface FlowChartProps {
  /** One point per bucket start (points sharing a start are added exactly); missing buckets are gaps. */
  points: readonly FlowPoint[];
  grain: Grain;
  /** The zone the bucket starts are midnights of; the axis and the readout use it too. */
  zone: TimeZoneChoice;
  /** Shown above the chart and the start of its accessible name ("Net flow of CC (Amulet) per UTC day"). */
  title: string;
  /** Beside the title: what tells two series of the same name apart (the instrument's administrator). */
  detail?: ReactNode;
  /** The values' decimals: the readout pads to them (formatAmount), never rounds. */
  decimals: number | null;
  /** Written after the exact value in the readout ("CC"). */
  unit: string;
  /** The value's name in the readout: "net". */
  valueName?: string;
  /** The readout for a bucket with no point. */
  gapText?: string;
  /** Said instead of a chart when there is no point at all (never an empty axis). */
  emptyText?: string;
  /** A line under the chart, after the common one. */
  note?: ReactNode;
}

/**
 * A chart of one series of buckets. Its scale choice (Clip outliers by default: one huge bucket
 * would otherwise flatten every other bar) and the pointed bucket are its own state.
 */
export function FlowChart({
  points,
  grain,
  zone,
  title,
  detail,
  decimals,
  unit,
  valueName = 'net',
  gapText = 'nothing',
  emptyText,
  note,
}: FlowChartProps) {
  const buckets = useMemo(() => chartBuckets(points), [points]);
  const [scale, setScale] = useState<FlowScale>('clip');
  const series = useMemo(() => flowSeries(buckets, scale), [buckets, scale]);
  const [pointed, setPointed] = useState<number | null>(null);
  const radioName = useId();
  const byStart = useMemo(() => new Map(buckets.map((b, i) => [b.start, i])), [buckets]);
  const clipped = clippedNote(series, grain);

  let readout = 'Point at a bar for its exact amount.';
  if (pointed !== null) {
    const index = byStart.get(pointed);
    readout = bucketReadout({
      start: pointed,
      bucket: index === undefined ? undefined : buckets[index],
      grain,
      zone,
      decimals,
      valueName,
      unit,
      gapText,
      clipped: index !== undefined && series.clippedBars[index] !== null,
    });
  }

  return (
    <div className="flow-chart-block">
      <h4 className="flow-chart-title">
        {title}
        {detail && <span className="flow-chart-detail muted"> · {detail}</span>}
      </h4>
      {buckets.length === 0 ? (
        <p className="muted flow-chart-empty">{emptyText ?? `No ${grain} has a value to draw.`}</p>
      ) : (
        <>
          <fieldset className="flow-scale">
            <legend>Scale</legend>
            <label>
              <input type="radio" name={radioName} checked={scale === 'linear'} onChange={() => setScale('linear')} />
              Linear
            </label>
            <label>
              <input type="radio" name={radioName} checked={scale === 'clip'} onChange={() => setScale('clip')} />
              Clip outliers
            </label>
            {clipped && <span className="flow-clipped-note">{clipped}</span>}
          </fieldset>
          <p className="flow-readout mono" aria-live="polite">
            {readout}
          </p>
          <Plot
            series={series}
            grain={grain}
            zone={zone}
            label={`${title}: ${describe(buckets, grain, zone)}`}
            onPoint={setPointed}
          />
          <p className="muted flow-chart-note">
            {note}
            {note ? ' ' : ''}Bar heights are rounded for drawing; the amount under the pointer is exact. Drag across the
            bars to zoom in, double-click to see them all; on the focused chart, ← → step from bar to bar.
          </p>
        </>
      )}
    </div>
  );
}

/** "2 days from 2026-10-30 to 2026-10-31": the accessible name's account of the data. */
function describe(buckets: readonly ChartBucket[], grain: Grain, zone: TimeZoneChoice): string {
  const n = `${buckets.length.toLocaleString('en-US')} ${bucketWord(grain, buckets.length)}`;
  const first = dateText(buckets[0].start, zone);
  const last = dateText(buckets[buckets.length - 1].start, zone);
  return buckets.length === 1 ? `${n}, ${first}` : `${n} from ${first} to ${last}`;
}

const HEIGHT = 220;
/** Two lines of labels (day over year), the ticks and the gap. */
const X_AXIS_SIZE = 52;
/** A bar is at most this wide (CSS px), so one day on a wide chart is a bar, not a wall. */
const MAX_BAR_PX = 32;
/** A bar this close to the pointer (CSS px) is the one pointed at, however thin it is drawn. */
const SNAP_PX = 4;
/** The narrowest zoom: below an hour a daily chart says nothing more. */
const MIN_ZOOM_MS = 3_600_000;

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

const iso = (ms: number) => new Date(ms).toISOString();
const plotData = (s: FlowSeries): uPlot.AlignedData => [s.starts, s.bars, s.clippedBars];

function Plot({
  series,
  grain,
  zone,
  label,
  onPoint,
}: {
  series: FlowSeries;
  grain: Grain;
  zone: TimeZoneChoice;
  label: string;
  /** The start of the bucket nearest the pointer, or null when the pointer leaves the plot. */
  onPoint: (start: number | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const current = useRef({ series, grain, zone });
  current.current = { series, grain, zone };
  const spans = useRef<Array<[number, number]>>([]);
  spans.current = series.starts.map((s) => barSpan(s, grain, zone));
  const full = useRef<[number, number] | null>(null);
  full.current = xRange(series.starts, grain, zone);
  /** The zoomed range, or null for the whole series. */
  const view = useRef<[number, number] | null>(null);
  const labels = useRef(new Map<number, string>());
  const point = useRef(onPoint);
  point.current = onPoint;
  /** The bucket last pointed at, by mouse or keyboard. */
  const pointed = useRef<number | null>(null);
  const themeKey = useThemeKey();

  // Made again for another grain, zone or theme (the colours are CSS variables read here); new
  // points are only handed to it (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { axis } = axisTheme(element);
    const accent = themeColor(element, '--accent', '#2357d9');
    const clippedColour = themeColor(element, '--warning-fg', '#5c4300');
    const bars = bucketBars(spans);
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: {
          points: { show: false },
          // A drag selects a range; the setSelect hook zooms to it (the range function decides the scale).
          drag: { x: true, y: false, setScale: false },
          bind: {
            dblclick: (_u, _target, handler) => (e) => {
              view.current = null;
              return handler(e);
            },
          },
        },
        scales: {
          // Never uPlot's autoscale: one bucket either side of the data, or the zoom.
          x: { time: false, range: (_u, min, max) => view.current ?? full.current ?? [min, max] },
          // Bars grow from zero, so zero is always on the scale.
          y: {
            range: (_u, min, max) => {
              const low = Math.min(0, min ?? 0);
              const high = Math.max(0, max ?? 0);
              return low === high ? [-1, 1] : uPlot.rangeNum(low, high, 0.1, true);
            },
          },
        },
        axes: [
          {
            ...axis,
            size: X_AXIS_SIZE,
            // One "increment" as wide as the plot, so uPlot hands the splits function the plot's width.
            space: 1,
            incrs: (_u, _axisIdx, min, max) => [max - min],
            splits: (_u, _axisIdx, min, max, _incr, widthPx) => {
              const { grain: g, zone: z } = current.current;
              const ticks = timeTicks(min, max, g, z, widthPx);
              labels.current = new Map(ticks.ticks.map((t, i) => [t, ticks.labels[i]]));
              return ticks.ticks;
            },
            values: (_u, splits) => splits.map((s) => labels.current.get(s) ?? ''),
          },
          {
            ...axis,
            size: yAxisSize,
            values: (_u, splits, _axisIdx, _space, incr) => splits.map((v) => compactAmount(v, incr)),
          },
        ],
        series: [
          {},
          { label, stroke: accent, fill: accent, width: 0, paths: bars, points: { show: false } },
          { label: `${label} (clipped)`, stroke: clippedColour, fill: clippedColour, width: 0, paths: bars },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const left = u.cursor.left;
              const { grain: g, zone: z, series: s } = current.current;
              const x = left == null || left < 0 ? Number.NaN : u.posToVal(left, 'x');
              pointed.current =
                left == null || !Number.isFinite(x)
                  ? null
                  : pointedBucket(x, s.starts, g, z, Math.abs(u.posToVal(left + SNAP_PX, 'x') - x));
              point.current(pointed.current);
            },
          ],
          setSelect: [
            (u) => {
              const { left, width } = u.select;
              if (width < 2) return;
              const min = u.posToVal(left, 'x');
              const max = Math.max(u.posToVal(left + width, 'x'), min + MIN_ZOOM_MS);
              view.current = [min, max];
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
              element.dataset.ticks = [...labels.current.keys()].map(iso).join(' ');
            },
          ],
        },
      },
      plotData(current.current.series),
      element,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [grain, zone, themeKey]);

  useEffect(() => {
    view.current = null;
    plotRef.current?.setData(plotData(series));
  }, [series]);

  // The keyboard's pointer: ← → step from bar to bar (gaps skipped), Home and End go to the ends.
  const step = (e: React.KeyboardEvent) => {
    const plot = plotRef.current;
    const { starts, bars, clippedBars } = current.current.series;
    const at = pointed.current;
    let next = -1;
    if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = starts.length - 1;
    else if (e.key === 'ArrowRight') next = at === null ? 0 : starts.findIndex((s) => s > at);
    else if (e.key === 'ArrowLeft') next = at === null ? starts.length - 1 : starts.findLastIndex((s) => s < at);
    else return;
    e.preventDefault();
    if (!plot || next < 0 || next >= starts.length) return;
    const { min, max } = plot.scales.x;
    if (min == null || max == null || starts[next] < min || starts[next] > max) {
      view.current = null;
      const range = full.current;
      if (range) plot.setScale('x', { min: range[0], max: range[1] });
    }
    const height = bars[next] ?? clippedBars[next] ?? 0;
    plot.setCursor({ left: plot.valToPos(starts[next], 'x'), top: plot.valToPos(height, 'y') });
  };

  return (
    <div
      ref={ref}
      className="flow-chart"
      role="img"
      aria-label={label}
      data-testid="flow-chart"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus so the keyboard can point at its bars (the readout above says the exact amount)
      tabIndex={0}
      onKeyDown={step}
    />
  );
}
