// How a leg's value looks in a cell, one renderer per kind of field (see leg-fields.ts). Service
// data is rendered as text only; a missing value shows as NULL_TEXT.
import type { ReactNode } from 'react';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { AmountCell } from '../../../ui/amount-cell.tsx';
import type { AmountValue } from '../../../ui/amount-text.ts';
import { PartyName } from '../../../ui/party-id.tsx';
import { TimeText } from '../../../ui/time-text.tsx';
import { UpdateId } from '../../../ui/update-id.tsx';
import type { LegFieldKind } from './leg-fields.ts';
import { formatEffectiveAt, NULL_TEXT } from './leg-format.ts';
import type { LegTableMeta } from './leg-table-features.ts';

type CellRenderer = (leg: TransferLeg, field: keyof TransferLeg, meta: LegTableMeta) => ReactNode;

const missing = <span className="muted">{NULL_TEXT}</span>;

const text = (value: unknown) => (value === null || value === undefined ? missing : String(value));

// The address book's label when the party is saved, the short id otherwise; the full id on hover.
const partyCell = (party: string | null) => (party === null ? missing : <PartyName party={party} />);

/** A leg's amount as the amount cell reads it (use-legs-table.ts sizes the column by the same). */
export const legAmount = (leg: TransferLeg): AmountValue => ({ amount: leg.amount, decimals: leg.decimals });

export const LEG_CELLS: Record<LegFieldKind, CellRenderer> = {
  direction: (leg, field) =>
    leg[field] ? <span className="badge badge-in">incoming</span> : <span className="badge badge-out">outgoing</span>,
  time: (leg, field, meta) => {
    const iso = leg[field] as string | null;
    return (
      <TimeText
        text={formatEffectiveAt(iso, { format: meta.timeFormat, zone: meta.timeZone, now: meta.now })}
        sent={iso}
      />
    );
  },
  amount: (leg) => <AmountCell {...legAmount(leg)} />,
  counterparty: (leg, _field, meta) => {
    const party = leg.counterparty;
    if (party === null) return missing;
    return (
      <button
        type="button"
        className="link-button"
        title={`Show the transfers of ${party}`}
        onClick={(event) => {
          event.stopPropagation();
          meta.onDrill(party);
        }}
      >
        <PartyName party={party} hover={`Show the transfers of ${party}`} />
      </button>
    );
  },
  party: (leg, field) => partyCell(leg[field] as string | null),
  // Its two ends, the whole id on hover, on keyboard focus and in a copy (ui/update-id.tsx).
  id: (leg, field) => {
    const id = leg[field] as string | null;
    return id === null ? missing : <UpdateId id={id} />;
  },
  text: (leg, field) => text(leg[field]),
  count: (leg, field) => text(leg[field]),
};
