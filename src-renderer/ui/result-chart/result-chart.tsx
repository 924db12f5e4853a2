// A chart for any SQL result (issue 28): bar, line, area or stacked, x/y/series picked from the
// result's columns, saved in the query's header as a ChartSpec. (Placeholder until the chart lands.)
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../src-shared/notebook/query-file.ts';

export interface ResultChartProps {
  result: SqlResult;
  /** What the query's header says (null: none yet; the chart proposes one from the columns). */
  spec: ChartSpec | null;
  /** The user picked another kind, x, y or series: the notebook keeps it in the header (unsaved until Save). */
  onSpecChange: (spec: ChartSpec) => void;
  /** The query's name: the exported files' name and the chart's title. */
  title: string;
}

export function ResultChart({ result }: ResultChartProps) {
  return <p className="muted">A chart of {result.rows.length} rows comes here.</p>;
}
