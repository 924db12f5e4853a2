// A result chart's plot (result-chart.tsx draws the pickers, the readout and the notes around it):
// the uPlot canvas in a focusable element named for screen readers, made again for another model,
// kind or theme, and the keyboard's pointer on its marks. Its options: result-plot-options.ts.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartKind } from '../../../src-shared/notebook/query-file.ts';
import { useThemeKey } from '../chart/chart-theme.ts';
import type { ChartModel } from './chart-model.ts';
import { HEIGHT, type PointedMark, resultPlotOptions } from './result-plot-options.ts';

export function ResultPlot({
  model,
  kind,
  label,
  onPoint,
  plotRef,
  onKeyDown,
}: {
  model: ChartModel;
  kind: ChartKind;
  label: string;
  onPoint: (p: PointedMark | null) => void;
  plotRef: { current: uPlot | null };
  onKeyDown: (e: React.KeyboardEvent) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const point = useRef(onPoint);
  point.current = onPoint;
  const themeKey = useThemeKey();

  // Made again for another model, kind or theme: a result is charted once per run or pick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change alters the CSS variables read inside
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const plot = new uPlot(
      resultPlotOptions(element, model, kind, point),
      [model.xs, ...model.series.map((s) => s.heights)] as uPlot.AlignedData,
      element,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [model, kind, themeKey]);

  return (
    <div
      ref={ref}
      className="result-chart"
      role="img"
      aria-label={`${label}: ${describe(model)}`}
      data-testid="result-chart"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart takes focus so the keyboard can point at its marks (the readout above says the exact value)
      tabIndex={0}
      onKeyDown={onKeyDown}
    />
  );
}

/**
 * The keyboard's pointer: ← → step along x, ↑ ↓ from series to series, Home and End go to the ends;
 * undefined for any other key.
 */
export function stepPointer(
  key: string,
  at: PointedMark | null,
  xCount: number,
  seriesCount: number,
): PointedMark | undefined {
  const x = at?.x ?? -1;
  const series = at?.series ?? 0;
  const clamp = (v: number, n: number) => Math.max(0, Math.min(n - 1, v));
  if (key === 'ArrowRight') return { x: clamp(x + 1, xCount), series };
  if (key === 'ArrowLeft') return { x: at ? clamp(x - 1, xCount) : xCount - 1, series };
  if (key === 'Home') return { x: 0, series };
  if (key === 'End') return { x: xCount - 1, series };
  if (key === 'ArrowUp') return { x: Math.max(0, x), series: clamp(series + 1, seriesCount) };
  if (key === 'ArrowDown') return { x: Math.max(0, x), series: clamp(series - 1, seriesCount) };
  return undefined;
}

/** "3 categories, 2 series": the accessible name's account of the data. */
function describe(model: ChartModel): string {
  const xs = `${model.xs.length.toLocaleString('en-US')} ${model.xType === 'time' ? 'times' : 'categories'}`;
  const first = model.xText[0];
  const last = model.xText[model.xText.length - 1];
  const span = model.xType === 'time' && first !== last ? ` from ${first} to ${last}` : '';
  return `${model.yLabel} by ${xs}${span}, ${model.series.length} series`;
}
