// The party picker's saved parties: pick one, forget the one in the field, or save it under a label.
import { Field } from '../../../ui/field.tsx';
import { shortenParty } from '../../../ui/party-format.ts';
import type { SavedPartyState } from './use-saved-party.ts';

export function SavedPartyFields({
  party,
  looksValid,
  saving,
  onChange,
}: {
  /** The party in the field, trimmed. */
  party: string;
  looksValid: boolean;
  saving: SavedPartyState;
  onChange: (party: string) => void;
}) {
  const { saved, isSaved, save, remove } = saving;
  return (
    <>
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
          <Field label="Label for saving" error={saving.labelIssue}>
            <input
              value={saving.label}
              onChange={(e) => saving.editLabel(e.target.value)}
              maxLength={80}
              placeholder="optional"
            />
          </Field>
          <button type="button" disabled={!looksValid || save.isPending} onClick={saving.saveParty}>
            Save this party
          </button>
        </>
      )}
    </>
  );
}
