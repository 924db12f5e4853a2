// The side bar's "Contracts": the profile's ABI library. Built-ins are marked and cannot be
// deleted; "Add ABI" opens the form; choosing an entry selects it for the contract form.
import { useState } from 'react';
import { useAbiLibrary, useAbiLibraryProblem, useDeleteAbi } from '../../../data/abi.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { useAbiSelection } from './abi-selection-store.ts';
import { AddAbiForm } from './add-abi-form.tsx';
import './library-panel.css';

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

export function LibraryPanel({ profileId }: { profileId: string | undefined }) {
  const [adding, setAdding] = useState(false);
  const library = useAbiLibrary(profileId);
  const problem = useAbiLibraryProblem(profileId);
  const remove = useDeleteAbi();
  const { selectedAbiId, select } = useAbiSelection();

  return (
    <section className="panel rpc-abi-library" aria-label="Contracts">
      <div className="rpc-abi-head">
        <h2>Contracts</h2>
        {!adding && profileId && (
          <button type="button" onClick={() => setAdding(true)}>
            Add ABI
          </button>
        )}
      </div>
      {adding && profileId && (
        <AddAbiForm
          profileId={profileId}
          onDone={(id) => {
            setAdding(false);
            if (id) select(id);
          }}
        />
      )}
      {problem.data && (
        <p className="rpc-abi-problem" role="status">
          {problem.data}
        </p>
      )}
      {library.error && <ErrorMessage error={library.error} title="The ABI library could not be read." />}
      <ul className="rpc-list" aria-label="Contract list">
        {library.data?.map((entry) => (
          <li key={entry.id} className="rpc-abi-item">
            <button
              type="button"
              className="rpc-list-item"
              aria-pressed={entry.id === selectedAbiId}
              onClick={() => select(entry.id)}
              title={entry.address ?? undefined}
            >
              <span>
                <strong>{entry.name}</strong> {entry.builtin && <span className="badge">built-in</span>}
              </span>
              <span className="muted rpc-list-meta">
                {entry.address ? shortAddress(entry.address) : 'no address'} · {entry.abi.length}{' '}
                {entry.abi.length === 1 ? 'entry' : 'entries'}
              </span>
            </button>
            {!entry.builtin && profileId && (
              <button
                type="button"
                className="danger"
                aria-label={`Delete ${entry.name}`}
                onClick={() => {
                  if (entry.id === selectedAbiId) select(null);
                  remove.mutate({ profileId, id: entry.id });
                }}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {remove.error && <ErrorMessage error={remove.error} />}
    </section>
  );
}
