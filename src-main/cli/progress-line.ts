// One progress line of a sync, for a person watching a terminal (stderr) and for scripts that
// count lines: legs, pages, rate, ETA.
import type { SyncStatus } from '../../src-shared/contract/local-ledger.ts';

export function progressLine(status: SyncStatus): string {
  const eta = status.etaSeconds === null ? 'ETA ?' : `ETA ${formatSeconds(status.etaSeconds)}`;
  const waiting =
    status.state !== 'waiting'
      ? ''
      : status.waitingFor
        ? ` (waiting: ${status.waitingFor})`
        : ' (the service is starting: waiting)';
  return `sync: ${status.legs} legs, ${status.pages} pages, ${status.legsPerSecond} legs/s, ${eta}${waiting}`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
