// Collections: named folders of requests kept as written ({{variables}} and all, so one request
// serves every environment). Save the request in the editor into one, run or load one, reorder,
// rename, duplicate, delete; import a collection (ours, or a Postman v2.1 collection's JSON-RPC
// requests) and export one as JSON. Main validates every import and takes every secret out of exports.
// The panel holds the list and the one status line; the forms are their own parts.
import { useId } from 'react';
import type { CollectionRequest, RpcCollection } from '../../../src-shared/contract/rpc-workspace.ts';
import { exportCollection, useCollections, useEditCollection } from '../../data/rpc-workspace.ts';
import { useActionStatus } from '../../ui/action-status.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';
import { CollectionImportField } from './collection-import-field.tsx';
import type { CollectionDraft, Note, PanelNotes } from './collection-notes.ts';
import { CollectionSection } from './collection-section.tsx';
import { NewCollectionForm } from './new-collection-form.tsx';
import { SaveRequestForm } from './save-request-form.tsx';

// The collection's shape of a request; imported from here by the panel's callers.
export type { CollectionDraft };

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
  // Cleared when the request in the editor changes (or the mode): "Saved", an import's result, a refused edit.
  const { status: note, show } = useActionStatus<Note>(JSON.stringify(current));
  const failed = (title?: string) => (problem: unknown) => show({ problem, title }, true);
  const notes: PanelNotes = { show, failed };
  const list = collections.data?.collections ?? [];

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
      <SaveRequestForm current={current} collections={list} edit={edit} notes={notes} />
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
      <NewCollectionForm edit={edit} notes={notes} />
      <CollectionImportField id={id} notes={notes} />
    </section>
  );
}
