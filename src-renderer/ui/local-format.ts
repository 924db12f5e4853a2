// How local legs and store facts read on screen (amounts: ui/amount-cell.tsx); times are shown
// absolute in the zone the preferences choose, by the same formatter as the Transfers table
// (src-shared/time/time-display.ts).
import { formatEffectiveTime } from '../../src-shared/time/time-display.ts';
import type { TimeZoneChoice } from '../../src-shared/time/time-text.ts';

export const NULL_TEXT = '—';

/** A time as the local views show it: absolute, in the preferences' zone (the app's one formatter). */
export function formatTime(iso: string | null, zone: TimeZoneChoice): string {
  return formatEffectiveTime(iso, { zone });
}

export const count = (n: number) => n.toLocaleString('en');

/** "3 minutes ago", "just now": how long since the last sync finished. */
export function ago(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes === 0) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${Math.round(seconds % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
