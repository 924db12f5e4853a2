// One progress line of a sync, for a person watching a terminal (stderr) and for scripts that
// count lines: legs, pages, rate, and an ETA only while one means something (main's estimate: two
// pages in, more to come). The last line of a finished incremental sync says what it added, in the
// screen's words (src-shared/text/sync-outcome.ts).
import type { SyncStatus } from '../../src-shared/contract/local-ledger.ts';
import { newSinceLastSync } from '../../src-shared/text/sync-outcome.ts';

export function progressLine(status: SyncStatus): string {
  const active = status.state === 'running' || status.state === 'waiting';
  const eta = active && status.etaSeconds !== null ? `, ETA ${formatSeconds(status.etaSeconds)}` : '';
  const waiting =
    status.state !== 'waiting'
      ? ''
      : status.waitingFor
        ? ` (waiting: ${status.waitingFor})`
        : ' (the service is starting: waiting)';
  const outcome = newSinceLastSync(status);
  return `sync: ${status.legs} legs, ${status.pages} pages, ${status.legsPerSecond} legs/s${eta}${waiting}${outcome ? `; ${outcome.charAt(0).toLowerCase()}${outcome.slice(1)}` : ''}`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
