// One address book entry edited inline: label, colour tag and note (and the party id for a new
// entry). Checked with the schema main applies (SavedPartyInput) before anything is sent; each
// message stays at its field, and main's own refusal lands at the same field.
import { useState } from 'react';
import {
  PARTY_COLOURS,
  PARTY_NOTE_MAX,
  type SavedParty,
  SavedPartyInput,
} from '../../../src-shared/contract/schemas.ts';
import { useSavedPartyMutations } from '../../data/settings.ts';
import { ErrorMessage, fieldIssue } from '../../ui/error-message.tsx';
import { Field } from '../../ui/field.tsx';
import { PartyTag } from '../../ui/party-id.tsx';

type FieldName = 'party' | 'label' | 'colour' | 'note';

export function PartyEntryForm({ entry, onDone }: { entry: SavedParty | null; onDone: () => void }) {
  const [draft, setDraft] = useState({
    party: entry?.party ?? '',
    label: entry?.label ?? '',
    colour: entry?.colour ?? 'none',
    note: entry?.note ?? '',
  });
  const [issues, setIssues] = useState<Partial<Record<FieldName, string>>>({});
  const { save } = useSavedPartyMutations();
  const edit = (field: FieldName, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setIssues((i) => ({ ...i, [field]: undefined }));
    save.reset();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = SavedPartyInput.safeParse(draft);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setIssues(found);
      return;
    }
    save.mutate(checked.data, { onSuccess: onDone });
  };
  const issue = (field: FieldName) => issues[field] ?? fieldIssue(save.error, field);
  const fieldErrors = (['party', 'label', 'colour', 'note'] as const).some((f) => fieldIssue(save.error, f));
  const name = entry ? entry.label || entry.party : 'new party';

  return (
    <form className="party-entry-form" onSubmit={submit} aria-label={`Edit ${name}`} noValidate>
      {entry ? (
        <p className="mono party-entry-id">{entry.party}</p>
      ) : (
        <Field label="Party id" error={issue('party')}>
          <input
            value={draft.party}
            onChange={(e) => edit('party', e.target.value)}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            placeholder="name::1220…"
          />
        </Field>
      )}
      <div className="inline-fields">
        <Field label="Label" error={issue('label')}>
          <input value={draft.label} onChange={(e) => edit('label', e.target.value)} placeholder="e.g. Acme treasury" />
        </Field>
        <Field label="Colour tag" error={issue('colour')} hint={<PartyTag colour={draft.colour} />}>
          <select value={draft.colour} onChange={(e) => edit('colour', e.target.value)}>
            {PARTY_COLOURS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field
        label="Note"
        error={issue('note')}
        hint={`${draft.note.length.toLocaleString('en')} / ${PARTY_NOTE_MAX} characters`}
      >
        <textarea value={draft.note} onChange={(e) => edit('note', e.target.value)} rows={2} />
      </Field>
      <div className="party-entry-actions">
        <button type="submit" disabled={save.isPending}>
          {entry ? 'Save' : 'Add to the address book'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {save.error && !fieldErrors && <ErrorMessage error={save.error} />}
    </form>
  );
}
