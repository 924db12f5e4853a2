// A result chart's uPlot options (the plot itself: result-plot.tsx): fixed scales and ticks from the
// model (chart-geometry.ts, the same as the SVG export's), bars and stacks drawn by one pass of
// barRects per draw, lines and areas by uPlot, and the mark under the pointer. Made once per model,
// kind and theme (the colours are CSS variables read here).
import type uPlot from 'uplot';
import type { ChartKind } from '../../../src-shared/notebook/query-file.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { AXIS_FONT, axisTheme, yAxisSize } from '../chart/chart-theme.ts';
import type { ValueTicks } from '../chart/nice-ticks.ts';
import { barRects, colourOf, nearestX, pointedSeries, xRangeOf, xTicksOf, yTicksOf } from './chart-geometry.ts';
import type { ChartModel } from './chart-model.ts';

export const HEIGHT = 280;
/** The y axis's label ("net (USDX)"), drawn turned beside the ticks. */
const Y_LABEL_SIZE = 18;

/** The mark under the pointer: its x's index and its series'. */
export type PointedMark = { x: number; series: number };

/** The options of a plot of `model` drawn into `element`; `point` is told the mark under the pointer. */
export function resultPlotOptions(
  element: HTMLElement,
  model: ChartModel,
  kind: ChartKind,
  point: { current: (p: PointedMark | null) => void },
): uPlot.Options {
  const { axis } = axisTheme(element);
  const y = yTicksOf(model);
  const xRange = xRangeOf(model);
  // One pass over the bars per draw; each series' path builder takes its own.
  let drawn: { key: number; paths: Path2D[] } = { key: -1, paths: [] };
  let draws = 0;
  const barPaths: uPlot.Series.PathBuilder = (u, seriesIdx) => {
    if (drawn.key !== draws) {
      const ratio = globalThis.devicePixelRatio || 1;
      const paths = model.series.map(() => new Path2D());
      for (const r of barRects(
        model,
        kind,
        (x) => u.valToPos(x, 'x', true),
        (v) => u.valToPos(v, 'y', true),
        ratio,
      )) {
        paths[r.series].rect(r.left, r.top, r.width, r.height);
      }
      drawn = { key: draws, paths };
    }
    const path = drawn.paths[seriesIdx - 1];
    return { stroke: path, fill: path, clip: undefined, flags: 0 };
  };
  return {
    width: Math.max(240, element.clientWidth),
    height: HEIGHT,
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: () => xRange },
      y: { range: () => [y.min, y.max] },
    },
    axes: resultAxes(axis, model, y),
    series: [{}, ...resultSeries(model, kind, barPaths)],
    hooks: {
      drawClear: [
        () => {
          draws++;
        },
      ],
      setCursor: [
        (u) => {
          const { left, top } = u.cursor;
          if (left == null || left < 0 || top == null) {
            point.current(null);
            return;
          }
          const x = u.posToVal(left, 'x');
          const xi = nearestX(model, x);
          if (xi < 0) return point.current(null);
          point.current({ x: xi, series: pointedSeries(model, kind, xi, x, u.posToVal(top, 'y')) });
        },
      ],
      draw: [
        () => {
          element.dataset.drawn = String(draws);
        },
      ],
    },
  };
}

function resultAxes(axis: ReturnType<typeof axisTheme>['axis'], model: ChartModel, y: ValueTicks): uPlot.Axis[] {
  const labels = new Map<number, string>();
  return [
    {
      ...axis,
      size: 52,
      space: 1,
      incrs: (_u, _i, min, max) => [max - min],
      splits: (_u, _i, min, max, _incr, widthPx) => {
        const ticks = xTicksOf(model, [min, max], widthPx);
        labels.clear();
        for (const [i, t] of ticks.ticks.entries()) labels.set(t, ticks.labels[i]);
        return ticks.ticks;
      },
      values: (_u, splits) => splits.map((s) => labels.get(s) ?? ''),
    },
    {
      ...axis,
      size: yAxisSize,
      label: model.yLabel,
      labelFont: AXIS_FONT,
      labelSize: Y_LABEL_SIZE,
      labelGap: 0,
      splits: () => y.ticks,
      values: (_u, splits) => splits.map((v) => compactAmount(v, y.step)),
    },
  ];
}

/** Each series in its colour: bars by `barPaths`, lines and areas by uPlot. */
function resultSeries(model: ChartModel, kind: ChartKind, barPaths: uPlot.Series.PathBuilder): uPlot.Series[] {
  const bars = kind === 'bar' || kind === 'stacked';
  return model.series.map((s, i): uPlot.Series => {
    const colour = colourOf(i);
    if (bars)
      return {
        label: s.name,
        stroke: colour,
        fill: colour,
        width: 0,
        paths: barPaths,
        points: { show: false },
      };
    return {
      label: s.name,
      stroke: colour,
      width: 2,
      spanGaps: false,
      points: { show: false },
      ...(kind === 'area' ? { fill: `${colour}40`, fillTo: 0 } : {}),
    };
  });
}
