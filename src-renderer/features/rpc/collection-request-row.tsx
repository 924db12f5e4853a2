// One request in a collection: its name (or the field renaming it) and its actions: run, load, move
// (buttons, or Alt+Up / Alt+Down on the focused row), rename, duplicate, delete.
import type { KeyboardEvent } from 'react';
import type { CollectionEdit, CollectionRequest } from '../../../src-shared/contract/rpc-workspace.ts';
import { RenameField } from './rename-field.tsx';

interface CollectionRequestRowProps {
  collectionId: string;
  request: CollectionRequest;
  /** Where it is in the collection, of how many: the first does not move up, the last not down. */
  index: number;
  count: number;
  renaming: boolean;
  /** Opens the rename field (the request's id) or closes it (null); one field open in a collection. */
  setRenaming: (id: string | null) => void;
  edit: (edit: CollectionEdit) => void;
  onRun: (request: CollectionRequest) => void;
  onLoad: (request: CollectionRequest) => void;
}

export function CollectionRequestRow(props: CollectionRequestRowProps) {
  const { collectionId, request, renaming, setRenaming, edit } = props;
  const move = (by: -1 | 1) => edit({ op: 'moveRequest', collectionId, requestId: request.id, by });

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a row is focusable so Alt+Up/Down can move it
    <li className="rpc-saved-item" tabIndex={0} onKeyDown={onRowKey}>
      {renaming ? (
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
      <RequestActions {...props} move={move} />
    </li>
  );
}

function RequestActions({
  collectionId,
  request,
  index,
  count,
  setRenaming,
  edit,
  onRun,
  onLoad,
  move,
}: CollectionRequestRowProps & { move: (by: -1 | 1) => void }) {
  return (
    <span className="rpc-collection-actions">
      <button type="button" onClick={() => onRun(request)} aria-label={`Run ${request.name}`}>
        Run
      </button>
      <button type="button" onClick={() => onLoad(request)} aria-label={`Load ${request.name}`}>
        Load
      </button>
      <button type="button" disabled={index === 0} onClick={() => move(-1)} aria-label={`Move ${request.name} up`}>
        ↑
      </button>
      <button
        type="button"
        disabled={index === count - 1}
        onClick={() => move(1)}
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
  );
}
