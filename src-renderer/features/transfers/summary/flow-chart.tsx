// Daily net flow of one instrument as bars, drawn by uPlot on a canvas. uPlot styles its elements
// through element.style (CSSOM), which the renderer's CSP (`style-src 'self'`) allows; its
// stylesheet is bundled as a file, not injected inline.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimeZoneChoice } from '../table/leg-format.ts';

const HEIGHT = 220;

function themeColor(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export function FlowChart({
  days,
  values,
  label,
  zone,
  theme,
}: {
  /** Day starts, seconds since the epoch (uPlot's time unit). */
  days: number[];
  values: number[];
  label: string;
  zone: TimeZoneChoice;
  /** Re-created when the theme changes, to pick up the new colours. */
  theme: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const data = useRef<uPlot.AlignedData>([days, values]);
  data.current = [days, values];

  // Created once per instrument, zone and theme; Load all then only hands it new data (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fg = themeColor(element, '--fg', '#1b1e24');
    const grid = themeColor(element, '--border', '#d9dce1');
    const accent = themeColor(element, '--accent', '#2357d9');
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height: HEIGHT,
        tzDate: zone === 'utc' ? (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') : undefined,
        legend: { show: false },
        cursor: { drag: { x: true, y: false } },
        scales: { x: { time: true } },
        axes: [axis, { ...axis, size: 80 }],
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
  }, [label, zone, theme]);

  useEffect(() => {
    plotRef.current?.setData([days, values]);
  }, [days, values]);

  return (
    <div
      ref={ref}
      className="flow-chart"
      role="img"
      aria-label={`Daily net flow of ${label}: ${days.length} days with transfers`}
      data-testid="flow-chart"
    />
  );
}
