import { useEffect, useState } from 'react';
import type { RpcHistoryEntry } from '../../../src-shared/contract/rpc.ts';
import { useClearHistory, useRpcHistory } from '../../data/rpc.ts';
import { ErrorMessage } from '../../ui/error-message.tsx';

/** The calls sent so far (kept across restarts by main, never with a key): search, click to re-run. */
export function HistoryPanel({ onRerun }: { onRerun: (entry: RpcHistoryEntry) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Main searches the file; wait for a pause in typing rather than asking on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const history = useRpcHistory(search);
  const clear = useClearHistory();
  const view = history.data;

  return (
    <section className="panel rpc-history" aria-label="History">
      <h2>History</h2>
      <input
        type="search"
        aria-label="Search the history"
        placeholder="method, chain, params…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      {view?.problem && (
        <p className="banner banner-warning" role="status">
          {view.problem}
        </p>
      )}
      {history.error && <ErrorMessage error={history.error} title="The history could not be read." />}
      {view && (
        <p className="muted" data-testid="rpc-history-count">
          {search
            ? `${view.entries.length} of ${view.total} calls match`
            : `${view.total} call${view.total === 1 ? '' : 's'}`}
        </p>
      )}
      <ul className="rpc-list" aria-label="History entries">
        {view?.entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="rpc-list-item"
              disabled={entry.body === null}
              title={
                entry.body === null ? 'Too large to keep: it cannot be re-run from the history' : 'Re-run this request'
              }
              onClick={() => onRerun(entry)}
            >
              <span className="rpc-list-title">
                <span className="mono">{entry.label}</span>{' '}
                <span className="muted">
                  {entry.chain}_{entry.nodeType}
                </span>
              </span>
              <span
                className={`rpc-list-meta${entry.outcome === 'failed' || entry.outcome === 'rpc_error' ? ' danger' : ''}`}
              >
                {entry.status === null ? 'no answer' : `HTTP ${entry.status}`} · {entry.elapsedMs.toFixed(0)} ms ·{' '}
                {new Date(entry.at).toLocaleTimeString()}
              </span>
              <span className="rpc-list-summary mono muted">{entry.summary}</span>
            </button>
          </li>
        ))}
      </ul>
      {view && view.total > 0 && (
        <div className="form-actions">
          {confirming ? (
            <>
              <button
                type="button"
                className="danger"
                onClick={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                Clear all {view.total} calls
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              Clear history…
            </button>
          )}
        </div>
      )}
      {clear.error && <ErrorMessage error={clear.error} />}
    </section>
  );
}
