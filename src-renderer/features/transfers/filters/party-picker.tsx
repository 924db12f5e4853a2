// The party to list: pasted, picked from the saved parties, or picked from the ledger JWT.
import { useState } from 'react';
import { PARTY_ID_PATTERN } from '../../../../src-shared/contract/transfers.ts';
import { useLedgerCredential } from '../../../data/secrets.ts';
import { useSavedPartyMutations, useSettings } from '../../../data/settings.ts';
import { useTokenInfo } from '../../../data/transfers.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
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
  const party = value.trim();
  const isSaved = saved.some((p) => p.party === party);
  const looksValid = PARTY_ID_PATTERN.test(party);

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
          placeholder="alice::1220…"
          className="mono"
        />
      </Field>
      <div className="inline-fields">
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
            <Field label="Label for saving">
              <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} placeholder="optional" />
            </Field>
            <button
              type="button"
              disabled={!looksValid || save.isPending}
              onClick={() => save.mutate({ party, label: label.trim() }, { onSuccess: () => setLabel('') })}
            >
              Save this party
            </button>
          </>
        )}
      </div>
      {save.error && <ErrorMessage error={save.error} />}
      {remove.error && <ErrorMessage error={remove.error} />}
      <TokenParties info={token.data} error={token.error} onPick={onChange} />
    </fieldset>
  );
}
