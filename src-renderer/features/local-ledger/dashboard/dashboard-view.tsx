// The dashboard (docs/dashboards.md): panels pinned from the notebook, each a query's chart or table
// run with the values it was pinned with. Every panel has its own state and time; all of them run
// again when a sync ends (their keys hold the store's stamp) or on Refresh all. The layout is a file
// beside the queries (dashboard.json): a change made here is saved there at once, and a change made
// there (an editor, a git pull) shows here within a second. "Save as report" writes it as HTML
// (dashboard-report.tsx: waiting for running panels; report-panels.ts: what the report holds).
// Each panel is panel-view.tsx; the layout's changes and the panels' states, use-dashboard-state.ts.
import { useQueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import { dashboardKeys, useDashboardFile, useStoreStamp } from '../../../data/dashboard.ts';
import { useNotebookChanges } from '../../../data/notebook.ts';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { DashboardProblems } from './dashboard-problems.tsx';
import { ReportStatus, useDashboardReport } from './dashboard-report.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { PanelView } from './panel-view.tsx';
import { useDashboardChange, usePanelStates } from './use-dashboard-state.ts';
import './dashboard.css';

export function DashboardView({ profileId, party }: { profileId: string; party: string }) {
  const client = useQueryClient();
  const zone = useTimeZone();
  const stamp = useStoreStamp(profileId);
  const file = useDashboardFile(profileId);
  const { note, change } = useDashboardChange(profileId, file);
  const { states, onState } = usePanelStates();
  useNotebookChanges(profileId, () => void client.invalidateQueries({ queryKey: dashboardKeys.file(profileId) }));
  const read = file.read;
  const dashboard = read?.dashboard ?? null;
  const report = useDashboardReport(profileId, dashboard, states);

  if (file.isPending) return <p className="muted">Reading the dashboard…</p>;
  if (file.isError) {
    return (
      <p role="alert" className="sql-error">
        The dashboard could not be read: {asBridgeError(file.error).message}
      </p>
    );
  }
  if (!read || !dashboard || !file.data) return null;
  return (
    <section className="dashboard" aria-label="Dashboard">
      <DashboardToolbar
        dashboard={dashboard}
        path={file.data.path}
        report={report}
        onRefresh={() => void client.invalidateQueries({ queryKey: dashboardKeys.panels(profileId) })}
      />
      <ReportStatus report={report} />
      <DashboardProblems read={read} path={file.data.path} />
      {note && <p role="alert">{note}</p>}
      {read.readable && dashboard.panels.length === 0 && (
        <p className="muted">
          No panels yet. In the SQL tab, open a query, run it, and choose <strong>Pin to dashboard</strong>.
        </p>
      )}
      <div className="dashboard-panels">
        {dashboard.panels.map((panel) => (
          <PanelView
            key={panel.id}
            profileId={profileId}
            panel={panel}
            party={party}
            zone={zone}
            stamp={stamp}
            onState={onState}
            onView={(view) =>
              void change({
                ...dashboard,
                panels: dashboard.panels.map((p) => (p.id === panel.id ? { ...p, view } : p)),
              })
            }
            onRemove={() => void change({ ...dashboard, panels: dashboard.panels.filter((p) => p.id !== panel.id) })}
          />
        ))}
      </div>
    </section>
  );
}
