// A chart for any SQL result (issue 28; docs/notebook.md, "The chart"): bar, line, area or stacked,
// x/y/series picked from the result's columns, saved in the query's header as a ChartSpec. Drawn
// with uPlot like the flow chart, from the shared chart pieces (ui/chart/); the value under the
// pointer is exact text (chart-model.ts), the marks' positions are floats. An amount is drawn at
// its instrument's scale, one instrument at a time (the Instrument picker), its unit in the y
// axis's label. Export as PNG (the canvas) or SVG (drawn by chart-svg.ts from the same scales);
// main saves the file.
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import {
  CHART_KINDS,
  type ChartKind,
  type ChartSpec,
  type ChartXType,
} from '../../../src-shared/notebook/query-file.ts';
import { useSaveChart } from '../../data/chart-file.ts';
import { compactAmount } from '../chart/axis-labels.ts';
import { AXIS_FONT, axisTheme, themeColor, useThemeKey, yAxisSize } from '../chart/chart-theme.ts';
import { DownloadOffer } from '../download-offer.tsx';
import { ErrorMessage } from '../error-message.tsx';
import { barRects, colourOf, nearestX, pointedSeries, xRangeOf, xTicksOf, yTicksOf } from './chart-geometry.ts';
import {
  buildChart,
  type ChartModel,
  isTimeType,
  proposeSpec,
  readout,
  scaleColumnOf,
  yColumns,
} from './chart-model.ts';
import { chartSvg } from './chart-svg.ts';
import './result-chart.css';

export interface ResultChartProps {
  result: SqlResult;
  /** What the query's header says (null: none yet; the chart proposes one from the columns). */
  spec: ChartSpec | null;
  /** The user picked another kind, x, y, series or instrument: the notebook keeps it in the header (unsaved until Save). */
  onSpecChange: (spec: ChartSpec) => void;
  /** The query's name: the exported files' name and the chart's title. */
  title: string;
  /** Whether the PNG / SVG export buttons show (default true). */
  exportable?: boolean;
}

const KIND_LABELS: Record<ChartKind, string> = { bar: 'Bar', line: 'Line', area: 'Area', stacked: 'Stacked bars' };
const HEIGHT = 280;
/** The y axis's label ("net (USDX)"), drawn turned beside the ticks. */
const Y_LABEL_SIZE = 18;

