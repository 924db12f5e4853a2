// Above the panels: the dashboard's title, how many panels and the file they are kept in, Refresh
// all, and Save as report (which says what it waits for while panels run).
import type { Dashboard } from '../../../../src-shared/notebook/dashboard-file.ts';
import { count } from '../../../ui/local-format.ts';
import type { DashboardReport } from './dashboard-report.tsx';

export function DashboardToolbar({
  dashboard,
  path,
  report,
  onRefresh,
}: {
  dashboard: Dashboard;
  /** Where dashboard.json is. */
  path: string;
  report: DashboardReport;
  onRefresh: () => void;
}) {
  return (
    <div className="dashboard-toolbar">
      <h3>{dashboard.title}</h3>
      <span className="muted">
        {count(dashboard.panels.length)} panel{dashboard.panels.length === 1 ? '' : 's'} · <code>{path}</code>
      </span>
      <button type="button" onClick={onRefresh} disabled={dashboard.panels.length === 0}>
        Refresh all
      </button>
      <button
        type="button"
        onClick={report.save}
        disabled={dashboard.panels.length === 0 || report.waiting || report.writing}
      >
        {report.waiting ? 'Waiting for running panels…' : report.writing ? 'Saving report…' : 'Save as report'}
      </button>
    </div>
  );
}
