// RFC 4180 CSV: a field is quoted when it holds a comma, a quote, CR or LF (quotes doubled), or
// when it starts with = + - @ (a spreadsheet would run it as a formula: a party id or status from
// the service must never execute on the analyst's machine). Null is an empty field.
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../src-shared/contract/transfers.ts';

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  // Amounts ("-12.5") are numbers, not formulas: only guard text that is not a plain number.
  const formula = FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const guarded = formula ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) || formula ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export const CSV_HEADER = `${TRANSFER_LEG_FIELDS.join(',')}\r\n`;

export function csvRow(leg: TransferLeg): string {
  let row = '';
  for (let i = 0; i < TRANSFER_LEG_FIELDS.length; i++) {
    if (i > 0) row += ',';
    row += csvField(leg[TRANSFER_LEG_FIELDS[i]]);
  }
  return `${row}\r\n`;
}

export function jsonLine(leg: TransferLeg): string {
  return `${JSON.stringify(leg)}\n`;
}
