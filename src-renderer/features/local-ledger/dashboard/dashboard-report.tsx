// Save as report on the dashboard (issue 37, item 1): a report saved while panels run waits for
// them and is written when they end, with their rows; "Save now" writes it at once, naming them as
// running (with their last rows, said to be from before); "Don't save" stops waiting. A running
// panel was written "Ran: not run / Not run." under its file name, its chart on screen half a
// second later. docs/dashboards.md, "Save as report".
import { useEffect, useState } from 'react';
import type { DashboardReportRequest } from '../../../../src-shared/contract/dashboard-report.ts';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { Dashboard } from '../../../../src-shared/notebook/dashboard-file.ts';
import { saveDashboardReport } from '../../../data/dashboard.ts';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { count } from '../../../ui/local-format.ts';
import { type PanelState, reportPanels } from './report-panels.ts';

export interface DashboardReport {
  /** The titles of the panels running now. */
  running: string[];
  /** Save as report was pressed while panels ran: the report is written when they end. */
  waiting: boolean;
  writing: boolean;
  saved: { path: string } | null;
  error: string | null;
  /** Save as report: at once, or when the running panels end. */
  save: () => void;
  /** Save now, naming the running panels as running. */
  saveNow: () => void;
  /** Don't save: stop waiting. */
  dontSave: () => void;
}

/** `states`: each panel's state by id, read when the report is written (the view renders on each change). */
export function useDashboardReport(
  profileId: string,
  dashboard: Dashboard | null,
  states: ReadonlyMap<string, PanelState>,
): DashboardReport {
  const [saved, setSaved] = useState<{ path: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [writing, setWriting] = useState(false);
  const running = (dashboard?.panels ?? []).flatMap((panel) => {
    const state = states.get(panel.id);
    return state?.state === 'running' ? [state.title] : [];
  });

  const write = async () => {
    if (!dashboard) return;
    setWaiting(false);
    setWriting(true);
    const request: DashboardReportRequest = {
      profileId,
      title: dashboard.title,
      panels: reportPanels(dashboard.panels, (id) => states.get(id) ?? { state: 'not-run' }),
    };
    try {
      const answer = await saveDashboardReport(request);
      if (answer) setSaved({ path: answer.path });
    } catch (failure) {
      setError(asBridgeError(failure).message);
    } finally {
      setWriting(false);
    }
  };
  const save = () => {
    setError(null);
    setSaved(null);
    if (running.length > 0) setWaiting(true);
    else void write();
  };
  const allEnded = waiting && running.length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: written once, when the last running panel ends
  useEffect(() => {
    if (allEnded) void write();
  }, [allEnded]);

  return {
    running,
    waiting,
    writing,
    saved,
    error,
    save,
    saveNow: () => void write(),
    dontSave: () => setWaiting(false),
  };
}

/** What Save as report is doing or did: waiting for running panels (with Save now, Don't save), saved, failed. */
export function ReportStatus({ report }: { report: DashboardReport }) {
  const { running, waiting, saved, error } = report;
  return (
    <>
      {waiting && running.length > 0 && (
        <div role="status" className="dashboard-report-waiting" data-testid="report-waiting">
          Save as report waits for {count(running.length)} running panel{running.length === 1 ? '' : 's'} (
          {running.join(', ')}) and writes the report when {running.length === 1 ? 'it ends' : 'they end'}.{' '}
          <button type="button" onClick={report.saveNow}>
            Save now
          </button>{' '}
          <span className="muted">(names {running.length === 1 ? 'it' : 'them'} as running)</span>{' '}
          <button type="button" onClick={report.dontSave}>
            Don't save
          </button>
        </div>
      )}
      {saved && (
        <div role="status" className="dashboard-saved">
          Report saved to <code>{saved.path}</code> <DownloadOffer path={saved.path} />
        </div>
      )}
      {error && (
        <p role="alert" className="sql-error">
          {error}
        </p>
      )}
    </>
  );
}
