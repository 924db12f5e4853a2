// A statement's amount, read exactly (never a float) into the one decimal type (src-shared/decimal.ts).
// Accounting exports group thousands and some write a decimal comma; a text that could be read two
// ways ("1,234" is 1234 or 1.234) is refused with a message rather than guessed. docs/reconcile.md
import { type Decimal, decimalToString, parseDecimal } from '../../../../src-shared/decimal.ts';

export type AmountRead = { ok: true; value: Decimal } | { ok: false; message: string };

/** Digits an amount may hold (what DECIMAL(38, s) holds). */
const MAX_DIGITS = 38;

const GROUPING = { '.': /[,]/g, ',': /[.\u0020\u00a0\u202f]/g } as const;
const GROUPED = {
  '.': /^\d{1,3}(,\d{3})+(\.\d+)?$/,
  ',': /^\d{1,3}([.\u0020\u00a0\u202f]\d{3})+(,\d+)?$/,
} as const;
const PLAIN = { '.': /^\d+(\.\d+)?$/, ',': /^\d+(,\d+)?$/ } as const;

/**
 * `decimal` is the file's decimal separator. With `.`: `1234.5`, `1,234.50`, `-12.5`, `+3`,
 * `(12.50)` (accounting negative). With `,`: `1234,5`, `1.234,50`, `1 234,50`. Refused: one group
 * and no fraction (`1,234` with `.`; `1.234` with `,`), the other convention's decimal, exponents,
 * currency signs, more than 38 digits.
 */
export function readStatementAmount(text: string, decimal: '.' | ','): AmountRead {
  let body = text.trim();
  if (body === '') return { ok: false, message: 'the amount is empty' };
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (body.startsWith('-') || body.startsWith('+')) {
    if (negative) return { ok: false, message: `"${short(text)}" has both parentheses and a sign` };
    negative = body.startsWith('-');
    body = body.slice(1);
  }
  const other = decimal === '.' ? ',' : '.';
  const oneGroup = decimal === '.' ? /^\d{1,3},\d{3}$/ : /^\d{1,3}\.\d{3}$/;
  if (oneGroup.test(body)) {
    return {
      ok: false,
      message: `"${short(text)}" could be ${body.replace(/[.,]/, '')} or ${body.replace(other, decimal)}: write it without grouping${decimal === '.' ? ` or as ${body}.00` : ''}, or choose the other decimal separator`,
    };
  }
  let plain: string | null = null;
  if (PLAIN[decimal].test(body)) plain = body;
  else if (GROUPED[decimal].test(body)) plain = body.replace(GROUPING[decimal], '');
  if (plain === null) {
    const otherPlain = decimal === '.' ? /^\d+(,\d+)?$/ : /^\d+(\.\d+)?$/;
    const otherGrouped = decimal === '.' ? GROUPED[','] : GROUPED['.'];
    const hint =
      otherPlain.test(body) || otherGrouped.test(body)
        ? `: it uses "${other}" as the decimal separator; choose "${other}" for this file`
        : ': write digits with an optional sign and decimal separator, like -1234.50';
    return { ok: false, message: `"${short(text)}" is not an amount${hint}` };
  }
  const normal = decimal === ',' ? plain.replace(',', '.') : plain;
  if (normal.replace('.', '').length > MAX_DIGITS) {
    return { ok: false, message: `the amount has more than ${MAX_DIGITS} digits` };
  }
  const value = parseDecimal(normal);
  if (!value) return { ok: false, message: `"${short(text)}" is not an amount` };
  return { ok: true, value: negative ? { units: -value.units, scale: value.scale } : value };
}

/** The amount without trailing fraction zeros: equal amounts have equal text ("100.50" = "100.5"). */
export function canonicalAmount(value: Decimal): string {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return decimalToString({ units, scale });
}

/** A cell quoted in a message: its first 40 characters. */
export function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
