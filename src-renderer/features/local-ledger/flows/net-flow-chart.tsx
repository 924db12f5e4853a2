// Net flow of one instrument per bucket as bars, drawn by uPlot (the approach of the transfers
// feature's flow-chart.tsx, copied in small: a feature never imports another). Bar heights are
// floats for plotting only; the exact figures are in the table beside the chart.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSettings } from '../../../data/settings.ts';
import { compactAmount } from './compact-amount.ts';

const HEIGHT = 200;
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", sans-serif';

function themeColor(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export interface NetFlowPoint {
  /** The bucket's start (ISO, UTC). */
  start: string;
  /** Exact decimal text. */
  net: string;
}

const dataOf = (points: readonly NetFlowPoint[]): uPlot.AlignedData => [
  points.map((p) => Date.parse(p.start) / 1000),
  points.map((p) => Number(p.net)),
];

export function NetFlowChart({ points, label, bucket }: { points: NetFlowPoint[]; label: string; bucket: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const data = useRef<uPlot.AlignedData>(dataOf(points));
  data.current = dataOf(points);
  const theme = useSettings().data?.settings.preferences?.theme ?? 'system';

  // Made again when the theme changes: the colours come from CSS variables.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fg = themeColor(element, '--fg', '#1b1e24');
    const grid = themeColor(element, '--border', '#d9dce1');
    const accent = themeColor(element, '--accent', '#2357d9');
    const axis = {
      stroke: fg,
      font: AXIS_FONT,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1, size: 10 },
    };
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true) },
        },
        axes: [axis, { ...axis, size: 70, values: (_u, splits) => splits.map((v) => compactAmount(v)) }],
        series: [
          {},
          {
            label: `${label} net flow`,
            stroke: accent,
            fill: accent,
            paths: uPlot.paths.bars?.({ size: [0.8, 24] }),
            points: { show: false },
          },
        ],
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
  }, [label, theme]);

  useEffect(() => {
    plotRef.current?.setData(dataOf(points));
  }, [points]);

  return (
    <div
      ref={ref}
      className="local-flow-chart"
      role="img"
      aria-label={`Net flow of ${label} per ${bucket} (UTC): ${points.length} ${bucket}s with transfers`}
      data-testid="net-flow-chart"
    />
  );
}
