// Where every local view's data came from: "Local, synced 3 minutes ago from node X, 1,234 legs",
// with "Sync now" beside it (and what else acts on the sync: "Copy CLI command"). Shown on every
// tab, so no number is taken for a live answer.
import type { ReactNode } from 'react';
import type { LocalPartyStatus } from '../../../src-shared/contract/local-ledger.ts';
import { ago, count } from '../../ui/local-format.ts';
import { useNow } from '../../ui/use-now.ts';

export function provenanceText(status: LocalPartyStatus | undefined, now: number): string {
  if (!status) return 'Reading the local store…';
  if (!status.lastSyncAt) {
    return status.legs > 0 ? `Local, sync not finished yet, ${count(status.legs)} legs` : 'Not synced yet';
  }
  const node = status.nodeId ? `node ${status.nodeId}` : 'the default node';
  const inexact = status.inexactLegs > 0 ? ` (${count(status.inexactLegs)} kept as text, left out of sums)` : '';
  return `Local, synced ${ago(status.lastSyncAt, now)} from ${node}, ${count(status.legs)} legs${inexact}`;
}

export function ProvenanceLine({
  status,
  syncing,
  onSync,
  children,
}: {
  status: LocalPartyStatus | undefined;
  syncing: boolean;
  onSync: () => void;
  children?: ReactNode;
}) {
  const now = useNow(30_000);
  return (
    <div className="local-provenance">
      <span data-testid="local-provenance">{provenanceText(status, now)}</span>
      <button type="button" onClick={onSync} disabled={syncing || !status}>
        {status?.resumable ? 'Resume sync' : 'Sync now'}
      </button>
      {children}
    </div>
  );
}
