// Exact decimal arithmetic on amount strings. Money is never a float: amounts arrive as decimal
// strings with `decimals`, are summed as scaled bigints, and are formatted from those.

export interface Decimal {
  /** The value times 10^scale. */
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses "123.4500" / "-7" exactly; null for anything that is not a plain decimal number. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

export function rescale(value: Decimal, scale: number): Decimal {
  if (scale === value.scale) return value;
  if (scale > value.scale) return { units: value.units * 10n ** BigInt(scale - value.scale), scale };
  // Never loses digits silently: only drops trailing zeros.
  const factor = 10n ** BigInt(value.scale - scale);
  if (value.units % factor !== 0n) throw new RangeError('rescaling would lose digits');
  return { units: value.units / factor, scale };
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** Plain decimal text, no grouping: "-1234.500". */
export function decimalToString({ units, scale }: Decimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * An amount for display, exactly: thousands grouped, the fraction shown to `decimals` digits
 * (padded, never rounded). An amount that is not a decimal number is returned as it came.
 */
export function formatAmount(amount: string, decimals: number | null, options: { group?: boolean } = {}): string {
  const parsed = parseDecimal(amount);
  if (!parsed) return amount;
  let value = parsed;
  if (decimals !== null && decimals >= parsed.scale) value = rescale(parsed, decimals);
  const text = decimalToString(value);
  if (options.group === false) return text;
  const [whole, fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}
