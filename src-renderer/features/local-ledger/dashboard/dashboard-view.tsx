// The dashboard (docs/dashboards.md): panels pinned from the notebook, each a query's chart or table
// run with the values it was pinned with. Every panel has its own state and time; all of them run
// again when a sync ends (their keys hold the store's stamp) or on Refresh all. The layout is a file
// beside the queries (dashboard.json): a change made here is saved there at once, and a change made
// there (an editor, a git pull) shows here within a second. "Save as report" writes it as HTML
// (dashboard-report.tsx: waiting for running panels; report-panels.ts: what the report holds).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import {
  type Dashboard,
  type DashboardPanel,
  queryRefText,
  writeDashboard,
} from '../../../../src-shared/notebook/dashboard-file.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { scopeText, scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import {
  dashboardKeys,
  useDashboardFile,
  usePanelRun,
  useSaveDashboard,
  useStoreStamp,
  writeRefusal,
} from '../../../data/dashboard.ts';
import { useLake } from '../../../data/local-ledger.ts';
import { useNotebookChanges } from '../../../data/notebook.ts';
import { count, formatTime } from '../../../ui/local-format.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { ResultChart } from '../../../ui/result-chart/result-chart.tsx';
import { useTimeZone } from '../../../ui/time-zone.ts';
import { SqlResults } from '../sql/sql-results.tsx';
import { ReportStatus, useDashboardReport } from './dashboard-report.tsx';
import type { PanelState } from './report-panels.ts';
import './dashboard.css';

export function DashboardView({ profileId, party }: { profileId: string; party: string }) {
  const client = useQueryClient();
  const zone = useTimeZone();
  const stamp = useStoreStamp(profileId);
  const file = useDashboardFile(profileId);
  const save = useSaveDashboard(profileId);
  const [note, setNote] = useState<string | null>(null);
  const states = useRef(new Map<string, PanelState>());
  // Each panel's state changes the toolbar (what a report would wait for): a render per change.
  const [, statesChanged] = useReducer((n: number) => n + 1, 0);
  useNotebookChanges(profileId, () => void client.invalidateQueries({ queryKey: dashboardKeys.file(profileId) }));

  const onState = useCallback((id: string, state: PanelState) => {
    states.current.set(id, state);
    statesChanged();
  }, []);
  const read = file.read;
  const dashboard = read?.dashboard ?? null;
  const report = useDashboardReport(profileId, dashboard, states.current);

  const change = async (next: Dashboard) => {
    if (!file.data || !read) return;
    const refusal = writeRefusal(read);
    if (refusal) {
      setNote(`${refusal} Nothing was changed.`);
      return;
    }
    setNote(null);
    const answer = await save.mutateAsync({ text: writeDashboard(next), expect: file.data.version });
    if (!answer.ok) setNote(`${answer.message} The dashboard was read again; make the change once more.`);
  };

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
      <div className="dashboard-toolbar">
        <h3>{dashboard.title}</h3>
        <span className="muted">
          {count(dashboard.panels.length)} panel{dashboard.panels.length === 1 ? '' : 's'} ·{' '}
          <code>{file.data.path}</code>
        </span>
        <button
          type="button"
          onClick={() => void client.invalidateQueries({ queryKey: dashboardKeys.panels(profileId) })}
          disabled={dashboard.panels.length === 0}
        >
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
      <ReportStatus report={report} />
      {!read.readable && (
        <p role="alert" className="sql-error">
          {file.data.path} is not a dashboard this app can read: {read.problems[0]} It is left as it is: fix it by hand
          or move it away, and the app will not save over it meanwhile.
        </p>
      )}
      {read.readable && read.problems.length > 0 && (
        <div role="note" className="dashboard-problems">
          <p>
            Some of dashboard.json could not be read and is not shown. The app will not change the file until these are
            fixed by hand (writing it would drop them):
          </p>
          <ul>
            {read.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
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

function PanelView({
  profileId,
  panel,
  party,
  zone,
  stamp,
  onState,
  onView,
  onRemove,
}: {
  profileId: string;
  panel: DashboardPanel;
  party: string;
  zone: TimeZoneChoice;
  stamp: string | null;
  onState: (id: string, state: PanelState) => void;
  onView: (view: 'chart' | 'table') => void;
  onRemove: () => void;
}) {
  // With a lake open its parties are the lake's, not "synced" ones (the panel's words and its report's).
  const from = useLake(profileId).data ? 'lake' : 'store';
  const run = usePanelRun(profileId, panel, { party, zone, stamp, from });
  const ref = queryRefText(panel.query);
  const title = panel.title ?? run.data?.name ?? ref;
  const error = run.isError ? asBridgeError(run.error).message : null;
  const [failedAt, setFailedAt] = useState<string | null>(null);
  // A chart picked here is this panel's until the page closes; the query's own chart line is the start.
  const [spec, setSpec] = useState<ChartSpec | null>(null);
  useEffect(() => {
    if (run.isError) setFailedAt(new Date().toISOString());
  }, [run.isError]);
  useEffect(() => {
    const last = run.data && !run.isError ? run.data : null;
    if (run.isFetching)
      onState(panel.id, {
        state: 'running',
        run: last,
        spec: spec ?? last?.chart ?? null,
        title: panel.title ?? last?.name ?? ref,
      });
    else if (last) onState(panel.id, { state: 'ok', run: last, spec: spec ?? last.chart });
    else if (error) onState(panel.id, { state: 'error', message: error, ranAt: failedAt ?? new Date().toISOString() });
    else onState(panel.id, { state: 'not-run' });
  }, [run.data, run.isError, run.isFetching, error, failedAt, onState, panel.id, panel.title, ref, spec]);
  const data = run.isError ? undefined : run.data;
  return (
    <article className="dashboard-panel" aria-label={title} aria-busy={run.isFetching}>
      <header className="dashboard-panel-head">
        <h4>{title}</h4>
        <code className="muted">{ref}</code>
        {panel.scope && (
          <span className="muted" data-testid="panel-scope" title={scopeText(panel.scope, from)}>
            {panel.scope.kind === 'party' ? <PartyName party={panel.scope.party} /> : scopeTitle(panel.scope, from)}
          </span>
        )}
        <fieldset className="dashboard-panel-view">
          <legend className="visually-hidden">Show {title} as</legend>
          <button type="button" aria-pressed={panel.view === 'chart'} onClick={() => onView('chart')}>
            Chart
          </button>
          <button type="button" aria-pressed={panel.view === 'table'} onClick={() => onView('table')}>
            Table
          </button>
        </fieldset>
        <button type="button" onClick={onRemove} aria-label={`Remove ${title} from the dashboard`}>
          Remove
        </button>
      </header>
      <p className="dashboard-panel-state muted" role="status" data-testid="panel-state">
        {run.isFetching
          ? 'Running…'
          : data
            ? `Refreshed ${formatTime(data.ranAt, zone)} · ${count(data.result.rows.length)} row${data.result.rows.length === 1 ? '' : 's'}${data.result.truncated ? ' (the first; more exist)' : ''}`
            : stamp === null
              ? 'Waiting for the store…'
              : ''}
      </p>
      {error && (
        <p role="alert" className="sql-error">
          {error}
        </p>
      )}
      {data &&
        (panel.view === 'chart' ? (
          <ResultChart result={data.result} spec={spec ?? data.chart} onSpecChange={setSpec} title={title} />
        ) : (
          <SqlResults result={data.result} />
        ))}
    </article>
  );
}
