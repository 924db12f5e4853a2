// Export every page for the filters on screen (not just the rows loaded) to CSV or JSON Lines.
// Main streams it to the file the user picks; this panel shows its progress and its summary.
import type { ExportStatus, TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { useCancelExport, useExportStatus, useStartExport } from '../../../data/export.ts';
import { useAppAction } from '../../../ui/app-action.ts';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { LiveStatus } from '../../../ui/live-status.tsx';
import { formatDuration } from '../cards/service-starting-card.tsx';
import { ExportedSummary } from './exported-summary.tsx';

export function ExportPanel({ profileId, filters }: { profileId: string; filters: TransferFilters }) {
  const start = useStartExport(profileId);
  const status = useExportStatus(start.data?.jobId ?? null);
  const cancel = useCancelExport();
  const job = status.data;
  const running = job?.state === 'running';
  // The palette's and the menu's Export: what the Export CSV button does (main asks where to save).
  useAppAction('transfers:export', () => {
    if (!running && !start.isPending) start.mutate({ filters, format: 'csv' });
  });
  return (
    <section className="export-panel" aria-label="Export">
      <div className="button-row">
        <button
          type="button"
          disabled={running || start.isPending}
          onClick={() => start.mutate({ filters, format: 'csv' })}
        >
          Export CSV
        </button>
        <button
          type="button"
          disabled={running || start.isPending}
          onClick={() => start.mutate({ filters, format: 'jsonl' })}
        >
          Export JSON Lines
        </button>
        <span className="muted">Every page for these filters, however many: not only the rows on screen.</span>
      </div>
      {start.data === null && <p className="muted">Export cancelled: no file was chosen.</p>}
      {start.error && <ErrorMessage error={start.error} title="The export could not start." />}
      {status.error && <ErrorMessage error={status.error} title="The export's progress could not be read." />}
      {job && <ExportCard job={job} cancelling={cancel.isPending} onCancel={() => cancel.mutate(job.jobId)} />}
      {cancel.error && <ErrorMessage error={cancel.error} />}
    </section>
  );
}

function ExportCard({ job, cancelling, onCancel }: { job: ExportStatus; cancelling: boolean; onCancel: () => void }) {
  const format = job.format === 'csv' ? 'CSV' : 'JSON Lines';
  return (
    // A region, not a live one: the whole card re-read at every progress poll would drown the
    // reader; the LiveStatus below says the progress (throttled) and the end.
    <section
      className="panel status-card"
      aria-label="Export progress"
      data-testid="export-card"
      data-state={job.state}
    >
      <LiveStatus label="Export status" final={job.state !== 'running'} text={exportAnnouncement(job, format)} />
      <h4>
        {job.state === 'running'
          ? `Exporting ${format}…`
          : job.state === 'done'
            ? `Exported ${format}`
            : job.state === 'cancelled'
              ? 'Export cancelled: no file was written'
              : 'Export failed'}
      </h4>
      {job.state === 'running' && <progress aria-label="Export running" />}
      <dl className="facts">
        <dt>Legs</dt>
        <dd data-testid="export-legs">{job.legs.toLocaleString('en')}</dd>
        <dt>Pages</dt>
        <dd>{job.pages.toLocaleString('en')}</dd>
        <dt>Rate</dt>
        <dd>{job.legsPerSecond.toLocaleString('en')} legs/s</dd>
        <dt>Elapsed</dt>
        <dd>{formatDuration(job.elapsedMs / 1000)}</dd>
        <dt>Written</dt>
        <dd>{(job.bytes / 1024).toLocaleString('en', { maximumFractionDigits: 0 })} KB</dd>
        {job.state === 'done' && (
          <>
            <dt>File</dt>
            <dd className="mono" data-testid="export-path">
              {job.path}
            </dd>
          </>
        )}
      </dl>
      {job.state === 'done' && <DownloadOffer key={job.jobId} path={job.path} />}
      {job.state === 'running' && (
        <button type="button" onClick={onCancel} disabled={cancelling}>
          Cancel export
        </button>
      )}
      {job.state === 'failed' && job.error && (
        <ErrorMessage error={{ name: 'BridgeError', code: 'service_error', message: job.error }} />
      )}
      <ExportedSummary summary={job.summary} />
    </section>
  );
}

/** What the export's live region says: its progress while it runs, then how it ended. */
export function exportAnnouncement(job: ExportStatus, format: string): string {
  const legs = `${job.legs.toLocaleString('en')} ${job.legs === 1 ? 'leg' : 'legs'}`;
  if (job.state === 'running') return `Exporting ${format}: ${legs} written so far`;
  if (job.state === 'done') return `Export finished: ${legs} written to ${job.path}`;
  if (job.state === 'cancelled') return 'Export cancelled: no file was written';
  return `Export failed after ${legs}${job.error ? `: ${job.error}` : ''}`;
}
