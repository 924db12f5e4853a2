// The live export's CSV and JSON Lines rows. Every cell by the app's one CSV cell rule
// (src-main/files/csv-cell.ts): RFC 4180 quoting, and the formula guard (a party id or status from
// the service must never execute on the analyst's machine). Null is an empty field.

import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { csvCell, FORMULA_CLASS, GUARD_MARK } from '../../../files/csv-cell.ts';

/** Party id -> the address book's label (saved parties with a label), read when an export starts. */
export type PartyLabels = ReadonlyMap<string, string>;
export const NO_LABELS: PartyLabels = new Map();

export const labelsOf = (saved: ReadonlyArray<{ party: string; label: string }>): PartyLabels =>
  new Map(saved.filter((p) => p.label !== '').map((p) => [p.party, p.label]));

/** The 12 fields as the service sent them, then the address book's labels of sender and receiver (docs/address-book.md). */
export const CSV_COLUMNS: readonly string[] = [...TRANSFER_LEG_FIELDS, 'senderLabel', 'receiverLabel'];
export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

// The same fields as csvCell, without its work for the common case. A row is first written
// plainly and tested once: no quote or line break anywhere, no field starting like a formula or
// with a guard's mark (or a negative number), and exactly 13 commas (so no field holds one). Only a
// row that fails is written field by field through csvCell. The export writes ~14 million fields.
const SUSPECT = new RegExp(`["\\r\\n]|(?:^|,)[${GUARD_MARK}${FORMULA_CLASS}]`);
const SEPARATORS = CSV_COLUMNS.length - 1;

function plain(value: string | number | boolean | null): string {
  return typeof value === 'string' ? value : value === null ? '' : String(value);
}

function commas(row: string): number {
  let count = 0;
  for (let i = row.indexOf(','); i >= 0 && count <= SEPARATORS; i = row.indexOf(',', i + 1)) count++;
  return count;
}

export function csvRow(leg: TransferLeg, labels: PartyLabels = NO_LABELS): string {
  const senderLabel = (leg.senderParty !== null && labels.get(leg.senderParty)) || null;
  const receiverLabel = (leg.receiverParty !== null && labels.get(leg.receiverParty)) || null;
  const row = `${plain(leg.updateId)},${plain(leg.effectiveAt)},${plain(leg.instrumentAdmin)},${plain(
    leg.instrumentId,
  )},${plain(leg.symbol)},${plain(leg.decimals)},${plain(leg.amount)},${plain(leg.senderParty)},${plain(
    leg.receiverParty,
  )},${plain(leg.counterparty)},${plain(leg.isIncoming)},${plain(leg.status)},${plain(senderLabel)},${plain(receiverLabel)}`;
  if (!SUSPECT.test(row) && commas(row) === SEPARATORS) return `${row}\r\n`;
  let careful = '';
  for (let i = 0; i < TRANSFER_LEG_FIELDS.length; i++) {
    if (i > 0) careful += ',';
    careful += csvCell(leg[TRANSFER_LEG_FIELDS[i]]);
  }
  return `${careful},${csvCell(senderLabel)},${csvCell(receiverLabel)}\r\n`;
}

/** A page's rows as one string: one write per page, not one per leg. */
export function csvRows(legs: readonly TransferLeg[], labels: PartyLabels = NO_LABELS): string {
  let rows = '';
  for (let i = 0; i < legs.length; i++) rows += csvRow(legs[i], labels);
  return rows;
}

/** The leg as the service sent it, plus senderLabel and receiverLabel (null when not saved). */
export function jsonLine(leg: TransferLeg, labels: PartyLabels = NO_LABELS): string {
  const sender = (leg.senderParty !== null && labels.get(leg.senderParty)) || null;
  const receiver = (leg.receiverParty !== null && labels.get(leg.receiverParty)) || null;
  // Appended to the leg's own JSON rather than spread into a copy: a million legs, no extra objects.
  return `${JSON.stringify(leg).slice(0, -1)},"senderLabel":${JSON.stringify(sender)},"receiverLabel":${JSON.stringify(receiver)}}\n`;
}
