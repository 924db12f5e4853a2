// Before the first query, the first action on the Transfers screen: on the sandbox a new user has
// no party id at hand, so one click, above the form, fills in one of the sandbox's parties and
// shows its transfers.
import { useKnownParties } from '../../data/transfers.ts';
import { shortenParty } from '../../ui/party-format.ts';
import { draftToFilters } from './filters/filter-draft.ts';
import { useTransfersStore } from './transfers-store.ts';

export function SamplePartyOffer({ profileId }: { profileId: string }) {
  const known = useKnownParties(profileId).data;
  const sample = known?.source === 'sandbox' ? known.parties[0] : undefined;
  if (!sample) return null;
  const trySample = (party: string) => {
    const { setDraft, search } = useTransfersStore.getState();
    setDraft({ party });
    // The rest of the form as it stands; a field the form would refuse keeps its message for Show transfers.
    const result = draftToFilters(useTransfersStore.getState().draft);
    if (result.ok) search(result.filters);
  };
  return (
    <p className="sample-party-offer">
      <button type="button" className="primary" onClick={() => trySample(sample.party)}>
        Try a sample party
      </button>{' '}
      <span className="muted">
        shows the transfers of the sandbox’s “{sample.name}” ({shortenParty(sample.party)}); or choose a party below
      </span>
    </p>
  );
}
