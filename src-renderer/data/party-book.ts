// The address book as the screens read it: party id -> {label, colour, note}, built once per
// settings answer. Every place that shows a party asks here, so a label saved in one place
// appears everywhere at once (the settings query is the one source). docs/address-book.md
import { useMemo } from 'react';
import type { PartyColour, SavedParty } from '../../src-shared/contract/schemas.ts';
import { useSettings } from './settings.ts';

export interface PartyEntry {
  label: string;
  colour: PartyColour;
  note: string;
}

export interface PartyBook {
  /** The saved entry for a party id, or undefined when the party is not in the address book. */
  lookup: (party: string) => PartyEntry | undefined;
  /** The label when the party is saved with one, else undefined. */
  labelOf: (party: string) => string | undefined;
  /** Every saved party in the order they were saved. */
  entries: SavedParty[];
}

export function partyBookOf(saved: ReadonlyArray<SavedParty>): PartyBook {
  const byId = new Map<string, PartyEntry>();
  for (const p of saved) byId.set(p.party, { label: p.label, colour: p.colour ?? 'none', note: p.note ?? '' });
  return {
    lookup: (party) => byId.get(party),
    labelOf: (party) => byId.get(party)?.label || undefined,
    entries: [...saved],
  };
}

const EMPTY: SavedParty[] = [];

export function usePartyBook(): PartyBook {
  const saved = useSettings().data?.settings.savedParties ?? EMPTY;
  return useMemo(() => partyBookOf(saved), [saved]);
}
