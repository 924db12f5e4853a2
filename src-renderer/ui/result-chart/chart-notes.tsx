// What a result chart says under the plot: the legend when the result has a series column, and the
// notes (what was left out or folded, a result cut at its row limit, the scale an amount is read
// at, one instrument of several drawn) with how to read the marks.
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../src-shared/notebook/query-file.ts';
import { colourOf } from './chart-geometry.ts';
import { type ChartModel, scaleColumnOf } from './chart-model.ts';

export function ChartNotes({ model, result, spec }: { model: ChartModel; result: SqlResult; spec: ChartSpec }) {
  const scaleNote = scaleColumnOf(result.columns, spec.y, spec.scale);
  return (
    <>
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
        {scaleNote ? `"${spec.y}" is read at the scale in "${scaleNote}". ` : ''}
        {model.instruments.length > 1
          ? `The result holds ${model.instruments.length} instruments (or scales): one is drawn at a time, never two on one axis. `
          : ''}
        Marks are drawn at rounded heights; the value under the pointer is exact. On the focused chart, ← → step along x
        and ↑ ↓ from series to series.
      </p>
    </>
  );
}
