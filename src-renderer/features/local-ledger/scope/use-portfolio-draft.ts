// The portfolio being written in the manager's form: a new one, or an existing one being edited
// (renamed, its members changed), and saving it; main checks the name and party ids and says where.
import { useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { Portfolio } from '../../../../src-shared/contract/party-scope.ts';
import { useSavePortfolio } from '../../../data/sync-all.ts';

/** `onSaved`: the name it had (null: a new one) and the name main saved it under. */
export function usePortfolioDraft(profileId: string, onSaved?: (previousName: string | null, name: string) => void) {
  const save = useSavePortfolio();
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const edit = (p: Portfolio | null) => {
    save.reset();
    setEditing(p?.name ?? null);
    setName(p?.name ?? '');
    setMembers(p?.parties ?? []);
  };
  const submit = () =>
    save.mutate(
      { profileId, previousName: editing, name, parties: members },
      {
        onSuccess: (list) => {
          onSaved?.(editing, list.find((p) => p.name === name.trim())?.name ?? name.trim());
          edit(null);
        },
      },
    );
  const failure = save.error ? asBridgeError(save.error) : null;
  return { editing, name, setName, members, setMembers, edit, submit, saving: save.isPending, failure };
}

export type PortfolioDraft = ReturnType<typeof usePortfolioDraft>;
