// Reconcile (and Cancel while it runs), and Export once there is a result, with what the export did.
import type { useReconcile, useReconcileExport } from '../../../data/reconcile.ts';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { count } from '../../../ui/local-format.ts';

export function ReconcileActions({
  run,
  exporter,
  ready,
  onStart,
  onExport,
}: {
  run: ReturnType<typeof useReconcile>;
  exporter: ReturnType<typeof useReconcileExport>;
  /** The form makes a request (Reconcile waits until it does). */
  ready: boolean;
  onStart: () => void;
  onExport: () => void;
}) {
  return (
    <div className="inline-fields">
      <button type="button" className="primary" onClick={onStart} disabled={run.isPending || !ready}>
        {run.isPending ? 'Reconciling…' : 'Reconcile'}
      </button>
      {run.isPending && (
        <button type="button" onClick={run.cancel}>
          Cancel
        </button>
      )}
      {run.data && (
        <button type="button" onClick={onExport} disabled={exporter.isPending}>
          {exporter.isPending ? 'Exporting…' : 'Export result (CSV)…'}
        </button>
      )}
      {exporter.isSuccess && exporter.data && (
        <span role="status">
          Exported {count(exporter.data.rows)} rows to {exporter.data.path}.{' '}
          <DownloadOffer key={exporter.data.path} path={exporter.data.path} />
        </span>
      )}
      {exporter.isSuccess && !exporter.data && (
        <span className="muted" role="status">
          Export cancelled.
        </span>
      )}
    </div>
  );
}
