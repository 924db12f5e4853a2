// "Sync all my parties": every party the profile's ledger JWT can read (the sandbox: its parties),
// synced one after another with one combined progress (parties done of all, legs so far, the
// party under way) and each party's own state; one party's failure is shown at that party and the
// others go on. Cancel keeps what is finished: the next "Sync all" skips it and resumes the rest.
// The button is one of the Local ledger header's options; the progress shows under the header.

import { useId, useState } from 'react';
import type { TimeRange } from '../../../src-shared/contract/local-ledger.ts';
import type { SyncAllParty, SyncAllStatus } from '../../../src-shared/contract/sync-all.ts';
import { useCancelSyncAll, useStartSyncAll, useSyncAllStatus } from '../../data/sync-all.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { LiveStatus } from '../../ui/live-status.tsx';
import { count } from '../../ui/local-format.ts';
import { PartyName } from '../../ui/party-id.tsx';

const HEADINGS: Record<SyncAllStatus['state'], string> = {
  running: 'Syncing all parties…',
  done: 'All parties synced',
  cancelled: 'Sync all cancelled',
  failed: 'Sync all stopped',
};

const PARTY_STATES: Record<SyncAllParty['state'], string> = {
  pending: 'waiting its turn',
  running: 'syncing',
  waiting: 'waiting for the service or another program',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled: resumes next time',
  skipped: 'done by the interrupted run',
};

export function syncAllAnnouncement(status: SyncAllStatus): string {
  const parties = `${count(status.done)} of ${count(status.total)} parties, ${count(status.legs)} ${status.legs === 1 ? 'leg' : 'legs'}`;
  const failed = status.failed > 0 ? `, ${count(status.failed)} failed` : '';
  return `${HEADINGS[status.state].replace('…', '')}: ${parties}${failed}`;
}

/** A "Sync all" run of the profile: started from the header's options, its progress shown under the header. */
export interface SyncAll {
  begin: () => void;
  running: boolean;
  status: SyncAllStatus | null;
  startError: unknown;
  cancel: ReturnType<typeof useCancelSyncAll>;
}

/**
 * The run's state lives with the screen, not with the button: the button sits in the header's
 * options (folded away), and the progress must stay on screen when they fold.
 */
export function useSyncAll({
  profileId,
  nodeId,
  readRange,
}: {
  profileId: string;
  nodeId: string | null;
  /** The Sync range as the sync reads it (null: a field is wrong and says so). */
  readRange: () => TimeRange | null;
}): SyncAll {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartSyncAll();
  const cancel = useCancelSyncAll();
  const job = useSyncAllStatus(jobId);
  const status = job.data && job.data.profileId === profileId ? job.data : null;
  const running = start.isPending || status?.state === 'running';
  const begin = () => {
    const range = readRange();
    if (!range) return;
    cancel.reset();
    start.mutate({ profileId, parties: 'all-readable', nodeId, range }, { onSuccess: (s) => setJobId(s.jobId) });
  };
  return { begin, running, status, startError: start.error, cancel };
}

export function SyncAllButton({ syncAll }: { syncAll: SyncAll }) {
  return (
    <div className="local-sync-all-start">
      <button type="button" onClick={syncAll.begin} disabled={syncAll.running}>
        Sync all my parties
      </button>
      {syncAll.startError ? <ErrorMessage error={syncAll.startError} title="Sync all could not start." /> : null}
    </div>
  );
}

/**
 * The run's progress. Once it has ended well, it folds to its one line (the list of parties one
 * click away), so it does not hold the views down the screen; a failed party keeps the list open.
 */
export function SyncAllProgress({ syncAll }: { syncAll: SyncAll }) {
  const { status, cancel } = syncAll;
  const [listOpen, setListOpen] = useState(false);
  const listId = useId();
  if (!status) return null;
  const foldable = status.state !== 'running' && status.failed === 0 && !status.error;
  const folded = foldable && !listOpen;
  return (
    <section className="local-sync-all" aria-label="Sync all parties" data-testid="sync-all">
      <div className="panel local-sync-all-panel" data-state={status.state} data-folded={folded}>
        <LiveStatus label="Sync all status" final={status.state !== 'running'} text={syncAllAnnouncement(status)} />
        <h2>{HEADINGS[status.state]}</h2>
        <p data-testid="sync-all-progress">
          {count(status.done)} of {count(status.total)} parties · {count(status.legs)}{' '}
          {status.legs === 1 ? 'leg' : 'legs'}
          {status.state === 'running' && ` · ${count(status.legsPerSecond)} legs/s`}
          {status.failed > 0 && ` · ${count(status.failed)} failed`}
          {status.resumed && ' · resumed: parties finished before were not fetched again'}
          {status.source === 'sandbox' && ' · the sandbox network’s parties'}
          {status.source === 'token' && ' · the parties the ledger JWT names'}
        </p>
        {foldable && (
          <button type="button" aria-expanded={!folded} aria-controls={listId} onClick={() => setListOpen(folded)}>
            {folded ? 'Show parties' : 'Hide parties'}
          </button>
        )}
        {status.current && (
          <p className="muted">
            Now: <PartyName party={status.current} />
          </p>
        )}
        {status.error && <ErrorMessage error={status.error} title="Sync all stopped." />}
        <ul id={listId} className="local-sync-all-parties" aria-label="Parties" hidden={folded}>
          {status.parties.map((p) => (
            <li key={p.party} data-state={p.state}>
              <PartyName party={p.party} /> <span className="muted">{PARTY_STATES[p.state]}</span>
              {p.legs > 0 && ` · ${count(p.legs)} ${p.legs === 1 ? 'leg' : 'legs'}`}
              {p.resumed && ' · resumed'}
              {p.error && <span className="local-sync-all-error"> · {p.error.message}</span>}
            </li>
          ))}
        </ul>
        {status.state === 'running' && (
          <button type="button" onClick={() => cancel.mutate(status.jobId)} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling sync all…' : 'Cancel sync all'}
          </button>
        )}
        {cancel.error ? <ErrorMessage error={cancel.error} title="Sync all could not be cancelled." /> : null}
      </div>
    </section>
  );
}
