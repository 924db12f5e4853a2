// Read-only SQL over the profile's local store (the `legs` view, every synced party): an editor,
// Run (Ctrl/Cmd+Enter) and Cancel while it runs, the error at the editor, the first rows in a
// virtualized table, and an export of the whole query.
import { useRef, useState } from 'react';
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import { SQL_ROW_CAP, useSqlQuery } from '../../../data/local-sql.ts';
import { count } from '../../../ui/local-format.ts';
import { LocalExportMenu } from '../export/local-export-menu.tsx';
import { ScopePicker, scopeForRequest, useQueryScope } from '../scope/scope-picker.tsx';
import { SqlEditor } from './sql-editor.tsx';
import { SQL_EXAMPLES } from './sql-examples.ts';
import { SqlResults } from './sql-results.tsx';
import './sql.css';

/** main's `details.position` of a query error (sql-errors.ts), when it sent one. */
function positionOf(details: Record<string, unknown> | undefined): { line: number; column: number } | null {
  const at = details?.position as { line?: unknown; column?: unknown } | undefined;
  return typeof at?.line === 'number' && typeof at.column === 'number' ? { line: at.line, column: at.column } : null;
}

export function SqlView({ profileId }: { profileId: string; party: string }) {
  // The latest text the editor reported (a ref: Run reads it without waiting for a render).
  const text = useRef(SQL_EXAMPLES[0].sql);
  const [example, setExample] = useState<{ text: string; seq: number } | null>(null);
  const [scope, setScope] = useQueryScope(profileId);
  const query = useSqlQuery(profileId, scopeForRequest(scope));
  const [ran, setRan] = useState<string | null>(null);
  const run = (sql = text.current) => {
    if (query.isPending) return;
    text.current = sql;
    setRan(sql);
    query.mutate(sql);
  };
  const failure = query.isError ? asBridgeError(query.error) : null;
  const error = failure && failure.code !== 'cancelled' ? failure.message : null;
  const errorAt = positionOf(failure?.details);
  return (
    <section className="sql-view" aria-label="SQL">
      <div className="sql-toolbar">
        <label>
          Example{' '}
          <select
            aria-label="Example query"
            value=""
            onChange={(e) => {
              const example = SQL_EXAMPLES.find((x) => x.title === e.target.value);
              if (!example) return;
              text.current = example.sql;
              setExample((last) => ({ text: example.sql, seq: (last?.seq ?? 0) + 1 }));
            }}
          >
            <option value="">Choose…</option>
            {SQL_EXAMPLES.map((x) => (
              <option key={x.title} value={x.title}>
                {x.title}
              </option>
            ))}
          </select>
        </label>
        <ScopePicker profileId={profileId} value={scope} onChange={setScope} />
        <span className="muted">
          Read-only, over the <code>legs</code> and <code>instrument_totals</code> views;{' '}
          <code>decimal_text(sum(amount_units), amount_scale)</code> sums exactly. The first {count(SQL_ROW_CAP)} rows
          are shown.
        </span>
      </div>
      <SqlEditor
        initial={text.current}
        replace={example}
        onChange={(sql) => {
          text.current = sql;
        }}
        onRun={run}
        error={error}
        errorAt={errorAt}
      />
      {error && (
        <p className="sql-error" role="alert">
          {error}
        </p>
      )}
      <div className="sql-actions">
        <button type="button" onClick={() => run()} disabled={query.isPending}>
          {query.isPending ? 'Running…' : 'Run'}
        </button>
        <span className="muted">Ctrl/Cmd+Enter</span>
        {query.isPending && (
          <button type="button" onClick={query.cancel}>
            Cancel
          </button>
        )}
        {failure?.code === 'cancelled' && (
          <span className="muted" role="status">
            Cancelled.
          </span>
        )}
        {ran !== null && query.isSuccess && (
          <LocalExportMenu profileId={profileId} source={{ kind: 'sql', sql: ran }} label="Export all rows" />
        )}
      </div>
      {query.isSuccess && <SqlResults result={query.data} />}
    </section>
  );
}
