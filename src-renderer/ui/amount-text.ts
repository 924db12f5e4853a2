// How an exact amount reads in a table, without the DOM: its text, what Copy copies, and how many
// characters (so a table can size a column to its widest value without rendering a row). The cell
// itself is ui/amount-cell.tsx.
import { decimalToString, formatAmount } from '../../src-shared/decimal.ts';

/** What a missing amount looks like: a dash, never the word "null". */
export const NO_AMOUNT = '—';
/** Before an amount the store keeps as text only (not exact): it is shown as sent, and never summed. */
export const INEXACT_MARK = '≈ ';

export interface AmountValue {
  /** The amount as the service sent it, or a sum as decimal text; null: none. */
  amount: string | null;
  /** The instrument's decimals: the fraction is padded to them (never rounded); null: as sent. */
  decimals: number | null;
  /** false: the store keeps this amount as text only (not an exact decimal): shown as sent, marked. */
  exact?: boolean;
  /** false: the digits without thousands separators (a SQL result shows the query's own text). */
  group?: boolean;
}

/** The text a cell shows for an amount: exact, grouped unless asked not to, padded to its decimals. */
export function amountText({ amount, decimals, exact = true, group = true }: AmountValue): string {
  if (amount === null) return NO_AMOUNT;
  if (!exact) return `${INEXACT_MARK}${amount}`;
  return formatAmount(amount, decimals, { group });
}

/**
 * A token amount in its smallest unit (a uint256 as decimal text, the way a contract returns it) scaled by
 * the token's decimals: "92000000000000" with 6 -> "92,000,000.000000". Exact (bigint and decimal text, never
 * a float), then shown as every amount is (amountText). Null for text that is not a whole number.
 */
export function baseUnitsText(raw: string, decimals: number): string | null {
  if (!/^-?\d+$/.test(raw) || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return null;
  return amountText({ amount: decimalToString({ units: BigInt(raw), scale: decimals }), decimals });
}

/**
 * What the hover text says and Copy puts on the clipboard: the amount exactly as the service sent
 * it (a sum: as main computed it), without grouping or padding; what the cell shows is the same number.
 */
export function amountCopyText({ amount }: AmountValue): string {
  return amount ?? '';
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * amountText(value).length without building the text: a table sizes its amount column over every
 * value it holds (100,000 loaded legs), so this counts digits instead of formatting. It follows
 * formatAmount step for step (leading zeros dropped, -0 unsigned, the fraction padded to
 * `decimals`, a comma per three whole digits); a property test holds the two equal.
 */
export function amountChars({ amount, decimals, exact = true, group = true }: AmountValue): number {
  if (amount === null) return NO_AMOUNT.length;
  if (!exact) return INEXACT_MARK.length + amount.length;
  const m = DECIMAL.exec(amount.trim());
  if (!m) return amount.length;
  const [, sign, whole, fraction = ''] = m;
  const scale = decimals !== null && decimals >= fraction.length ? decimals : fraction.length;
  let first = 0;
  const digits = whole + fraction;
  while (first < digits.length && digits[first] === '0') first++;
  const significant = digits.length - first;
  const wholeDigits = Math.max(1, significant - fraction.length);
  const commas = group ? Math.floor((wholeDigits - 1) / 3) : 0;
  const negative = sign !== undefined && significant > 0;
  return (negative ? 1 : 0) + wholeDigits + commas + (scale > 0 ? 1 + scale : 0);
}

/** The most characters any of `values` takes (0 for none). */
export function widestAmount(values: Iterable<AmountValue>): number {
  let widest = 0;
  for (const value of values) widest = Math.max(widest, amountChars(value));
  return widest;
}

/** A cell's left and right padding in the app's tables. */
export const CELL_PADDING_PX = 16;
/** The Copy icon beside an amount or an id and the gap before it (copy-icon.css gives it this size). */
export const COPY_ICON_PX = 19;

/** The pixels a column needs to show `chars` characters of amount whole, with its Copy button. */
export function amountColumnPx(chars: number, charPx: number): number {
  return Math.ceil(chars * charPx) + CELL_PADDING_PX + COPY_ICON_PX;
}
