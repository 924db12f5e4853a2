// The flow chart's plot (flow-chart.tsx draws the title, the scale choice and the readout around
// it): the uPlot canvas in a focusable element named for screen readers, made again for another
// grain, zone or theme and handed new points otherwise, and the keyboard's pointer on its bars.
// Its options and callbacks: flow-plot-options.ts.
// uPlot styles its elements through element.style (CSSOM), which the renderer's CSP
// (`style-src 'self'`) allows; its stylesheet is bundled as a file, not injected inline.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { useThemeKey } from '../chart/chart-theme.ts';
import { barSpan, type Grain, xRange } from '../chart/time-axis.ts';
import { type FlowPlotRefs, flowPlotOptions, plotData } from './flow-plot-options.ts';
import { HEIGHT } from './flow-plot-size.ts';
import type { FlowSeries } from './flow-scale.ts';

export function FlowPlot({
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
  const refs = usePlotRefs(series, grain, zone, onPoint);
  const themeKey = useThemeKey();

  // Made again for another grain, zone or theme (the colours are CSS variables read here); new
  // points are only handed to it (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const plot = new uPlot(flowPlotOptions(element, refs, label), plotData(refs.props.current.series), element);
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
    refs.view.current = null;
    plotRef.current?.setData(plotData(series));
  }, [series, refs.view]);

  return (
    <div
      ref={ref}
      className="flow-chart"
      role="img"
      aria-label={label}
      data-testid="flow-chart"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus so the keyboard can point at its bars (the readout above says the exact amount)
      tabIndex={0}
      onKeyDown={(e) => stepBar(e, plotRef.current, refs)}
    />
  );
}

/** The refs the plot's callbacks read: this render's series, grain and zone, and what they keep between calls. */
function usePlotRefs(
  series: FlowSeries,
  grain: Grain,
  zone: TimeZoneChoice,
  onPoint: (start: number | null) => void,
): FlowPlotRefs {
  const props = useRef({ series, grain, zone });
  props.current = { series, grain, zone };
  const spans = useRef<Array<[number, number]>>([]);
  spans.current = series.starts.map((s) => barSpan(s, grain, zone));
  const full = useRef<[number, number] | null>(null);
  full.current = xRange(series.starts, grain, zone);
  const view = useRef<[number, number] | null>(null);
  const labels = useRef(new Map<number, string>());
  const point = useRef(onPoint);
  point.current = onPoint;
  const pointed = useRef<number | null>(null);
  return { props, spans, full, view, labels, point, pointed };
}

/** The keyboard's pointer: ← → step from bar to bar (gaps skipped), Home and End go to the ends. */
function stepBar(e: React.KeyboardEvent, plot: uPlot | null, refs: FlowPlotRefs) {
  const { starts, bars, clippedBars } = refs.props.current.series;
  const at = refs.pointed.current;
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
    refs.view.current = null;
    const range = refs.full.current;
    if (range) plot.setScale('x', { min: range[0], max: range[1] });
  }
  const height = bars[next] ?? clippedBars[next] ?? 0;
  plot.setCursor({ left: plot.valToPos(starts[next], 'x'), top: plot.valToPos(height, 'y') });
}
