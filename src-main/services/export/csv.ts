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

// The same fields as csvField, without its work for the common case. A row is first written
// plainly and tested once: no quote or line break anywhere, no field starting like a formula
// (or a negative number), and exactly 11 commas (so no field holds one). Only a row that fails
// is written field by field through csvField. The export writes ~12 million fields.
const SUSPECT = /["\r\n]|(?:^|,)[=+\-@\t\r]/;
const SEPARATORS = TRANSFER_LEG_FIELDS.length - 1;

function plain(value: string | number | boolean | null): string {
  return typeof value === 'string' ? value : value === null ? '' : String(value);
}

function commas(row: string): number {
  let count = 0;
  for (let i = row.indexOf(','); i >= 0 && count <= SEPARATORS; i = row.indexOf(',', i + 1)) count++;
  return count;
}

export function csvRow(leg: TransferLeg): string {
  const row = `${plain(leg.updateId)},${plain(leg.effectiveAt)},${plain(leg.instrumentAdmin)},${plain(
    leg.instrumentId,
  )},${plain(leg.symbol)},${plain(leg.decimals)},${plain(leg.amount)},${plain(leg.senderParty)},${plain(
    leg.receiverParty,
  )},${plain(leg.counterparty)},${plain(leg.isIncoming)},${plain(leg.status)}`;
  if (!SUSPECT.test(row) && commas(row) === SEPARATORS) return `${row}\r\n`;
  let careful = '';
  for (let i = 0; i < TRANSFER_LEG_FIELDS.length; i++) {
    if (i > 0) careful += ',';
    careful += csvField(leg[TRANSFER_LEG_FIELDS[i]]);
  }
  return `${careful}\r\n`;
}

/** A page's rows as one string: one write per page, not one per leg. */
export function csvRows(legs: readonly TransferLeg[]): string {
  let rows = '';
  for (let i = 0; i < legs.length; i++) rows += csvRow(legs[i]);
  return rows;
}

export function jsonLine(leg: TransferLeg): string {
  return `${JSON.stringify(leg)}\n`;
}
