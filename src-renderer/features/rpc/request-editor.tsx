// The call itself: a method and its params (single call) or a JSON array of calls (batch), with
// what is wrong with it, if anything. An invalid request is not sent.
import { useId } from 'react';
import { JsonEditor } from './json-editor.tsx';
import { catalogMethod, METHOD_CATALOG, paramsTemplate } from './method-catalog.ts';
import type { DraftCheck } from './request-draft.ts';
import type { ConsoleDraft } from './rpc-console-store.ts';

interface RequestEditorProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  check: DraftCheck;
  onSubmit: () => void;
}

export function RequestEditor({ draft, set, check, onSubmit }: RequestEditorProps) {
  const formId = useId();
  const ids = { method: `${formId}-method`, methods: `${formId}-methods`, error: `${formId}-error` };
  const catalog = catalogMethod(draft.method);
  const invalidField = check.ok ? null : check.field;

  return (
    <>
      {draft.mode === 'single' ? (
        <>
          <div className="field rpc-method">
            <label htmlFor={ids.method}>Method</label>
            <input
              id={ids.method}
              list={ids.methods}
              value={draft.method}
              onChange={(e) => set({ method: e.target.value })}
              aria-invalid={invalidField === 'method' || undefined}
              spellCheck={false}
              autoComplete="off"
              className="mono"
            />
            <datalist id={ids.methods}>
              {METHOD_CATALOG.map((m) => (
                <option key={m.method} value={m.method}>
                  {m.description}
                </option>
              ))}
            </datalist>
            <span className="muted rpc-method-description" data-testid="rpc-method-description">
              {catalog ? catalog.description : draft.method.trim() ? 'Free-form method (not in the catalog).' : ''}
              {catalog?.stateAtBlock && ' A full node refuses blocks more than 128 behind the head; use archive.'}
              {catalog && draft.paramsText !== paramsTemplate(catalog.params) && (
                <>
                  {' '}
                  <button type="button" onClick={() => set({ paramsText: paramsTemplate(catalog.params) })}>
                    Use template
                  </button>
                </>
              )}
            </span>
          </div>
          <div className="field rpc-params">
            <span className="field-label">Params (JSON array)</span>
            <JsonEditor
              value={draft.paramsText}
              onChange={(text) => set({ paramsText: text })}
              onSubmit={onSubmit}
              label="Params (JSON array)"
              error={invalidField === 'params' && !check.ok ? check.error : null}
            />
          </div>
        </>
      ) : (
        <div className="field rpc-params">
          <span className="field-label">Batch (JSON array of calls; id and jsonrpc may be left out)</span>
          <JsonEditor
            value={draft.batchText}
            onChange={(text) => set({ batchText: text })}
            onSubmit={onSubmit}
            label="Batch (JSON array of calls)"
            error={invalidField === 'batch' && !check.ok ? check.error : null}
          />
        </div>
      )}
      {!check.ok && (
        <p id={ids.error} className="field-error" role="alert" data-testid="rpc-draft-error">
          {check.error} — not sent.
        </p>
      )}
    </>
  );
}
