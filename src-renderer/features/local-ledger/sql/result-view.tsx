// A query's answer, shown as a table (sql-results.tsx) or a chart (ui/result-chart): a chart's choices
// are kept in the file's header (`chart`), so a saved query opens drawn the same way.
import type { SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { ResultChart } from '../../../ui/result-chart/result-chart.tsx';
import { SqlResults } from './sql-results.tsx';

export type ResultViewKind = 'table' | 'chart';

interface ResultViewProps {
  result: SqlResult;
  view: ResultViewKind;
  onView: (view: ResultViewKind) => void;
  /** The header's chart (null: the chart proposes one). */
  spec: ChartSpec | null;
  onSpecChange: (spec: ChartSpec) => void;
  title: string;
}

export function ResultView({ result, view, onView, spec, onSpecChange, title }: ResultViewProps) {
  return (
    <>
      <fieldset className="notebook-result-views">
        <legend>Show the result as</legend>
        <button type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
          Table
        </button>
        <button type="button" aria-pressed={view === 'chart'} onClick={() => onView('chart')}>
          Chart
        </button>
      </fieldset>
      {view === 'table' ? (
        <SqlResults result={result} />
      ) : (
        <ResultChart result={result} spec={spec} onSpecChange={onSpecChange} title={title} />
      )}
    </>
  );
}
