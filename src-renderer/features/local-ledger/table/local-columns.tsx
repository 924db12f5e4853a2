// The local table's columns: the same fields, headers and cell looks as the live transfers table,
// each sortable by main over every stored leg (LocalSortColumn).
import type { ReactNode } from 'react';
import type { LocalLeg, LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import type { AmountValue } from '../../../ui/amount-text.ts';
import type { WidthKind } from '../../../ui/cell-width.ts';
import { formatTime, NULL_TEXT } from '../../../ui/local-format.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { TimeText } from '../../../ui/time-text.tsx';
import { UpdateId } from '../../../ui/update-id.tsx';

export interface LocalColumn {
  /** A leg's field, or `party`: whose leg it is (tables over several parties). */
  id: keyof LocalLeg | 'party';
  header: string;
  /** null: not sortable (main sorts by the columns the contract names). */
  sort: LocalSortColumn | null;
  /** Pixels; the amount column's is its least width (it widens to its widest value: local-legs-table). */
  width: number;
  numeric?: true;
  /** Sized to its widest value (ui/cell-width.ts): a time, a party or an update id, never cut. */
  fits?: WidthKind;
  cell: (leg: LocalLeg, zone: 'local' | 'utc') => ReactNode;
}

const missing = <span className="muted">{NULL_TEXT}</span>;
// The address book's label when saved, the short id otherwise; the full id on hover.
const party = (value: string | null) => (value === null ? missing : <PartyName party={value} />);
const text = (value: string | number | null) => (value === null ? missing : String(value));

/** A leg's amount as the amount cell reads it: exact, or kept as text (shown as sent, never summed). */
export const legAmount = (leg: LocalLeg): AmountValue => ({
  amount: leg.amount,
  decimals: leg.decimals,
  exact: leg.amountExact,
});

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
    fits: 'time',
    cell: (leg, zone) => <TimeText text={formatTime(leg.effectiveAt, zone)} sent={leg.effectiveAt} />,
  },
  {
    id: 'amount',
    header: 'Amount',
    sort: 'amount',
    width: 120,
    numeric: true,
    cell: (leg) => <AmountCell {...legAmount(leg)} />,
  },
  { id: 'symbol', header: 'Symbol', sort: 'symbol', width: 90, cell: (leg) => text(leg.symbol) },
  {
    id: 'counterparty',
    header: 'Counterparty',
    sort: 'counterparty',
    width: 200,
    fits: 'party',
    cell: (leg) => party(leg.counterparty),
  },
  { id: 'status', header: 'Status', sort: 'status', width: 100, cell: (leg) => text(leg.status) },
  {
    id: 'updateId',
    header: 'Update id',
    sort: 'updateId',
    width: 180,
    fits: 'updateId',
    cell: (leg) => (leg.updateId === null ? missing : <UpdateId id={leg.updateId} />),
  },
  {
    id: 'senderParty',
    header: 'Sender',
    sort: 'senderParty',
    width: 190,
    fits: 'party',
    cell: (leg) => party(leg.senderParty),
  },
  {
    id: 'receiverParty',
    header: 'Receiver',
    sort: 'receiverParty',
    width: 190,
    fits: 'party',
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

/** Whose leg it is: the receiver of an incoming leg, the sender of an outgoing one. */
export const legOwner = (leg: LocalLeg): string | null => (leg.isIncoming ? leg.receiverParty : leg.senderParty);

/**
 * The columns of a table over several parties: Party first. `members`: the portfolio read, whose
 * legs between two members are marked internal (Counterparties and Flows leave them out).
 */
export function columnsOver(members: ReadonlySet<string> | null): readonly LocalColumn[] {
  const owner: LocalColumn = {
    id: 'party',
    header: 'Party',
    sort: null,
    width: 200,
    fits: 'party',
    cell: (leg) => (
      <>
        {party(legOwner(leg))}
        {members && leg.counterparty !== null && members.has(leg.counterparty) && (
          <span className="badge" title="Its counterparty is in the portfolio too">
            internal
          </span>
        )}
      </>
    ),
  };
  return [owner, ...LOCAL_COLUMNS];
}
