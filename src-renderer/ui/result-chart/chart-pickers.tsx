// A result chart's pickers: the kind, x (and whether it is times or categories), y, the instrument
// drawn when the result holds several, and the series column. Each pick is a patch of the ChartSpec
// that result-chart.tsx hands to the notebook.
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import {
  CHART_KINDS,
  type ChartKind,
  type ChartSpec,
  type ChartXType,
} from '../../../src-shared/notebook/query-file.ts';
import { type ChartModel, isTimeType, yColumns } from './chart-model.ts';

const KIND_LABELS: Record<ChartKind, string> = { bar: 'Bar', line: 'Line', area: 'Area', stacked: 'Stacked bars' };

export function ChartPickers({
  columns,
  spec,
  model,
  change,
}: {
  columns: SqlResult['columns'];
  spec: ChartSpec;
  /** The chart drawn, for its instruments; null when the spec draws none. */
  model: ChartModel | null;
  change: (patch: Partial<ChartSpec>) => void;
}) {
  const numeric = yColumns(columns);
  return (
    <div className="result-chart-pickers">
      <label>
        Chart{' '}
        <select value={spec.kind} onChange={(e) => change({ kind: e.target.value as ChartKind })}>
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
          value={spec.x}
          onChange={(e) => {
            const column = columns.find((c) => c.name === e.target.value);
            change({ x: e.target.value, xType: column && isTimeType(column.type) ? 'time' : 'category' });
          }}
        >
          {columnOptions(columns)}
        </select>
      </label>
      <label>
        X as{' '}
        <select value={spec.xType} onChange={(e) => change({ xType: e.target.value as ChartXType })}>
          <option value="time">time</option>
          <option value="category">categories</option>
        </select>
      </label>
      <label>
        Y{' '}
        <select value={spec.y} onChange={(e) => change({ y: e.target.value })}>
          {!numeric.some((c) => c.name === spec.y) && <option value={spec.y}>{spec.y}</option>}
          {columnOptions(numeric)}
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
        <select value={spec.series ?? ''} onChange={(e) => change({ series: e.target.value })}>
          <option value="">None</option>
          {columnOptions(columns.filter((c) => c.name !== spec.x && c.name !== spec.y))}
        </select>
      </label>
    </div>
  );
}

/** One option a column, named and valued by the column's name. */
const columnOptions = (columns: SqlResult['columns']) =>
  columns.map((c) => (
    <option key={c.name} value={c.name}>
      {c.name}
    </option>
  ));
