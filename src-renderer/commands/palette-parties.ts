// The palette's parties: the saved ones first (by label, with their colour), then the profile's own
// parties by name, then parties of recent views not otherwise listed. Each opens its transfers.
import type { SavedParty } from '../../src-shared/contract/schemas.ts';
import type { KnownParties } from '../../src-shared/contract/transfers.ts';
import type { RecentView } from '../../src-shared/contract/views.ts';
import { draftToFilters } from '../features/transfers/filters/filter-draft.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { shortenParty } from '../ui/party-format.ts';
import { useUiStore } from '../ui-store.ts';
import type { PaletteItem } from './palette-item.ts';
import { partyOfRecent } from './recent-source.ts';

/** Opens the Transfers screen on a party, keeping the other filters as they are in the form. */
export function openPartyTransfers(party: string): void {
  const transfers = useTransfersStore.getState();
  transfers.setDraft({ party });
  const result = draftToFilters(useTransfersStore.getState().draft);
  // A form with another field wrong keeps its message there; the party is filled in either way.
  if (result.ok) transfers.search(result.filters);
  useUiStore.getState().showSection('transfers');
}

const partyColour = ({ colour }: SavedParty): string | undefined => (colour !== 'none' ? colour : undefined);

export function partyItems(
  saved: readonly SavedParty[],
  known: KnownParties | undefined,
  recent: readonly RecentView[],
): PaletteItem[] {
  const savedIds = new Set(saved.map((p) => p.party));
  const recentParties = [
    ...new Set(recent.map(partyOfRecent).filter((p): p is string => p !== null && !savedIds.has(p))),
  ];
  return [
    ...saved.map((p) => ({
      id: `party:${p.party}`,
      group: 'Parties' as const,
      label: p.label || shortenParty(p.party),
      detail: p.party,
      colour: partyColour(p),
      keywords: [p.party, 'party', 'saved'],
      run: () => openPartyTransfers(p.party),
    })),
    // The profile's own parties by name (the sandbox's 60): found by "alice" before anything is saved.
    ...(known?.parties ?? [])
      .filter((p) => !savedIds.has(p.party))
      .map((p) => ({
        id: `party:${p.party}`,
        group: 'Parties' as const,
        label: p.name,
        detail: p.party,
        keywords: [p.party, 'party'],
        run: () => openPartyTransfers(p.party),
      })),
    ...recentParties
      .filter((party) => !known?.parties.some((p) => p.party === party))
      .map((party) => ({
        id: `party:${party}`,
        group: 'Parties' as const,
        label: shortenParty(party),
        detail: `${party} · recent`,
        keywords: [party, 'party', 'recent'],
        run: () => openPartyTransfers(party),
      })),
  ];
}
