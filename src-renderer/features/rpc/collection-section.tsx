// One collection: its requests in the user's order, each to run, load, move (buttons, or Alt+Up /
// Alt+Down on the focused row), rename, duplicate or delete; the collection itself to rename,
// export or delete.
import { type KeyboardEvent, useState } from 'react';
import type { CollectionEdit, CollectionRequest, RpcCollection } from '../../../src-shared/contract/rpc-workspace.ts';
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
  const move = (request: CollectionRequest, by: -1 | 1) =>
    edit({ op: 'moveRequest', collectionId, requestId: request.id, by });

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, request: CollectionRequest) => {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(request, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

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
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a row is focusable so Alt+Up/Down can move it
          <li key={request.id} className="rpc-saved-item" tabIndex={0} onKeyDown={(e) => onRowKey(e, request)}>
            {renaming === request.id ? (
              <RenameField
                label={`New name for ${request.name}`}
                initial={request.name}
                onCancel={() => setRenaming(null)}
                onSave={(name) => {
                  edit({ op: 'renameRequest', collectionId, requestId: request.id, name });
                  setRenaming(null);
                }}
              />
            ) : (
              <span className="rpc-list-title">
                <strong>{request.name}</strong>{' '}
                <span className="muted">
                  {request.method ?? 'batch'} · {request.chain}_{request.nodeType}
                </span>
              </span>
            )}
            <span className="rpc-collection-actions">
              <button type="button" onClick={() => onRun(request)} aria-label={`Run ${request.name}`}>
                Run
              </button>
              <button type="button" onClick={() => onLoad(request)} aria-label={`Load ${request.name}`}>
                Load
              </button>
              <button
                type="button"
                disabled={index === 0}
                onClick={() => move(request, -1)}
                aria-label={`Move ${request.name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={index === collection.requests.length - 1}
                onClick={() => move(request, 1)}
                aria-label={`Move ${request.name} down`}
              >
                ↓
              </button>
              <button type="button" onClick={() => setRenaming(request.id)} aria-label={`Rename ${request.name}`}>
                Rename
              </button>
              <button
                type="button"
                onClick={() => edit({ op: 'duplicateRequest', collectionId, requestId: request.id })}
                aria-label={`Duplicate ${request.name}`}
              >
                Duplicate
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => edit({ op: 'deleteRequest', collectionId, requestId: request.id })}
                aria-label={`Delete ${request.name}`}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
