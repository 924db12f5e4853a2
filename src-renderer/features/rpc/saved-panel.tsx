import { type FormEvent, useState } from 'react';
import type { RpcBody, SavedRequest } from '../../../src-shared/contract/rpc.ts';
import { useDeleteSaved, useSavedRequests, useSaveRequest } from '../../data/rpc.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';

export interface SaveTarget {
  chain: string;
  nodeType: 'full' | 'archive';
  body: RpcBody;
}

/** Named requests: save the one in the editor, load or run one, delete one. */
export function SavedPanel({
  current,
  onLoad,
  onRun,
}: {
  /** The request in the editor, or null while it is invalid. */
  current: SaveTarget | null;
  onLoad: (saved: SavedRequest) => void;
  onRun: (saved: SavedRequest) => void;
}) {
  const [name, setName] = useState('');
  const saved = useSavedRequests();
  const save = useSaveRequest();
  const remove = useDeleteSaved();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !name.trim()) return;
    save.mutate({ name: name.trim(), ...current }, { onSuccess: () => setName('') });
  };

  return (
    <section className="panel rpc-saved" aria-label="Saved requests">
      <h3>Saved requests</h3>
      <form onSubmit={submit} className="rpc-save-form">
        <input
          aria-label="Name for the request"
          placeholder="Name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={!current || !name.trim() || save.isPending}>
          Save request
        </button>
      </form>
      {!current && <p className="muted">Fix the request above to save it.</p>}
      {save.error && <ErrorMessage error={save.error} />}
      {saved.error && <ErrorMessage error={saved.error} title="Saved requests could not be read." />}
      {saved.data?.length === 0 && <p className="muted">None yet.</p>}
      <ul className="rpc-list" aria-label="Saved request list">
        {saved.data?.map((request) => (
          <li key={request.id} className="rpc-saved-item">
            <span className="rpc-list-title">
              <strong>{request.name}</strong>{' '}
              <span className="muted">
                {Array.isArray(request.body) ? `batch (${request.body.length})` : request.body.method} · {request.chain}
                _{request.nodeType}
              </span>
            </span>
            <span>
              <button type="button" onClick={() => onRun(request)} aria-label={`Run ${request.name}`}>
                Run
              </button>{' '}
              <button type="button" onClick={() => onLoad(request)} aria-label={`Load ${request.name}`}>
                Load
              </button>{' '}
              <button
                type="button"
                className="danger"
                onClick={() => remove.mutate(request.id)}
                aria-label={`Delete ${request.name}`}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      {remove.error && <ErrorMessage error={remove.error} />}
    </section>
  );
}
