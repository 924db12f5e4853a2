// The local table's columns: the same fields, headers and cell looks as the live transfers table,
// each sortable by main over every stored leg (LocalSortColumn).
import type { ReactNode } from 'react';
import type { LocalLeg, LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import { formatLegAmount, formatTime, NULL_TEXT } from '../../../ui/local-format.ts';
import { PartyName } from '../../../ui/party-id.tsx';

export interface LocalColumn {
  id: keyof LocalLeg;
  header: string;
  /** null: not sortable (main sorts by the columns the contract names). */
  sort: LocalSortColumn | null;
  width: number;
  numeric?: true;
  cell: (leg: LocalLeg, zone: 'local' | 'utc') => ReactNode;
}

const missing = <span className="muted">{NULL_TEXT}</span>;
// The address book's label when saved, the short id otherwise; the full id on hover.
const party = (value: string | null) => (value === null ? missing : <PartyName party={value} />);
const text = (value: string | number | null) => (value === null ? missing : String(value));

/** An amount the store kept as text only: shown as sent, marked, and never summed. */
function amountCell(leg: LocalLeg): ReactNode {
  if (leg.amount === null) return missing;
  if (!leg.amountExact) {
    return (
      <span className="inexact-amount" title={`Kept as text (${leg.amount}): not an exact decimal, left out of sums`}>
        <span className="inexact-marker">≈ </span>
        {leg.amount}
      </span>
    );
  }
  return <span title={leg.amount}>{formatLegAmount(leg.amount, leg.decimals)}</span>;
}

export const LOCAL_COLUMNS: readonly LocalColumn[] = [
  {
    id: 'isIncoming',
    header: 'Direction',
    sort: 'isIncoming',
    width: 90,
    cell: (leg) =>
      leg.isIncoming ? (
        <span className="badge badge-in">incoming</span>
      ) : (
        <span className="badge badge-out">outgoing</span>
      ),
  },
  {
    id: 'effectiveAt',
    header: 'Effective at',
    sort: 'effectiveAt',
    width: 190,
    cell: (leg, zone) => <span title={leg.effectiveAt ?? undefined}>{formatTime(leg.effectiveAt, zone)}</span>,
  },
  { id: 'amount', header: 'Amount', sort: 'amount', width: 220, numeric: true, cell: amountCell },
  { id: 'symbol', header: 'Symbol', sort: 'symbol', width: 90, cell: (leg) => text(leg.symbol) },
  {
    id: 'counterparty',
    header: 'Counterparty',
    sort: 'counterparty',
    width: 200,
    cell: (leg) => party(leg.counterparty),
  },
  { id: 'status', header: 'Status', sort: 'status', width: 100, cell: (leg) => text(leg.status) },
  {
    id: 'updateId',
    header: 'Update id',
    sort: 'updateId',
    width: 180,
    cell: (leg) =>
      leg.updateId === null ? (
        missing
      ) : (
        <span className="mono" title={leg.updateId}>
          {leg.updateId}
        </span>
      ),
  },
  { id: 'senderParty', header: 'Sender', sort: 'senderParty', width: 190, cell: (leg) => party(leg.senderParty) },
  {
    id: 'receiverParty',
    header: 'Receiver',
    sort: 'receiverParty',
    width: 190,
    cell: (leg) => party(leg.receiverParty),
  },
  {
    id: 'instrumentId',
    header: 'Instrument id',
    sort: 'instrumentId',
    width: 150,
    cell: (leg) => text(leg.instrumentId),
  },
];

export const TABLE_WIDTH = LOCAL_COLUMNS.reduce((sum, c) => sum + c.width, 0);
