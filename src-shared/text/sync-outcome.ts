// What a finished incremental sync added, in the same words on the screen (sync-panel.tsx) and in
// the CLI's last progress line. Such a sync fetches its last hour again (late and changed legs), so
// its legs are not all new: "Sync done: 2 legs … only what is new" said it synced two legs while
// the store stayed as it was (issue 37).
import type { SyncStatus } from '../contract/local-ledger.ts';

const count = (n: number) => n.toLocaleString('en');
const legs = (n: number) => `${count(n)} ${n === 1 ? 'leg' : 'legs'}`;

/** null: not a finished incremental sync (its legs in pages say it all). */
export function newSinceLastSync(
  status: Pick<SyncStatus, 'state' | 'incremental' | 'legs' | 'newLegs'>,
): string | null {
  if (status.state !== 'done' || !status.incremental || status.newLegs === null) return null;
  if (status.newLegs === 0) return `Nothing new since the last sync (${legs(status.legs)} checked again)`;
  if (status.newLegs > 0)
    return `${count(status.newLegs)} new ${status.newLegs === 1 ? 'leg' : 'legs'} since the last sync (${count(status.legs - status.newLegs)} checked again)`;
  return `${legs(status.legs)} fetched again: ${count(-status.newLegs)} fewer than the store held (the service no longer sends them)`;
}
