// The Method field of a single call: a name typed or picked from the catalog's suggestions, what it
// answers (or the catalog names it may be a typo of), and its params template on offer.
import type { KeyboardEvent } from 'react';
import { type CatalogMethod, METHOD_CATALOG, nearestMethods, topMatch } from './method-catalog.ts';
import type { DescribedMethod } from './openrpc-methods.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

interface MethodFieldProps {
  /** The request form's id: the field's and its suggestions' ids are made from it. */
  formId: string;
  draft: ConsoleDraft;
  set: (patch: Partial<ConsoleDraft>) => void;
  /** The id of the draft's error message while this field is the one at fault, else null. */
  errorId: string | null;
  catalog: CatalogMethod | undefined;
  described: DescribedMethod | undefined;
  /** The method's params template, when the catalog has one. */
  template: string | null;
  /** The params below ask whether to take the template instead (request-editor.tsx). */
  asking: boolean;
}

export function MethodField({ formId, draft, set, errorId, catalog, described, template, asking }: MethodFieldProps) {
  /** A method name typed or picked from the suggestions: its template, or a question (rpc-console-store.ts). */
  const acceptMethod = useRpcConsoleStore((s) => s.chooseMethod);
  const ids = { method: `${formId}-method`, methods: `${formId}-methods` };

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
    <div className="field rpc-method">
      <label htmlFor={ids.method}>Method</label>
      <input
        id={ids.method}
        list={ids.methods}
        value={draft.method}
        onChange={(e) => acceptMethod(e.target.value)}
        onKeyDown={onMethodKeyDown}
        aria-invalid={errorId !== null || undefined}
        aria-describedby={errorId ?? undefined}
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
  );
}
