// Table | Chart over a SQL result: the SQL tab shows its result either way until the notebook screen
// renders ResultChart itself (issue 28). The chart's spec lives here while the result is shown.
import { type ReactNode, useState } from 'react';
import type { SqlResult } from '../../../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../../../src-shared/notebook/query-file.ts';
import { ResultChart } from './result-chart.tsx';

export function TableOrChart({ result, table, title }: { result: SqlResult; table: ReactNode; title: string }) {
  const [shown, setShown] = useState<'table' | 'chart'>('table');
  const [spec, setSpec] = useState<ChartSpec | null>(null);
  return (
    <>
      <fieldset className="result-view-toggle" aria-label="Show the result as">
        {(['table', 'chart'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={shown === v} onClick={() => setShown(v)}>
            {v === 'table' ? 'Table' : 'Chart'}
          </button>
        ))}
      </fieldset>
      {shown === 'table' ? table : <ResultChart result={result} spec={spec} onSpecChange={setSpec} title={title} />}
    </>
  );
}