export function ResultChart({ result, spec, onSpecChange, title, exportable = true }: ResultChartProps) {
  const proposed = useMemo(() => proposeSpec(result.columns), [result.columns]);
  const current = spec ?? proposed;
  const built = useMemo(() => (current ? buildChart(result, current) : null), [result, current]);
  const [pointed, setPointed] = useState<{ x: number; series: number } | null>(null);
  const plotRef = useRef<uPlot | null>(null);
  const saving = useSaveChart();

  if (!current) {
    return (
      <p className="muted result-chart-empty">
        This result has no numeric column to chart: select a number (a count, a sum) beside what to chart it by.
      </p>
    );
  }
  const change = (patch: Partial<ChartSpec>) => {
    const next: ChartSpec = { ...current, ...patch };
    if (next.series === undefined || next.series === '') delete next.series;
    // A scale named for one y is not another's: a new y finds its own (X_scale, amount_scale).
    if (patch.y !== undefined && patch.y !== current.y) delete next.scale;
    onSpecChange(next);
  };
  const model = built?.ok ? built.model : null;
  const numeric = yColumns(result.columns);
  const scaleNote = scaleColumnOf(result.columns, current.y, current.scale);

  const save = (format: 'png' | 'svg') => {
    if (!model) return;
    const data =
      format === 'svg' ? chartSvg(model, current.kind, { title }) : pngBase64(plotRef.current, pngTitle(title, model));
    if (data) saving.mutate({ title, format, data });
  };

  return (
    <div className="result-chart-block">
      <h4 className="result-chart-title">{title}</h4>
      <div className="result-chart-pickers">
        <label>
          Chart{' '}
          <select value={current.kind} onChange={(e) => change({ kind: e.target.value as ChartKind })}>
            {CHART_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          X{' '}
          <select
            value={current.x}
            onChange={(e) => {
              const column = result.columns.find((c) => c.name === e.target.value);
              change({ x: e.target.value, xType: column && isTimeType(column.type) ? 'time' : 'category' });
            }}
          >
            {result.columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          X as{' '}
          <select value={current.xType} onChange={(e) => change({ xType: e.target.value as ChartXType })}>
            <option value="time">time</option>
            <option value="category">categories</option>
          </select>
        </label>
        <label>
          Y{' '}
          <select value={current.y} onChange={(e) => change({ y: e.target.value })}>
            {!numeric.some((c) => c.name === current.y) && <option value={current.y}>{current.y}</option>}
            {numeric.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {model && model.instruments.length > 1 && model.instrument && (
          <label>
            Instrument{' '}
            <select value={model.instrument.key} onChange={(e) => change({ instrument: e.target.value })}>
              {model.instruments.map((i) => (
                <option key={i.key} value={i.key}>
                  {i.label} ({i.rows.toLocaleString('en-US')} row{i.rows === 1 ? '' : 's'})
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Series{' '}
          <select value={current.series ?? ''} onChange={(e) => change({ series: e.target.value })}>
            <option value="">None</option>
            {result.columns
              .filter((c) => c.name !== current.x && c.name !== current.y)
              .map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
          </select>
        </label>
      </div>
      {built && !built.ok && (
        <p className="result-chart-problem" role="alert">
          {built.message}
        </p>
      )}
      {model && model.xs.length === 0 && <p className="muted">No row has a value to draw.</p>}
      {model && model.xs.length > 0 && (
        <>
          <p className="result-chart-readout mono" aria-live="polite" data-testid="chart-readout">
            {pointed
              ? readout(model, current.kind, pointed.x, pointed.series)
              : 'Point at the chart for the exact value.'}
          </p>
          <Plot
            model={model}
            kind={current.kind}
            label={title}
            onPoint={setPointed}
            plotRef={plotRef}
            onKeyDown={(e) => {
              const next = stepPointer(e.key, pointed, model.xs.length, model.series.length);
              if (next === undefined) return;
              e.preventDefault();
              setPointed(next);
            }}
          />
          {model.split && (
            <ul className="result-chart-legend" aria-label="Series">
              {model.series.map((s, i) => (
                <li key={s.name}>
                  <span className="result-chart-swatch" style={{ background: colourOf(i) }} />
                  {s.name}
                </li>
              ))}
            </ul>
          )}
          <p className="muted result-chart-note">
            {model.notes.map((n) => `${n} `)}
            {result.truncated ? 'The result was cut at its row limit: the chart shows the rows returned. ' : ''}
            {scaleNote ? `"${current.y}" is read at the scale in "${scaleNote}". ` : ''}
            {model.instruments.length > 1
              ? `The result holds ${model.instruments.length} instruments (or scales): one is drawn at a time, never two on one axis. `
              : ''}
            Marks are drawn at rounded heights; the value under the pointer is exact. On the focused chart, ← → step
            along x and ↑ ↓ from series to series.
          </p>
          {exportable && (
            <div className="result-chart-export">
              <button type="button" onClick={() => save('png')} disabled={saving.isPending}>
                Export PNG…
              </button>
              <button type="button" onClick={() => save('svg')} disabled={saving.isPending}>
                Export SVG…
              </button>
              {saving.isSuccess && saving.data && (
                <span role="status">
                  Saved the chart ({saving.data.format.toUpperCase()}) to <code>{saving.data.path}</code>
                </span>
              )}
              {saving.isSuccess && !saving.data && (
                <span className="muted" role="status">
                  Export cancelled.
                </span>
              )}
              {saving.isSuccess && saving.data && <DownloadOffer key={saving.data.path} path={saving.data.path} />}
              {saving.isError && <ErrorMessage error={saving.error} title="The chart was not saved." />}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The keyboard's pointer: ← → step along x, ↑ ↓ from series to series, Home and End go to the ends;
 * undefined for any other key.
 */
export function stepPointer(
  key: string,
  at: { x: number; series: number } | null,
  xCount: number,
  seriesCount: number,
): { x: number; series: number } | undefined {
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

/** The PNG's title line: the query's name, and the instrument drawn when there is a choice of them. */
function pngTitle(title: string, model: ChartModel): string {
  return model.instruments.length > 1 && model.instrument ? `${title} · ${model.instrument.label}` : title;
}

/** The drawn canvas with the title above it, as PNG bytes in base64. */
function pngBase64(plot: uPlot | null, title: string): string | null {
  if (!plot) return null;
  const source = plot.ctx.canvas;
  const ratio = globalThis.devicePixelRatio || 1;
  const head = Math.round(28 * ratio);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + head;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const root = plot.root.parentElement ?? plot.root;
  ctx.fillStyle = themeColor(root, '--bg', '#ffffff');
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = themeColor(root, '--fg', '#1b1e24');
  ctx.font = `600 ${Math.round(14 * ratio)}px system-ui, sans-serif`;
  ctx.fillText(title, 8 * ratio, 19 * ratio);
  ctx.drawImage(source, 0, head);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

function Plot({
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
  onPoint: (p: { x: number; series: number } | null) => void;
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
    const { axis } = axisTheme(element);
    const y = yTicksOf(model);
    const xRange = xRangeOf(model);
    const labels = new Map<number, string>();
    const bars = kind === 'bar' || kind === 'stacked';
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
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: () => xRange },
          y: { range: () => [y.min, y.max] },
        },
        axes: [
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
        ],
        series: [
          {},
          ...model.series.map((s, i): uPlot.Series => {
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
          }),
        ],
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
      },
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

/** "3 categories, 2 series": the accessible name's account of the data. */
function describe(model: ChartModel): string {
  const xs = `${model.xs.length.toLocaleString('en-US')} ${model.xType === 'time' ? 'times' : 'categories'}`;
  const first = model.xText[0];
  const last = model.xText[model.xText.length - 1];
  const span = model.xType === 'time' && first !== last ? ` from ${first} to ${last}` : '';
  return `${model.yLabel} by ${xs}${span}, ${model.series.length} series`;
}
