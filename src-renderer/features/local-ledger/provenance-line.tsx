// Where every local view's data came from: "Local, synced 3 minutes ago from node X, 1,234 legs",
// with "Sync now" beside it (and the header's Options toggle). Shown on every tab, so no number is
// taken for a live answer.
import type { ReactNode } from 'react';
import type { LakeInfo } from '../../../src-shared/contract/lake.ts';
import type { LocalPartyStatus } from '../../../src-shared/contract/local-ledger.ts';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import { ago, count, formatTime } from '../../ui/local-format.ts';
import { useTimeZone } from '../../ui/time-zone.ts';
import { useNow } from '../../ui/use-now.ts';

/** A lake opened as the source: "Lake at /desk/lake, manifest of 2 Dec 2026 14:05 UTC, 100 parties, 10,000,000 legs". */
export function lakeProvenanceText(lake: LakeInfo, zone: TimeZoneChoice): string {
  const n = lake.parties.length;
  return `Lake at ${lake.folder}, manifest of ${formatTime(lake.writtenAt, zone)}, ${count(n)} ${n === 1 ? 'party' : 'parties'}, ${count(lake.legs)} legs`;
}

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
  lake,
  children,
}: {
  status: LocalPartyStatus | undefined;
  syncing: boolean;
  onSync: () => void;
  /** The lake read instead of the store: its line, and no Sync (the app never writes a lake). */
  lake?: LakeInfo | null;
  children?: ReactNode;
}) {
  const now = useNow(30_000);
  const zone = useTimeZone();
  if (lake) {
    return (
      <div className="local-provenance">
        <span data-testid="local-provenance">{lakeProvenanceText(lake, zone)}</span>
      </div>
    );
  }
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
