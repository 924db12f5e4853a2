// The page the notebook-chart bench loads in Chromium (bundled by notebook-chart-bench.ts): the real
// ResultChart rendered with React over a generated result, timed from the result handed over to the
// chart drawn and a frame painted. No app around it: a bridge whose settings never answer (the
// chart reads only the theme from them).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { ResultChart } from '../src-renderer/ui/result-chart/result-chart.tsx';
import type { SqlCell, SqlResult } from '../src-shared/contract/local-ledger.ts';
import type { ChartSpec } from '../src-shared/notebook/query-file.ts';

Object.defineProperty(window, 'ledger', { value: { settings: { get: () => new Promise(() => {}) } } });

/** `days` × `series` rows: a day, a counterparty, units (past 2^53) and their scale. */
function result(days: number, series: number): SqlResult {
  const rows: SqlCell[][] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let d = 0; d < days; d++) {
    const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    for (let s = 0; s < series; s++) {
      rows.push([`${day} 00:00:00`, `party-${s}`, `${90071992547409 + d * 1000 + s}${String(s).padStart(4, '0')}`, 10]);
    }
  }
  return {
    columns: [
      { name: 'day', type: 'TIMESTAMP' },
      { name: 'counterparty', type: 'VARCHAR' },
      { name: 'amount_units', type: 'DECIMAL(38,0)' },
      { name: 'amount_scale', type: 'INTEGER' },
    ],
    rows,
    truncated: false,
    elapsedMs: 1,
  };
}

const frame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));

let root: Root | null = null;

/** Milliseconds from the result handed to the chart to the chart drawn and the frame after it. */
async function run(days: number, series: number, kind: ChartSpec['kind']): Promise<number> {
  const data = result(days, series);
  const host = document.getElementById('chart') as HTMLElement;
  root?.unmount();
  host.replaceChildren();
  await frame();
  const spec: ChartSpec = { kind, x: 'day', xType: 'time', y: 'amount_units', series: 'counterparty' };
  const t0 = performance.now();
  root = createRoot(host);
  root.render(
    <QueryClientProvider client={new QueryClient()}>
      <ResultChart result={data} spec={spec} onSpecChange={() => {}} title="Bench" exportable={false} />
    </QueryClientProvider>,
  );
  for (;;) {
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    if (host.querySelector<HTMLElement>('[data-testid="result-chart"]')?.dataset.drawn) break;
  }
  await frame();
  return performance.now() - t0;
}

(window as unknown as { chartBench: unknown }).chartBench = { run };
