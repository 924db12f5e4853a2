// One collection: its requests in the user's order, each to run, load, move (buttons, or Alt+Up /
// Alt+Down on the focused row), rename, duplicate or delete (collection-request-row.tsx); the
// collection itself to rename, export or delete. One rename field open at a time, here or in a row.
import { useState } from 'react';
import type { CollectionEdit, CollectionRequest, RpcCollection } from '../../../src-shared/contract/rpc-workspace.ts';
import { CollectionRequestRow } from './collection-request-row.tsx';
import { RenameField } from './rename-field.tsx';

interface CollectionSectionProps {
  collection: RpcCollection;
  edit: (edit: CollectionEdit) => void;
  onRun: (request: CollectionRequest) => void;
  onLoad: (request: CollectionRequest) => void;
  onExport: (collection: RpcCollection) => void;
}

export function CollectionSection({ collection, edit, onRun, onLoad, onExport }: CollectionSectionProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const collectionId = collection.id;

  return (
    <section className="rpc-collection" aria-label={`Collection ${collection.name}`}>
      <h3 className="subheading">
        {renaming === collectionId ? (
          <RenameField
            label={`New name for ${collection.name}`}
            initial={collection.name}
            onCancel={() => setRenaming(null)}
            onSave={(name) => {
              edit({ op: 'rename', collectionId, name });
              setRenaming(null);
            }}
          />
        ) : (
          <>
            {collection.name} <span className="muted">({collection.requests.length})</span>{' '}
            <button type="button" onClick={() => setRenaming(collectionId)} aria-label={`Rename ${collection.name}`}>
              Rename
            </button>{' '}
            <button type="button" onClick={() => onExport(collection)} aria-label={`Export ${collection.name}`}>
              Export
            </button>{' '}
            <button
              type="button"
              className="danger"
              onClick={() => edit({ op: 'delete', collectionId })}
              aria-label={`Delete collection ${collection.name}`}
            >
              Delete
            </button>
          </>
        )}
      </h3>
      {collection.requests.length === 0 && <p className="muted">No requests yet.</p>}
      <ul className="rpc-list" aria-label={`Requests in ${collection.name}`}>
        {collection.requests.map((request, index) => (
          <CollectionRequestRow
            key={request.id}
            collectionId={collectionId}
            request={request}
            index={index}
            count={collection.requests.length}
            renaming={renaming === request.id}
            setRenaming={setRenaming}
            edit={edit}
            onRun={onRun}
            onLoad={onLoad}
          />
        ))}
      </ul>
    </section>
  );
}
