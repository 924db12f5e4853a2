// Collections: a new, empty one, by name.
import { type FormEvent, useState } from 'react';
import type { useEditCollection } from '../../data/rpc-workspace.ts';
import type { PanelNotes } from './collection-notes.ts';

export function NewCollectionForm({ edit, notes }: { edit: ReturnType<typeof useEditCollection>; notes: PanelNotes }) {
  const [newName, setNewName] = useState('');

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!newName.trim()) return;
    edit.mutate({ op: 'create', name: newName.trim() }, { onSuccess: () => setNewName(''), onError: notes.failed() });
  };

  return (
    <form onSubmit={create} className="rpc-save-form">
      <input
        aria-label="New collection name"
        placeholder="New collection"
        value={newName}
        maxLength={80}
        onChange={(e) => setNewName(e.target.value)}
      />
      <button type="submit" disabled={!newName.trim() || edit.isPending}>
        Create
      </button>
    </form>
  );
}
