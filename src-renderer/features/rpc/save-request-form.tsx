// Collections: the request in the editor saved into one of them, under a name, as written.
import { type FormEvent, useState } from 'react';
import type { RpcCollection } from '../../../src-shared/contract/rpc-workspace.ts';
import type { useEditCollection } from '../../data/rpc-workspace.ts';
import type { CollectionDraft, PanelNotes } from './collection-notes.ts';

interface SaveRequestFormProps {
  /** The request in the editor as written, or null while it does not resolve and check. */
  current: CollectionDraft | null;
  collections: RpcCollection[];
  edit: ReturnType<typeof useEditCollection>;
  notes: PanelNotes;
}

export function SaveRequestForm({ current, collections, edit, notes }: SaveRequestFormProps) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const into = collections.find((c) => c.id === target) ?? collections[0];

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !name.trim() || !into) return;
    const saved = name.trim();
    edit.mutate(
      { op: 'addRequest', collectionId: into.id, request: { name: saved, ...current } },
      {
        onSuccess: () => {
          setName('');
          notes.show({ text: `Saved "${saved}" into ${into.name}.` });
        },
        onError: notes.failed('Not saved.'),
      },
    );
  };

  return (
    <>
      <form onSubmit={save} className="rpc-save-form rpc-save-into">
        <input
          aria-label="Name for the request"
          placeholder="Name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <select aria-label="Save into collection" value={into?.id ?? ''} onChange={(e) => setTarget(e.target.value)}>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!current || !name.trim() || !into || edit.isPending}>
          Save request
        </button>
      </form>
      <p className="muted">
        {current
          ? 'Saved as written: its {{variables}} are filled in from the environment when it runs.'
          : 'Fix the request above to save it.'}
      </p>
    </>
  );
}
