// One dashboard panel: its query run with the values it was pinned with (and the store's stamp, so
// it runs again when a sync ends), shown as its chart or its table, with its state and time. It
// tells the dashboard each state it goes through (what a report of it would hold, report-panels.ts).
import { useEffect, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import { type DashboardPanel, queryRefText } from '../../../../src-shared/notebook/dashboard-file.ts';
import type { ChartSpec } from '../../../../src-shared/notebook/query-file.ts';
import { scopeText, scopeTitle } from '../../../../src-shared/text/scope-text.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { usePanelRun } from '../../../data/dashboard.ts';
import { useLake } from '../../../data/local-ledger.ts';
import { count, formatTime } from '../../../ui/local-format.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { ResultChart } from '../../../ui/result-chart/result-chart.tsx';
import { SqlResults } from '../sql/sql-results.tsx';
import type { PanelState } from './report-panels.ts';

export function PanelView({
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
