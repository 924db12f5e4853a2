// The saved parties (Settings' address book) as the party picker uses them: whether the party in
// the field is one, and saving it under a label or forgetting it.
import { useState } from 'react';
import { SavedPartyInput } from '../../../../src-shared/contract/schemas.ts';
import { useSavedPartyMutations, useSettings } from '../../../data/settings.ts';
import { fieldIssue } from '../../../ui/error-message.tsx';

export type SavedPartyState = ReturnType<typeof useSavedParty>;

export function useSavedParty(party: string) {
  const saved = useSettings().data?.settings.savedParties ?? [];
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
  return {
    saved,
    isSaved: saved.some((p) => p.party === party),
    save,
    remove,
    label,
    editLabel: (text: string) => {
      setLabel(text);
      setLabelError(null);
    },
    labelIssue: labelError ?? fieldIssue(save.error, 'label'),
    saveParty,
  };
}
