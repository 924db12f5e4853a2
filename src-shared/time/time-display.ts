// How a time reads on screen, everywhere a leg's effectiveAt (or any time the service sent) is
// shown: the Transfers table, the Local ledger's tables, first/last seen. One formatter, built on
// readRfc3339, so a time with 12 fraction digits or an offset shows as the instant it names, and
// the fraction's digits are the text's own (never rounded, never cut to milliseconds).
// docs/times.md has the rules.
import { isLeapSecondText, readRfc3339, type TimeZoneChoice, wallClock } from './time-text.ts';

/** What a missing time looks like: a dash, never the word "null". */
export const NO_TIME_TEXT = '—';

export type TimeFormat = 'relative' | 'absolute';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A time as text: absolute ("2026-10-31 14:23:07.203456 UTC", or the local wall clock without a
 * suffix) or relative ("3 days ago"). A time that cannot be read is shown as it was sent.
 */
export function formatEffectiveTime(
  text: string | null,
  options: { zone: TimeZoneChoice; format?: TimeFormat; now?: number },
): string {
  if (text === null) return NO_TIME_TEXT;
  const at = readRfc3339(text);
  if (!at) return text;
  if (options.format === 'relative') return relativeTime(at.ms, options.now ?? Date.now());
  // The fraction is the same in every offset (offsets are whole minutes): the text's own digits.
  const leap = isLeapSecondText(text);
  const fraction = /:\d{2}\.(\d+)/.exec(text)?.[1];
  const second = new Date(Math.floor(at.ms / 1000) * 1000);
  const utc = options.zone === 'utc';
  const parts = wallClock(second, options.zone);
  const [y, mo, d, h, mi, s] = parts;
  const seconds = leap ? '60' : pad(s);
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${seconds}${fraction ? `.${fraction}` : ''}${utc ? ' UTC' : ''}`;
}

/**
 * formatEffectiveTime(text, { zone }).length, absolute (a relative time is shorter), without
 * formatting: a table sizes its time column over every value it holds (up to 100,000 legs).
 */
export function effectiveTimeChars(text: string | null, zone: TimeZoneChoice): number {
  if (text === null) return NO_TIME_TEXT.length;
  if (!readRfc3339(text)) return text.length;
  // At the ends of the years a zone or an offset can move the year past 9999: formatted to count.
  if (/^\s*(0001|9999)/.test(text)) return formatEffectiveTime(text, { zone }).length;
  const fraction = /:\d{2}\.(\d+)/.exec(text)?.[1];
  // "YYYY-MM-DD hh:mm:ss" (years 0001-9999), the fraction's own digits, " UTC" in UTC.
  return 19 + (fraction ? 1 + fraction.length : 0) + (zone === 'utc' ? 4 : 0);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 days ago", "in 5 minutes": `ms` from `now`, in the largest whole unit. */
export function relativeTime(ms: number, now: number): string {
  const diff = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return relative.format(Math.round(diff / size), unit);
  }
  return relative.format(0, 'second');
}

/**
 * The zone a time field reads a time without an offset in, as its marker says it: "UTC", or
 * "local (Europe/Paris)" (the zone's name, not an offset: the offset differs between summer and
 * winter dates).
 */
export function zoneMarkerText(zone: TimeZoneChoice): string {
  if (zone === 'utc') return 'UTC';
  // Read once: a new Intl.DateTimeFormat per time field per render cost ~1 ms a filter change.
  localZoneName ??= new Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  return localZoneName ? `local (${localZoneName})` : 'local';
}
let localZoneName: string | undefined;
