// The party to list: pasted, picked from the saved parties, picked from the ledger JWT, or (on the
// sandbox profile) picked by name from the sandbox's own parties.
import { useId } from 'react';
import { PARTY_ID_PATTERN } from '../../../../src-shared/contract/transfers.ts';
import { useLedgerCredential } from '../../../data/secrets.ts';
import { useKnownParties, useTokenInfo } from '../../../data/transfers.ts';
import { ErrorMessage, fieldIssue } from '../../../ui/error-message.tsx';
import { Field } from '../../../ui/field.tsx';
import { shortenParty } from '../../../ui/party-format.ts';
import { PartyId } from '../../../ui/party-id.tsx';
import { SavedPartyFields } from './saved-party-fields.tsx';
import { TokenParties } from './token-parties.tsx';
import { useSavedParty } from './use-saved-party.ts';

export function PartyPicker({
  profileId,
  value,
  error,
  onChange,
}: {
  profileId: string;
  value: string;
  error: string | undefined;
  onChange: (party: string) => void;
}) {
  const party = value.trim();
  const saving = useSavedParty(party);
  const credential = useLedgerCredential(profileId);
  const token = useTokenInfo(profileId, credential);
  const looksValid = PARTY_ID_PATTERN.test(party);
  // The sandbox knows its parties: offered by name, so a new user has something to pick. A remote
  // profile offers none (the service has no listing of parties).
  const known = useKnownParties(profileId).data;
  const offered = known?.source === 'sandbox' ? known.parties : [];
  const listId = useId();
  const knownMatch = offered.find((p) => p.party === party);

  return (
    <fieldset className="party-picker">
      <legend>Party</legend>
      <Field
        label="Party id"
        error={error}
        hint={looksValid ? <PartyId party={party} /> : 'name::1220… — paste the full id'}
      >
        <input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          placeholder={offered.length ? 'type a name (alice…) or paste name::1220…' : 'alice::1220…'}
          className="mono"
          list={offered.length ? listId : undefined}
        />
      </Field>
      {offered.length > 0 && (
        // Typing a name fragment in the field finds the party; the full id is what goes in.
        <datalist id={listId} data-testid="known-parties">
          {offered.map((p) => (
            <option key={p.party} value={p.party} label={p.name} />
          ))}
        </datalist>
      )}
      <div className="inline-fields">
        {offered.length > 0 && (
          <Field label="Sandbox parties">
            <select value={knownMatch ? party : ''} onChange={(e) => e.target.value && onChange(e.target.value)}>
              <option value="">Pick one of the sandbox’s {offered.length} parties…</option>
              {offered.map((p) => (
                <option key={p.party} value={p.party}>
                  {p.name} — {shortenParty(p.party)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <SavedPartyFields party={party} looksValid={looksValid} saving={saving} onChange={onChange} />
      </div>
      {saving.save.error && !fieldIssue(saving.save.error, 'label') && <ErrorMessage error={saving.save.error} />}
      {saving.remove.error && <ErrorMessage error={saving.remove.error} />}
      <TokenParties info={token.data} error={token.error} onPick={onChange} sandboxParties={offered.length} />
    </fieldset>
  );
}
