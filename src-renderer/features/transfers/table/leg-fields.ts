// The table's columns as data: one row per field of a transfer leg (all 12 of the spec), in the
// order the columns start in. leg-columns.tsx generates the column definitions from this table;
// what a kind means (how its cells look, how it sorts) is decided there, once per kind.
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';

export type LegFieldKind =
  /** isIncoming: an incoming/outgoing badge. */
  | 'direction'
  /** An ISO time, shown relative or absolute in the chosen zone. */
  | 'time'
  /** A decimal string, formatted with the leg's decimals and compared exactly. */
  | 'amount'
  /** The other party: a button that opens its transfers (drill-down). */
  | 'counterparty'
  /** A party id, shortened, in full on hover. */
  | 'party'
  /** An update id: its two ends, whole on hover, on keyboard focus and in a copy. */
  | 'id'
  | 'text'
  | 'count';

export interface LegField {
  field: keyof TransferLeg;
  header: string;
  kind: LegFieldKind;
  /** Starting width in pixels. */
  width: number;
  /** Hidden until the user shows it: the rest fit a laptop screen. */
  hidden?: true;
}

export const LEG_FIELDS: readonly LegField[] = [
  { field: 'isIncoming', header: 'Direction', kind: 'direction', width: 90 },
  { field: 'effectiveAt', header: 'Effective at', kind: 'time', width: 200 },
  { field: 'amount', header: 'Amount', kind: 'amount', width: 220 },
  { field: 'symbol', header: 'Symbol', kind: 'text', width: 90 },
  { field: 'counterparty', header: 'Counterparty', kind: 'counterparty', width: 210 },
  { field: 'status', header: 'Status', kind: 'text', width: 100 },
  { field: 'updateId', header: 'Update id', kind: 'id', width: 180 },
  { field: 'senderParty', header: 'Sender', kind: 'party', width: 200 },
  { field: 'receiverParty', header: 'Receiver', kind: 'party', width: 200 },
  { field: 'instrumentId', header: 'Instrument id', kind: 'text', width: 150 },
  { field: 'instrumentAdmin', header: 'Instrument admin', kind: 'party', width: 200, hidden: true },
  { field: 'decimals', header: 'Decimals', kind: 'count', width: 90, hidden: true },
];
