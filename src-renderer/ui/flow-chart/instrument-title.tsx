// How a chart names an instrument: its symbol with the id beside it when they differ ("CC (Amulet)"),
// else the id, and the administrator beside the title (two administrators may issue the same
// symbol); the same words the Transfers totals and the instrument choices use.
import type { ReactNode } from 'react';
import type { TimeZoneChoice } from '../../../src-shared/time/time-text.ts';
import type { Grain } from '../chart/time-axis.ts';
import { PartyName } from '../party-id.tsx';

export interface InstrumentNaming {
  symbol: string | null;
  id: string | null;
}

/** "CC (Amulet)", "USDx", or "(no instrument id)". */
export function instrumentName({ symbol, id }: InstrumentNaming): string {
  if (symbol && id && symbol !== id) return `${symbol} (${id})`;
  return symbol ?? id ?? '(no instrument id)';
}

/** What the readout writes after an amount: the symbol, else the id. */
export const instrumentUnit = ({ symbol, id }: InstrumentNaming): string => symbol ?? id ?? '';

/** "Net flow of CC (Amulet) per UTC day": every flow chart's title. */
export function netFlowTitle(instrument: InstrumentNaming, grain: Grain, zone: TimeZoneChoice): string {
  return `Net flow of ${instrumentName(instrument)} per ${zone === 'utc' ? 'UTC' : 'local'} ${grain}`;
}

/** The title's detail: "administrator DSO::1220dd…dddd" (its address-book label when saved); none without one. */
export function adminDetail(admin: string | null): ReactNode {
  if (!admin) return undefined;
  return (
    <>
      administrator <PartyName party={admin} />
    </>
  );
}
