// What a dashboard report holds of each panel (docs/dashboards.md, "Save as report"): its last
// answer with the chart on screen (the SVG the report draws), a running panel's last answer said
// to be from before, an error, or "not run"; all within the report's budget. Pure: no DOM, no bridge.
import {
  DASHBOARD_REPORT_CELL_CHARS,
  DASHBOARD_REPORT_CHAR_BUDGET,
  DASHBOARD_REPORT_ROW_CAP,
  type DashboardReportRequest,
  reportChars,
} from '../../../../src-shared/contract/dashboard-report.ts';
import type { SqlCell } from '../../../../src-shared/contract/local-ledger.ts';
import { type DashboardPanel, queryRefText } from '../../../../src-shared/notebook/dashboard-file.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import type { PanelRun } from '../../../data/dashboard.ts';
import { buildChart, proposeSpec } from '../../../ui/result-chart/chart-model.ts';
import { chartSvg } from '../../../ui/result-chart/chart-svg.ts';

/** What a panel on screen holds, as the report takes it. */
export type PanelState =
  | { state: 'ok'; run: PanelRun; spec: ChartSpec | null }
  /** Running now; `run` is its last answer when it runs again (Refresh all, a sync), null on its first run. */
  | { state: 'running'; run: PanelRun | null; spec: ChartSpec | null; title: string }
  | { state: 'error'; message: string; ranAt: string }
  | { state: 'not-run' };

/** The panels as the report takes them, within its budget: long cells cut (…), rows past the budget left out (counted). */
export function reportPanels(
  panels: readonly DashboardPanel[],
  stateOf: (id: string) => PanelState,
): DashboardReportRequest['panels'] {
  let left = DASHBOARD_REPORT_CHAR_BUDGET;
  return panels.map((panel) => {
    const request = reportPanel(panel, stateOf(panel.id));
    if (request.svg && request.svg.length > left) request.svg = null;
    left -= request.svg?.length ?? 0;
    const rows: SqlCell[][] = [];
    for (const row of request.rows) {
      const cut = row.map((cell) =>
        typeof cell === 'string' && cell.length > DASHBOARD_REPORT_CELL_CHARS
          ? `${cell.slice(0, DASHBOARD_REPORT_CELL_CHARS - 1)}…`
          : cell,
      );
      const chars = reportChars([{ rows: [cut], svg: null }]);
      if (chars > left) break;
      left -= chars;
      rows.push(cut);
    }
    return { ...request, rows };
  });
}

function reportPanel(panel: DashboardPanel, state: PanelState): DashboardReportRequest['panels'][number] {
  const ref = queryRefText(panel.query);
  // A panel running again reports its last answer, said to be from before (main writes that).
  const run = state.state === 'ok' || state.state === 'running' ? state.run : null;
  const base = {
    title: panel.title ?? run?.name ?? ref,
    queryName: run?.name ?? ref,
    queryRef: ref,
    params: run ? run.params : Object.entries(panel.params).map(([name, value]) => ({ name, value })),
  };
  if ((state.state === 'ok' || state.state === 'running') && state.run) {
    const { result } = state.run;
    // The chart on screen: the one picked in the panel, else the query's, else the one proposed.
    const chart = state.spec ?? proposeSpec(result.columns);
    const built = chart ? buildChart(result, chart) : null;
    return {
      ...base,
      state: state.state,
      error: null,
      ranAt: state.run.ranAt,
      columns: result.columns.slice(0, 200).map((c) => ({ name: c.name.slice(0, 256), type: c.type.slice(0, 128) })),
      rows: result.rows.slice(0, DASHBOARD_REPORT_ROW_CAP).map((row) => row.slice(0, 200)),
      rowCount: result.rows.length,
      truncated: result.truncated,
      chart: panel.view === 'chart' ? chart : null,
      svg:
        panel.view === 'chart' && built?.ok && chart ? chartSvg(built.model, chart.kind, { title: base.title }) : null,
    };
  }
  return {
    ...base,
    state: state.state,
    error: state.state === 'error' ? state.message.slice(0, 4_000) : null,
    ranAt: state.state === 'error' ? state.ranAt : null,
    columns: [],
    rows: [],
    rowCount: 0,
    truncated: false,
    chart: null,
    svg: null,
  };
}
