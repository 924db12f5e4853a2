// Collections: named folders of requests kept as written ({{variables}} and all, so one request
// serves every environment). Save the request in the editor into one, run or load one, reorder,
// rename, duplicate, delete; import a collection (ours, or a Postman v2.1 collection's JSON-RPC
// requests) and export one as JSON. Main validates every import and takes every secret out of exports.
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import {
  type CollectionRequest,
  type CollectionRequestInput,
  MAX_IMPORT_CHARS,
  type RpcCollection,
} from '../../../src-shared/contract/rpc-workspace.ts';
import { exportCollection, useCollections, useEditCollection, useImportCollection } from '../../data/rpc-workspace.ts';
import { useActionStatus } from '../../ui/action-status.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { CollectionSection } from './collection-section.tsx';

export type CollectionDraft = Omit<CollectionRequestInput, 'name'>;

/** The panel's one status line: what the last save, edit, import or export did (ui/action-status.ts). */
type Note = { text: string } | { problem: unknown; title?: string };

interface CollectionsPanelProps {
  /** The request in the editor as written, or null while it does not resolve and check. */
  current: CollectionDraft | null;
  onRun: (request: CollectionRequest) => void;
  onLoad: (request: CollectionRequest) => void;
}

export function CollectionsPanel({ current, onRun, onLoad }: CollectionsPanelProps) {
  const id = useId();
  const collections = useCollections();
  const edit = useEditCollection();
  const importFile = useImportCollection();
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [newName, setNewName] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Cleared when the request in the editor changes (or the mode): "Saved", an import's result, a refused edit.
  const { status: note, show } = useActionStatus<Note>(JSON.stringify(current));
  const failed = (title?: string) => (problem: unknown) => show({ problem, title }, true);
  const list = collections.data?.collections ?? [];
  const into = list.find((c) => c.id === target) ?? list[0];

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !name.trim() || !into) return;
    const saved = name.trim();
    edit.mutate(
      { op: 'addRequest', collectionId: into.id, request: { name: saved, ...current } },
      {
        onSuccess: () => {
          setName('');
          show({ text: `Saved "${saved}" into ${into.name}.` });
        },
        onError: failed('Not saved.'),
      },
    );
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!newName.trim()) return;
    edit.mutate({ op: 'create', name: newName.trim() }, { onSuccess: () => setNewName(''), onError: failed() });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_IMPORT_CHARS) {
      setFileProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; an import file is at most 5 MB`);
      return;
    }
    importFile.mutate(
      { fileName: file.name.slice(0, 255), text: await file.text() },
      { onSuccess: (result) => show({ text: result.message }), onError: failed('Not imported.') },
    );
  };

  const download = async (collection: RpcCollection) => {
    try {
      const { fileName, text } = await exportCollection(collection.id);
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      failed('Not exported.')(error);
    }
  };

  return (
    <section className="panel rpc-saved" aria-label="Collections">
      <h2>Collections</h2>
      <form onSubmit={save} className="rpc-save-form rpc-save-into">
        <input
          aria-label="Name for the request"
          placeholder="Name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <select aria-label="Save into collection" value={into?.id ?? ''} onChange={(e) => setTarget(e.target.value)}>
          {list.map((c) => (
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
      {collections.error && <ErrorMessage error={collections.error} title="Collections could not be read." />}
      {collections.data?.problem && <p className="field-error">{collections.data.problem}</p>}
      {list.map((collection) => (
        <CollectionSection
          key={collection.id}
          collection={collection}
          edit={(change) => edit.mutate(change, { onError: failed() })}
          onRun={onRun}
          onLoad={onLoad}
          onExport={download}
        />
      ))}
      {note &&
        ('text' in note.value ? (
          <output className="rpc-import-result" data-testid="rpc-collections-status">
            {note.value.text}
          </output>
        ) : (
          <ErrorMessage error={note.value.problem} title={note.value.title} />
        ))}
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
      <div className="field">
        <label htmlFor={id}>Import a collection (this app's JSON, or a Postman v2.1 collection)</label>
        <input
          id={id}
          type="file"
          accept=".json,application/json"
          onChange={onFile}
          aria-invalid={fileProblem ? true : undefined}
          aria-describedby={fileProblem ? `${id}-problem` : undefined}
        />
        {fileProblem && (
          <p id={`${id}-problem`} className="field-error">
            {fileProblem}
          </p>
        )}
      </div>
    </section>
  );
}
