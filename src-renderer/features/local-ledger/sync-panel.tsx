// A sync's progress as main reports it (legs, pages, rate, ETA), Cancel while it runs, and how it
// ended: done, failed (main's error, in its own words), or cancelled (the next sync resumes it).

import { asBridgeError } from '../../../src-shared/contract/errors.ts';
import type { SyncStatus } from '../../../src-shared/contract/local-ledger.ts';
import { newSinceLastSync } from '../../../src-shared/text/sync-outcome.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { LiveStatus } from '../../ui/live-status.tsx';
import { count, duration } from '../../ui/local-format.ts';

const HEADINGS: Record<SyncStatus['state'], string> = {
  running: 'Syncing to local…',
  waiting: 'Waiting for the service to start…',
  done: 'Sync done',
  failed: 'Sync failed',
  cancelled: 'Sync cancelled',
};

/** The heading: a wait for another program (the store, or its sync of this party) is not a wait for the service. */
function heading(status: SyncStatus): string {
  return status.state === 'waiting' && status.waitingFor ? 'Waiting for another program…' : HEADINGS[status.state];
}

function failureTitle(status: SyncStatus): string {
  const code = status.error ? asBridgeError(status.error).code : null;
  if (code === 'node_quarantined') return 'The node is quarantined: choose another node and sync again.';
  if (code === 'unauthorized') return 'The ledger refused the credentials (401): check the JWT in Settings.';
  if (code === 'network') return 'The ledger could not be reached.';
  return 'The sync stopped.';
}

export function SyncPanel({
  status,
  onCancel,
  cancelling,
  cancelError,
}: {
  status: SyncStatus;
  onCancel: () => void;
  cancelling: boolean;
  cancelError: unknown;
}) {
  const active = status.state === 'running' || status.state === 'waiting';
  return (
    // Not a live region itself (the rate and ETA change every poll); the LiveStatus says the
    // progress at most every few seconds and the end at once.
    <section className="panel local-sync-panel" data-testid="sync-panel" data-state={status.state} aria-label="Sync">
      <LiveStatus label="Sync status" final={!active} text={syncAnnouncement(status)} />
      <h2>{heading(status)}</h2>
      <p data-testid="sync-progress">
        {newSinceLastSync(status) ?? (
          <>
            {legsInPages(status)}
            {active && ` · ${count(status.legsPerSecond)} legs/s`}
            {active && status.etaSeconds !== null && ` · about ${duration(status.etaSeconds)} left`}
            {status.incremental && ' · what is new since the last sync, and its last hour again'}
          </>
        )}
        {status.resumed && ' · resumed where the last sync stopped'}
      </p>
      {status.state === 'waiting' && (
        <p className="muted" data-testid="sync-waiting">
          {status.waitingFor
            ? `${status.waitingFor}. Nothing is lost meanwhile.`
            : 'The service answered that it is still starting; the sync retries when it says to.'}
        </p>
      )}
      {status.state === 'failed' && status.error && <ErrorMessage error={status.error} title={failureTitle(status)} />}
      {status.state === 'cancelled' && (
        <p className="muted">Nothing fetched is lost: the next sync resumes where it stopped.</p>
      )}
      {active && (
        <button type="button" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      )}
      {cancelError ? <ErrorMessage error={cancelError} title="The sync could not be cancelled." /> : null}
    </section>
  );
}

const legsInPages = (status: SyncStatus) =>
  `${count(status.legs)} ${status.legs === 1 ? 'leg' : 'legs'} in ${count(status.pages)} ${status.pages === 1 ? 'page' : 'pages'}`;

/** What the sync's live region says: the heading's words and the legs so far. */
export function syncAnnouncement(status: SyncStatus): string {
  const legs = legsInPages(status);
  if (status.state === 'waiting') return status.waitingFor ?? HEADINGS.waiting;
  if (status.state === 'failed') return `Sync failed after ${legs}: ${failureTitle(status)}`;
  const outcome = newSinceLastSync(status);
  return `${HEADINGS[status.state].replace('…', '')}: ${outcome ? outcome.charAt(0).toLowerCase() + outcome.slice(1) : legs}`;
}
