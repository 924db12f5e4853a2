// What a finished incremental sync found, in the same words on the screen (sync-panel.tsx) and in
// the CLI's last progress line. Such a sync fetches its last hour again (late and changed legs), so
// its legs are not all new: "Sync done: 2 legs … only what is new" said it synced two legs while
// the store stayed as it was (issue 37). Each count is of legs (sync-replace.ts, windowOutcome), not a
// difference of totals: a leg gone and another come is one new leg, not "nothing new".
import type { SyncStatus } from '../contract/local-ledger.ts';

const count = (n: number) => n.toLocaleString('en');
const legs = (n: number) => `${count(n)} ${n === 1 ? 'leg' : 'legs'}`;

/** null: not a finished incremental sync (its legs in pages say it all). */
export function newSinceLastSync(
  status: Pick<SyncStatus, 'state' | 'incremental' | 'legs' | 'newLegs' | 'changedLegs' | 'goneLegs'>,
): string | null {
  if (status.state !== 'done' || !status.incremental || status.newLegs === null) return null;
  const fresh = status.newLegs;
  const changed = status.changedLegs ?? 0;
  const gone = status.goneLegs ?? 0;
  const found = [
    ...(fresh > 0 ? [`${count(fresh)} new ${fresh === 1 ? 'leg' : 'legs'}`] : []),
    ...(changed > 0 ? [`${legs(changed)} with a changed status`] : []),
  ];
  const head = found.length ? `${found.join(' and ')} since the last sync` : 'Nothing new since the last sync';
  const removed = gone > 0 ? `; ${legs(gone)} no longer sent, removed` : '';
  const checked = status.legs - fresh - changed;
  const again = checked > 0 ? ` (${found.length || gone ? count(checked) : legs(checked)} checked again)` : '';
  return `${head}${removed}${again}`;
}
