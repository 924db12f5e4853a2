// A chart for any SQL result (issue 28; docs/notebook.md, "The chart"): bar, line, area or stacked,
// x/y/series picked from the result's columns, saved in the query's header as a ChartSpec. Drawn
// with uPlot like the flow chart, from the shared chart pieces (ui/chart/); the value under the
// pointer is exact text (chart-model.ts), the marks' positions are floats. An amount is drawn at
// its instrument's scale, one instrument at a time (the Instrument picker), its unit in the y
// axis's label. Export as PNG (the canvas) or SVG (drawn by chart-svg.ts from the same scales);
// main saves the file.
// The parts: the pickers (chart-pickers.tsx), the plot (result-plot.tsx), the legend and notes
// (chart-notes.tsx) and the export (chart-export.tsx).
import { useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../src-shared/notebook/query-file.ts';
import { useSaveChart } from '../../data/chart-file.ts';
import { ChartExport, type ChartFormat, chartFileData } from './chart-export.tsx';
import { buildChart, proposeSpec, readout } from './chart-model.ts';
import { ChartNotes } from './chart-notes.tsx';
import { ChartPickers } from './chart-pickers.tsx';
import { ResultPlot, stepPointer } from './result-plot.tsx';
import type { PointedMark } from './result-plot-options.ts';
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

export function ResultChart({ result, spec, onSpecChange, title, exportable = true }: ResultChartProps) {
  const proposed = useMemo(() => proposeSpec(result.columns), [result.columns]);
  const current = spec ?? proposed;
  const built = useMemo(() => (current ? buildChart(result, current) : null), [result, current]);
  const [pointed, setPointed] = useState<PointedMark | null>(null);
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

  const save = (format: ChartFormat) => {
    if (!model) return;
    const data = chartFileData(format, model, current.kind, title, plotRef.current);
    if (data) saving.mutate({ title, format, data });
  };

  return (
    <div className="result-chart-block">
      <h4 className="result-chart-title">{title}</h4>
      <ChartPickers columns={result.columns} spec={current} model={model} change={change} />
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
          <ResultPlot
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
          <ChartNotes model={model} result={result} spec={current} />
          {exportable && <ChartExport saving={saving} onSave={save} />}
        </>
      )}
    </div>
  );
}
