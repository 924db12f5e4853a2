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

// The same fields as csvField, without its work for the common case: most fields are plain text
// that needs neither quotes nor the formula guard, and the export writes ~12 million of them.
const QUOTE_TRIGGERS = /[",\r\n]/;

function textCell(text: string): string {
  if (text.length === 0) return text;
  const c = text.charCodeAt(0);
  // = + - @ TAB CR start a formula (or a negative amount): csvField decides.
  if (c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) return csvField(text);
  return QUOTE_TRIGGERS.test(text) ? csvField(text) : text;
}

function cell(value: string | number | boolean | null): string {
  return typeof value === 'string' ? textCell(value) : csvField(value);
}

export function csvRow(leg: TransferLeg): string {
  return `${cell(leg.updateId)},${cell(leg.effectiveAt)},${cell(leg.instrumentAdmin)},${cell(leg.instrumentId)},${cell(
    leg.symbol,
  )},${cell(leg.decimals)},${cell(leg.amount)},${cell(leg.senderParty)},${cell(leg.receiverParty)},${cell(
    leg.counterparty,
  )},${cell(leg.isIncoming)},${cell(leg.status)}\r\n`;
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
