// How leg values read on screen. Amounts are formatted exactly from the decimal string and
// `decimals` (src-shared/decimal.ts): never through a float, so 10^15 whales and 18-decimal
// tokens show every digit the service sent.
import { formatAmount } from '../../../../src-shared/decimal.ts';

/** What a null from the service looks like: a dash, never the word "null". */
export const NULL_TEXT = '—';

export function formatLegAmount(amount: string | null, decimals: number | null): string {
  if (amount === null) return NULL_TEXT;
  return formatAmount(amount, decimals);
}

export function textOrDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? NULL_TEXT : String(value);
}

export type TimeZoneChoice = 'local' | 'utc';
export type TimeFormat = 'relative' | 'absolute';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * An effective time as text. Absolute UTC keeps the service's own fraction (microseconds) by
 * reading the string; local time goes through Date, which holds milliseconds.
 */
export function formatEffectiveAt(
  iso: string | null,
  options: { format: TimeFormat; zone: TimeZoneChoice; now?: number },
): string {
  if (iso === null) return NULL_TEXT;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  if (options.format === 'relative') return relativeTime(ms, options.now ?? Date.now());
  if (options.zone === 'utc') {
    const fraction = /\.(\d+)/.exec(iso)?.[1];
    const d = new Date(ms);
    return `${dateUtc(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${
      fraction ? `.${fraction}` : ''
    } UTC`;
  }
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}${d.getMilliseconds() ? `.${pad(d.getMilliseconds(), 3)}` : ''}`;
}

const dateUtc = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(ms: number, now: number): string {
  const diff = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return relative.format(Math.round(diff / size), unit);
  }
  return relative.format(0, 'second');
}
