// The address book as the screens read it: party id -> {label, colour, note}, built once per
// settings answer. Every place that shows a party asks here, so a label saved in one place
// appears everywhere at once (the settings query is the one source). docs/address-book.md
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressBookExported, AddressBookImported } from '../../src-shared/contract/address-book.ts';
import type { BridgeErrorShape } from '../../src-shared/contract/errors.ts';
import type { PartyColour, SavedParty } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';
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
// One book per settings answer, however many cells ask (a table renders hundreds of party cells).
const books = new WeakMap<ReadonlyArray<SavedParty>, PartyBook>();

export function usePartyBook(): PartyBook {
  const saved = useSettings().data?.settings.savedParties ?? EMPTY;
  let book = books.get(saved);
  if (!book) {
    book = partyBookOf(saved);
    books.set(saved, book);
  }
  return book;
}

/** Import CSV text: main saves the good rows and answers the settings after, which go into the cache. */
export function useImportParties() {
  const client = useQueryClient();
  return useMutation<AddressBookImported, BridgeErrorShape, string>({
    mutationFn: (text) => bridge().settings.importParties(text),
    onSuccess: (result) => client.setQueryData(queryKeys.settings.all(), result.view),
  });
}

/** Export as CSV: main asks where to save; null when the user cancelled. */
export const useExportParties = () =>
  useMutation<AddressBookExported | null, BridgeErrorShape, void>({
    mutationFn: () => bridge().settings.exportParties(),
  });
