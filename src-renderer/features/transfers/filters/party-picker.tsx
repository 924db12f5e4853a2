// The party to list: pasted, picked from the saved parties, picked from the ledger JWT, or (on the
// sandbox profile) picked by name from the sandbox's own parties.
import { useId, useState } from 'react';
import { SavedPartyInput } from '../../../../src-shared/contract/schemas.ts';
import { PARTY_ID_PATTERN } from '../../../../src-shared/contract/transfers.ts';
import { useLedgerCredential } from '../../../data/secrets.ts';
import { useSavedPartyMutations, useSettings } from '../../../data/settings.ts';
import { useKnownParties, useTokenInfo } from '../../../data/transfers.ts';
import { ErrorMessage, fieldIssue } from '../../../ui/error-message.tsx';
import { Field } from '../../../ui/field.tsx';
import { shortenParty } from '../../../ui/party-format.ts';
import { PartyId } from '../../../ui/party-id.tsx';
import { TokenParties } from './token-parties.tsx';

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
  const saved = useSettings().data?.settings.savedParties ?? [];
  const credential = useLedgerCredential(profileId);
  const token = useTokenInfo(profileId, credential);
  const { save, remove } = useSavedPartyMutations();
  const [label, setLabel] = useState('');
  // The label is checked with the schema main applies before anything is sent; its message stays
  // at the label field (and so does what was typed) until the label is edited.
  const [labelError, setLabelError] = useState<string | null>(null);
  const saveParty = () => {
    const checked = SavedPartyInput.safeParse({ party, label });
    if (!checked.success) {
      setLabelError(
        checked.error.issues.find((i) => i.path[0] === 'label')?.message ?? checked.error.issues[0].message,
      );
      return;
    }
    setLabelError(null);
    save.mutate(checked.data, { onSuccess: () => setLabel('') });
  };
  const labelIssue = labelError ?? fieldIssue(save.error, 'label');
  const party = value.trim();
  const isSaved = saved.some((p) => p.party === party);
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
        <Field label="Saved parties">
          <select value={isSaved ? party : ''} onChange={(e) => e.target.value && onChange(e.target.value)}>
            <option value="">{saved.length ? 'Pick a saved party…' : 'No saved parties yet'}</option>
            {saved.map((p) => (
              <option key={p.party} value={p.party}>
                {p.label ? `${p.label} — ${shortenParty(p.party)}` : shortenParty(p.party)}
              </option>
            ))}
          </select>
        </Field>
        {isSaved ? (
          <button type="button" onClick={() => remove.mutate(party)} disabled={remove.isPending}>
            Forget this party
          </button>
        ) : (
          <>
            <Field label="Label for saving" error={labelIssue}>
              <input
                value={label}
                onChange={(e) => {
                  setLabel(e.target.value);
                  setLabelError(null);
                }}
                maxLength={80}
                placeholder="optional"
              />
            </Field>
            <button type="button" disabled={!looksValid || save.isPending} onClick={saveParty}>
              Save this party
            </button>
          </>
        )}
      </div>
      {save.error && !fieldIssue(save.error, 'label') && <ErrorMessage error={save.error} />}
      {remove.error && <ErrorMessage error={remove.error} />}
      <TokenParties info={token.data} error={token.error} onPick={onChange} sandboxParties={offered.length} />
    </fieldset>
  );
}
