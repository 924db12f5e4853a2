// Daily net flow of one instrument as bars, drawn by uPlot on a canvas. uPlot styles its elements
// through element.style (CSSOM), which the renderer's CSP (`style-src 'self'`) allows; its
// stylesheet is bundled as a file, not injected inline.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimeZoneChoice } from '../table/leg-format.ts';
import { axisWidth, compactAmount, type FlowSeries } from './flow-scale.ts';

const HEIGHT = 220;
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';
const TICK_SIZE = 10;
const AXIS_GAP = 5;

function themeColor(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** The y axis as wide as its widest label, so that "-1.25B" is never cut to "25B". */
function yAxisSize(self: uPlot, values: string[] | undefined, axisIdx: number, cycleNum: number): number {
  const axis = self.axes[axisIdx] as uPlot.Axis & { _size?: number };
  // uPlot calls this again after the labels change; settle after two rounds.
  if (cycleNum > 1 && axis._size) return axis._size;
  const ctx = self.ctx;
  const font = ctx.font;
  ctx.font = AXIS_FONT;
  const size = axisWidth(values ?? [], (text) => ctx.measureText(text).width, TICK_SIZE + AXIS_GAP);
  ctx.font = font;
  return Math.max(40, size);
}

const barData = (series: FlowSeries): uPlot.AlignedData => [series.days, series.bars, series.clippedBars];

export function FlowChart({
  series,
  label,
  zone,
  theme,
  onHover,
}: {
  series: FlowSeries;
  label: string;
  zone: TimeZoneChoice;
  /** Re-created when the theme changes, to pick up the new colours. */
  theme: string;
  /** The index of the day under the cursor, or null when the cursor leaves the bars. */
  onHover?: (index: number | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const data = useRef<uPlot.AlignedData>(barData(series));
  data.current = barData(series);
  const hover = useRef(onHover);
  hover.current = onHover;

  // Created once per instrument, zone and theme; Load all then only hands it new data (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fg = themeColor(element, '--fg', '#1b1e24');
    const grid = themeColor(element, '--border', '#d9dce1');
    const accent = themeColor(element, '--accent', '#2357d9');
    const clipped = themeColor(element, '--warning-fg', '#5c4300');
    const axis = {
      stroke: fg,
      font: AXIS_FONT,
      gap: AXIS_GAP,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1, size: TICK_SIZE },
    };
    const bars = uPlot.paths.bars?.({ size: [0.8, 24] });
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        tzDate: zone === 'utc' ? (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') : undefined,
        legend: { show: false },
        cursor: { drag: { x: true, y: false } },
        // Bars grow from zero, so zero is always on the scale.
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true) },
        },
        axes: [
          axis,
          {
            ...axis,
            size: yAxisSize,
            values: (_u, splits, _axisIdx, _space, incr) => splits.map((v) => compactAmount(v, incr)),
          },
        ],
        series: [
          {},
          { label: `${label} net flow`, stroke: accent, fill: accent, paths: bars, points: { show: false } },
          { label: `${label} net flow, clipped`, stroke: clipped, fill: clipped, paths: bars, points: { show: false } },
        ],
        hooks: { setCursor: [(u) => hover.current?.(u.cursor.idx ?? null)] },
      },
      data.current,
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
  }, [label, zone, theme]);

  useEffect(() => {
    plotRef.current?.setData(barData(series));
  }, [series]);

  return (
    <div
      ref={ref}
      className="flow-chart"
      role="img"
      aria-label={`Daily net flow of ${label}: ${series.days.length} days with transfers`}
      data-testid="flow-chart"
    />
  );
}
