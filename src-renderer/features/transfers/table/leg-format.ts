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

// Times: the app's one formatter (src-shared/time/time-display.ts), which shows the instant the
// text names and keeps its fraction digits. Re-exported under the names the table uses.
export type { TimeFormat } from '../../../../src-shared/time/time-display.ts';
export { formatEffectiveTime as formatEffectiveAt, relativeTime } from '../../../../src-shared/time/time-display.ts';
export type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
