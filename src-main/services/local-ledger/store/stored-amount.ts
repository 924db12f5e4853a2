// How an amount is stored: exactly, as an integer count of the smallest unit (HUGEINT) at a scale,
// beside the string the service sent. Never a float. An amount that cannot be stored exactly (not a
// plain decimal, more fraction digits than its decimals, too large for HUGEINT) is kept as text,
// flagged, and left out of every sum (docs/local-ledger.md).

/**
 * Units are exact up to 38 digits: DECIMAL(38,0), the type of `amount_units` in the legs view and
 * in every Parquet export (Parquet has no 128-bit integer; HUGEINT's extra 39th digit would have no
 * exact type there). Beyond it an amount is kept as text, flagged, and left out of sums.
 */
const MAX_UNIT_DIGITS = 38;

/** The scale used when the service sends no `decimals` (the most any instrument in sight uses). */
export const SCALE_WITHOUT_DECIMALS = 18;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export interface StoredAmount {
  /** amount × 10^scale, or null (no amount, or not exact). */
  units: bigint | null;
  scale: number | null;
  /** false only when an amount was sent that cannot be stored exactly. */
  exact: boolean;
}

const NONE: StoredAmount = { units: null, scale: null, exact: true };
const INEXACT: StoredAmount = { units: null, scale: null, exact: false };

export function storedAmount(amount: string | null, decimals: number | null): StoredAmount {
  if (amount === null) return NONE;
  const m = DECIMAL.exec(amount);
  if (!m) return INEXACT;
  const scale = decimals ?? SCALE_WITHOUT_DECIMALS;
  if (!Number.isInteger(scale) || scale < 0 || scale > 76) return INEXACT;
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > scale) {
    // Only trailing zeros may go: "1.50" at 1 decimal is 15 tenths, exactly.
    if (/[^0]/.test(fraction.slice(scale))) return INEXACT;
  }
  const digits = whole + fraction.slice(0, scale).padEnd(scale, '0');
  // Checked on the text: a huge string never becomes a huge BigInt.
  if (digits.replace(/^0+/, '').length > MAX_UNIT_DIGITS) return INEXACT;
  const units = BigInt(digits);
  return { units: sign ? -units : units, scale, exact: true };
}

/** units / 10^scale as plain decimal text ("-1234.500"): how sums leave the store. */
export function unitsToDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A bound typed by the user ("12.5") as units at `scale`, for an exact comparison with stored
 * units: rounded toward the side that keeps the comparison exact (`floor` for >=, `ceil` for <=
 * would each admit a value the user excluded, so a lower bound rounds up, an upper bound down).
 */
export function boundToUnits(bound: string, scale: number, side: 'min' | 'max'): bigint {
  const m = DECIMAL.exec(bound.trim());
  if (!m) throw new RangeError('not a decimal');
  const [, sign, whole, fraction = ''] = m;
  const kept = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  const dropped = /[^0]/.test(fraction.slice(scale));
  let units = sign ? -kept : kept;
  // Truncation moved the value toward zero; a dropped non-zero tail means the bound sits between two units.
  if (dropped) {
    const truncatedUp = units < 0n; // toward zero from below means the value went up
    if (side === 'min' && !truncatedUp) units += 1n;
    if (side === 'max' && truncatedUp) units -= 1n;
  }
  return units;
}
