// The call itself: a method and its params (single call) or a JSON array of calls (batch), with
// what is wrong with it, if anything. An invalid request is not sent.
import { type KeyboardEvent, useId } from 'react';
import { JsonEditor } from './json-editor.tsx';
import { catalogMethod, METHOD_CATALOG, nearestMethods, paramsTemplate, topMatch } from './method-catalog.ts';
import { describedMethod } from './openrpc-methods.ts';
import { signature } from './param-check.ts';
import type { DraftCheck } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

/**
 * The id of the message saying what is wrong with the request: the Chain and Method fields point at
 * it (aria-describedby) when they are the field at fault. One console is on screen at a time.
 */
export const DRAFT_ERROR_ID = 'rpc-draft-error';

interface RequestEditorProps {
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  check: DraftCheck;
  onSubmit: () => void;
}

export function RequestEditor({ draft, set, check, onSubmit }: RequestEditorProps) {
  const formId = useId();
  const textSeq = useRpcConsoleStore((s) => s.textSeq);
  const typed = useRpcConsoleStore((s) => s.typed);
  const chooseMethod = useRpcConsoleStore((s) => s.chooseMethod);
  const keepParams = useRpcConsoleStore((s) => s.keepParams);
  const writtenFor = useRpcConsoleStore((s) => s.paramsWrittenFor);
  const ids = { method: `${formId}-method`, methods: `${formId}-methods` };
  const catalog = catalogMethod(draft.method);
  const described = describedMethod(draft.method);
  const invalidField = check.ok ? null : check.field;

  /** A method name typed or picked from the suggestions: its template, or a question (rpc-console-store.ts). */
  const acceptMethod = chooseMethod;
  const template = catalog ? paramsTemplate(catalog.params) : null;
  // Asked while the params are another method's and not this one's template.
  const asking = template !== null && writtenFor !== draft.method && draft.paramsText !== template;

  // Enter in the Method field accepts the name (and its template) instead of sending: the user is
  // still writing the call. A partial name takes the catalog's top match ("getBal" -> eth_getBalance);
  // a name nothing matches stays as written. Ctrl/Cmd+Enter is left to the form, which sends.
  const onMethodKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    acceptMethod(topMatch(draft.method)?.method ?? draft.method.trim());
  };
  const nearest = catalog || described ? [] : nearestMethods(draft.method);

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
              onChange={(e) => acceptMethod(e.target.value)}
              onKeyDown={onMethodKeyDown}
              aria-invalid={invalidField === 'method' || undefined}
              aria-describedby={invalidField === 'method' ? DRAFT_ERROR_ID : undefined}
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
              {catalog
                ? catalog.description
                : draft.method.trim() && nearest.length === 0
                  ? 'Free-form method (not in the catalog).'
                  : ''}
              {nearest.length > 0 && (
                <span data-testid="rpc-did-you-mean">
                  Not in the catalog: did you mean{' '}
                  {nearest.map((name, k) => (
                    <span key={name}>
                      {k > 0 && ' or '}
                      <button type="button" className="mono" onClick={() => acceptMethod(name)}>
                        {name}
                      </button>
                    </span>
                  ))}
                  ? Sent as written otherwise.
                </span>
              )}
              {catalog?.stateAtBlock && ' A full node refuses blocks more than 128 behind the head; use archive.'}
              {template !== null && !asking && draft.paramsText !== template && (
                <>
                  {' '}
                  <button type="button" onClick={() => set({ paramsText: template })}>
                    Use template
                  </button>
                </>
              )}
            </span>
          </div>
          <div className="field rpc-params">
            <span className="field-label">Params (JSON array)</span>
            {draft.method.trim() && (
              <span className="muted rpc-params-note" data-testid="rpc-params-note">
                {described
                  ? `Checked before sending: ${signature(described)}`
                  : 'Not in the Ethereum JSON-RPC description: params not checked.'}
              </span>
            )}
            {asking && template !== null && (
              <p className="rpc-params-question" data-testid="rpc-params-question">
                <span role="status">
                  These params were written for {writtenFor}: use {draft.method}'s template instead?
                </span>
                <button type="button" onClick={() => set({ paramsText: template })}>
                  Use template
                </button>
                <button type="button" onClick={keepParams}>
                  Keep these params
                </button>
              </p>
            )}
            <JsonEditor
              value={draft.paramsText}
              replaceSeq={textSeq}
              onChange={(text) => typed({ paramsText: text })}
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
            replaceSeq={textSeq}
            onChange={(text) => typed({ batchText: text })}
            onSubmit={onSubmit}
            label="Batch (JSON array of calls)"
            error={invalidField === 'batch' && !check.ok ? check.error : null}
          />
        </div>
      )}
      {!check.ok && (
        <p id={DRAFT_ERROR_ID} className="field-error" role="alert" data-testid="rpc-draft-error">
          {check.error} — not sent.
        </p>
      )}
      {check.ok && check.warning && (
        <p className="muted" role="status" data-testid="rpc-draft-warning">
          {check.warning}; sent as written.
        </p>
      )}
    </>
  );
}
