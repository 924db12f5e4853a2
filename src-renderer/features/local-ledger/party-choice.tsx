// Which party the local views read: one already synced into this profile's store, one of the
// sandbox's own parties, or a typed id (checked with the contract's PartyId, message at the field).
// With a lake open: the lake's parties alone (a typed id still works, and says it has no legs there).
// A party carried over from Transfers is said to be, so it is not taken for a choice made here.
import { useState } from 'react';
import type { LakeInfo } from '../../../src-shared/contract/lake.ts';
import { PartyId } from '../../../src-shared/contract/transfers.ts';
import { useStores } from '../../data/local-ledger.ts';
import { usePartyBook } from '../../data/party-book.ts';
import { useKnownParties } from '../../data/transfers.ts';
import { Field } from '../../ui/field.tsx';
import { partyText } from '../../ui/party-id.tsx';

export function PartyChoice({
  profileId,
  party,
  onChoose,
  carried = false,
  lake = null,
}: {
  profileId: string;
  party: string | null;
  onChoose: (party: string) => void;
  /** The party is the one on screen in Transfers. */
  carried?: boolean;
  /** A lake read instead of the store: its parties are the ones offered, and only they. */
  lake?: LakeInfo | null;
}) {
  const stores = useStores();
  const book = usePartyBook();
  const known = useKnownParties(profileId);
  const [typed, setTyped] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const synced = lake
    ? lake.parties.map((p) => ({ party: p.party, legs: p.legs }))
    : (stores.data?.find((s) => s.profileId === profileId)?.parties ?? []);
  const syncedIds = new Set(synced.map((p) => p.party));
  // Over a lake, a party it does not hold has nothing to show (the app never writes a lake).
  const offered = lake ? [] : (known.data?.parties ?? []).filter((p) => !syncedIds.has(p.party));
  const listed = syncedIds.has(party ?? '') || offered.some((p) => p.party === party);

  const useTyped = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = PartyId.safeParse(typed);
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? 'not a party id');
      return;
    }
    setIssue(null);
    onChoose(parsed.data);
  };

  return (
    <div className="local-party-choice">
      <Field label="Party" hint={carried && party ? 'Carried over from Transfers' : undefined}>
        <select value={listed ? (party ?? '') : ''} onChange={(e) => e.target.value && onChoose(e.target.value)}>
          <option value="">{party && !listed ? partyText(book, party) : 'Choose a party…'}</option>
          {synced.length > 0 && (
            <optgroup label={lake ? 'In the lake' : 'Synced to this computer'}>
              {synced.map((p) => (
                <option key={p.party} value={p.party}>
                  {partyText(book, p.party)} · {p.legs.toLocaleString('en')} legs
                </option>
              ))}
            </optgroup>
          )}
          {offered.length > 0 && (
            <optgroup label="Sandbox parties">
              {offered.map((p) => (
                <option key={p.party} value={p.party}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </Field>

      <form className="local-party-typed" onSubmit={useTyped} aria-label="Another party">
        <Field label="Or a party id" error={issue}>
          <input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="name::1220…"
            spellCheck={false}
          />
        </Field>
        <button type="submit">Use party</button>
      </form>
    </div>
  );
}
