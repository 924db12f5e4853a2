// 503 with the start-up body (spec 2.6): what the service is doing and how far it got. The query
// retries by itself after the service's Retry-After, so this card updates until the rows appear.
import type { BridgeErrorShape } from '../../../../src-shared/contract/errors.ts';

/** The 2.6 body as main passes it on (details.startup); only the fields shown here are typed. */
interface StartupStatus {
  status: string | null;
  phase: string | null;
  phaseNumber: number;
  totalPhases: number;
  elapsedSeconds: number;
  error: string | null;
  schemaVersion: string | null;
  targetSchemaVersion: string | null;
  pendingMigrations: number;
  replay: {
    nodes: Array<{ nodeId: string | null; currentOffset: number; targetOffset: number; status: string | null }> | null;
  };
  lifecycleIndexes: Array<{
    nodeId: string | null;
    definitionFingerprint: string | null;
    ready: boolean;
    cursor: number;
    remainingSourceRows: number;
  }> | null;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export function ServiceStartingCard({ error, retrying }: { error: BridgeErrorShape; retrying: boolean }) {
  const startup = error.details?.startup as StartupStatus | undefined;
  const retryAfter = Number(error.details?.retryAfterSeconds);
  if (!startup) return null;
  const replay = startup.replay?.nodes ?? [];
  const indexes = startup.lifecycleIndexes ?? [];
  return (
    <section className="panel status-card" role="status" aria-label="Service starting" data-testid="service-starting">
      <h3>
        Service starting — phase {startup.phaseNumber} of {startup.totalPhases}: {startup.phase ?? 'unnamed'}
      </h3>
      <progress
        value={Math.max(0, startup.phaseNumber - 1)}
        max={Math.max(1, startup.totalPhases)}
        aria-label="Start-up phases done"
      />
      <dl className="facts">
        <dt>Elapsed</dt>
        <dd>{formatDuration(startup.elapsedSeconds)}</dd>
        <dt>Pending migrations</dt>
        <dd>{startup.pendingMigrations}</dd>
        {startup.schemaVersion && (
          <>
            <dt>Schema</dt>
            <dd>
              {startup.schemaVersion}
              {startup.targetSchemaVersion ? ` → ${startup.targetSchemaVersion}` : ''}
            </dd>
          </>
        )}
        {startup.error && (
          <>
            <dt>Error</dt>
            <dd>{startup.error}</dd>
          </>
        )}
      </dl>
      {replay.length > 0 && (
        <div className="progress-list">
          <h4>Replay</h4>
          {replay.map((node, k) => (
            <label key={node.nodeId ?? k} className="progress-row">
              <span>
                {node.nodeId ?? '(unnamed node)'} — {node.status ?? '…'} ({node.currentOffset.toLocaleString('en')} of{' '}
                {node.targetOffset.toLocaleString('en')})
              </span>
              <progress value={node.currentOffset} max={Math.max(1, node.targetOffset)} />
            </label>
          ))}
        </div>
      )}
      {indexes.length > 0 && (
        <div className="progress-list">
          <h4>Lifecycle indexes</h4>
          {indexes.map((index, k) => {
            const total = index.cursor + index.remainingSourceRows;
            return (
              <label key={`${index.nodeId ?? k}:${index.definitionFingerprint ?? ''}`} className="progress-row">
                <span>
                  {index.nodeId ?? '(unnamed node)'} {index.definitionFingerprint ?? ''} —{' '}
                  {index.ready ? 'ready' : `${index.remainingSourceRows.toLocaleString('en')} rows to go`}
                </span>
                <progress value={index.ready ? 1 : index.cursor} max={index.ready ? 1 : Math.max(1, total)} />
              </label>
            );
          })}
        </div>
      )}
      <p className="muted">
        {retrying
          ? `Trying again in ${Number.isFinite(retryAfter) ? retryAfter : 2} s, as the service asked; the transfers appear when it is ready.`
          : 'The service is still starting; try again shortly.'}
      </p>
    </section>
  );
}
