// The RPC console: pick a chain and node type, write a call (or a batch), send it through main,
// read the answer. Main adds the key; the renderer never sees it.
import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import {
  NODE_TYPES,
  type NodeType,
  nodeAddress,
  type RpcBody,
  type RpcHistoryEntry,
  type SavedRequest,
} from '../../../src-shared/contract/rpc.ts';
import { cancelRequest } from '../../data/app.ts';
import { nativeSymbol, useChainListing } from '../../data/chains.ts';
import { useConsoleAnswer, useRpcCall, useRpcEndpoint } from '../../data/rpc.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { AnswerPane } from './answer-pane.tsx';
import { CurlActions } from './curl-actions.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { JsonEditor } from './json-editor.tsx';
import { catalogMethod, METHOD_CATALOG, paramsTemplate } from './method-catalog.ts';
import { appendToBatch, checkDraft, formatBatch } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';
import { SavedPanel } from './saved-panel.tsx';

const GROUPS = [
  ['eth_', 'eth'],
  ['net_', 'net'],
  ['web3_', 'web3'],
] as const;

/** The form state a request (from the history or a saved one) loads into. */
function draftFor(chain: string, nodeType: NodeType, body: RpcBody): Partial<ConsoleDraft> {
  if (Array.isArray(body)) {
    // Ids are left out so the counter numbers the calls again when they are sent.
    return {
      chain,
      nodeType,
      mode: 'batch',
      batchText: formatBatch(body.map(({ method, params }) => ({ method, params }))),
    };
  }
  return { chain, nodeType, mode: 'single', method: body.method, paramsText: paramsTemplate(body.params) };
}

export function RpcScreen() {
  const profile = useActiveProfile();
  const draft = useRpcConsoleStore();
  const { set, advanceId } = draft;
  const chains = useChainListing(profile?.id);
  const endpoint = useRpcEndpoint(profile);
  const answer = useConsoleAnswer();
  const send = useRpcCall();
  const running = useRef<string | null>(null);
  const formId = useId();
  const ids = {
    chain: `${formId}-chain`,
    chains: `${formId}-chains`,
    nodeType: `${formId}-node-type`,
    timeout: `${formId}-timeout`,
    method: `${formId}-method`,
    methods: `${formId}-methods`,
    error: `${formId}-error`,
  };

  // A console opened for the first time starts on the listing's first chain, unless the user is
  // already in the Chain field (the listing may arrive mid-typing: it must not land under the cursor).
  const firstChain = chains.data?.chains[0]?.name;
  useEffect(() => {
    const typing = document.activeElement?.id === ids.chain;
    if (firstChain && !typing && !useRpcConsoleStore.getState().chain) set({ chain: firstChain });
  }, [firstChain, set, ids.chain]);

  const check = useMemo(() => checkDraft(draft), [draft]);
  const answerChain = chains.data?.chains.find((c) => c.name === answer.data?.chain);
  const catalog = catalogMethod(draft.method);
  const address =
    endpoint.data && draft.chain.trim()
      ? nodeAddress(endpoint.data.rpcUrl, draft.chain.trim(), endpoint.data.separator, draft.nodeType)
      : null;

  /** Sends a form state (the current one, or one just loaded); an invalid one sends nothing. */
  const sendDraft = (state: ConsoleDraft) => {
    const checked = checkDraft(state);
    if (!checked.ok || !profile || send.isPending) return;
    const requestId = crypto.randomUUID();
    running.current = requestId;
    advanceId(checked.idsUsed);
    send.mutate({
      requestId,
      profileId: profile.id,
      chain: state.chain.trim(),
      nodeType: state.nodeType,
      body: checked.body,
      timeoutSeconds: state.timeoutSeconds,
    });
  };
  const sendCurrent = () => sendDraft(useRpcConsoleStore.getState());

  const load = (chain: string, nodeType: NodeType, body: RpcBody) => set(draftFor(chain, nodeType, body));
  const rerun = (entry: RpcHistoryEntry) => {
    if (!entry.body) return;
    load(entry.chain, entry.nodeType, entry.body);
    sendCurrent();
  };
  const runSaved = (saved: SavedRequest) => {
    load(saved.chain, saved.nodeType, saved.body);
    sendCurrent();
  };

  const pickFromCatalog = (method: string) => {
    const entry = catalogMethod(method);
    if (!entry) return;
    if (draft.mode === 'single') set({ method: entry.method, paramsText: paramsTemplate(entry.params) });
    else {
      const next = appendToBatch(draft.batchText, entry.method, entry.params);
      if (next !== null) set({ batchText: next });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The editor handles its own Ctrl+Enter (and marks the event handled): send once, not twice.
    if (event.defaultPrevented) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      sendCurrent();
    }
  };

  const invalidField = check.ok ? null : check.field;
  const sendable = check.ok ? { chain: draft.chain.trim(), nodeType: draft.nodeType, body: check.body } : null;

  return (
    <div className="rpc-screen">
      <h2>RPC console</h2>
      <div className="rpc-layout">
        <div className="rpc-main">
          <form
            className="panel rpc-request"
            aria-label="RPC request"
            onSubmit={(e) => {
              e.preventDefault();
              sendCurrent();
            }}
            onKeyDown={onKeyDown}
          >
            <div className="rpc-target">
              <div className="field">
                <label htmlFor={ids.chain}>Chain</label>
                <input
                  id={ids.chain}
                  list={ids.chains}
                  value={draft.chain}
                  onChange={(e) => set({ chain: e.target.value })}
                  placeholder={chains.data?.chains[0]?.name ?? 'chain name'}
                  aria-invalid={invalidField === 'chain' || undefined}
                  spellCheck={false}
                  autoComplete="off"
                />
                <datalist id={ids.chains}>
                  {chains.data?.chains.map((c) => (
                    <option key={c.name} value={c.name} />
                  ))}
                </datalist>
              </div>
              <div className="field">
                <label htmlFor={ids.nodeType}>Node type</label>
                <select
                  id={ids.nodeType}
                  value={draft.nodeType}
                  onChange={(e) => set({ nodeType: e.target.value as NodeType })}
                >
                  {NODE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field rpc-timeout">
                <label htmlFor={ids.timeout}>Timeout (s)</label>
                <input
                  id={ids.timeout}
                  type="number"
                  min={1}
                  max={300}
                  value={draft.timeoutSeconds}
                  onChange={(e) =>
                    set({ timeoutSeconds: Math.min(300, Math.max(1, Math.round(Number(e.target.value) || 30))) })
                  }
                />
              </div>
            </div>
            <p className="rpc-address">
              <span className="muted">Address: </span>
              <code data-testid="rpc-address">{address ?? '(choose a chain)'}</code>
              {endpoint.data && (
                <span className="muted">
                  {' '}
                  · key in the apiKey {endpoint.data.keyPlacement === 'header' ? 'header' : 'query parameter'} (added by
                  the app, never shown)
                </span>
              )}
              {chains.error && <span className="muted"> · chain listing unavailable: type the chain name</span>}
            </p>
            {endpoint.error && <p className="field-error">{(endpoint.error as { message?: string }).message}</p>}

            <fieldset className="rpc-mode">
              <legend className="visually-hidden">Request kind</legend>
              <label>
                <input
                  type="radio"
                  name="rpc-mode"
                  checked={draft.mode === 'single'}
                  onChange={() => set({ mode: 'single' })}
                />{' '}
                Single call
              </label>
              <label>
                <input
                  type="radio"
                  name="rpc-mode"
                  checked={draft.mode === 'batch'}
                  onChange={() => set({ mode: 'batch' })}
                />{' '}
                Batch
              </label>
              <select
                aria-label="Method catalog"
                value=""
                onChange={(e) => pickFromCatalog(e.target.value)}
                className="rpc-catalog"
              >
                <option value="">{draft.mode === 'single' ? 'Method catalog…' : 'Add a call from the catalog…'}</option>
                {GROUPS.map(([prefix, label]) => (
                  <optgroup key={prefix} label={label}>
                    {METHOD_CATALOG.filter((m) => m.method.startsWith(prefix)).map((m) => (
                      <option key={m.method} value={m.method}>
                        {m.method}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </fieldset>

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
                    {catalog
                      ? catalog.description
                      : draft.method.trim()
                        ? 'Free-form method (not in the catalog).'
                        : ''}
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
                    onSubmit={sendCurrent}
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
                  onSubmit={sendCurrent}
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

            <div className="form-actions rpc-actions">
              <button
                type="submit"
                disabled={send.isPending || !check.ok || !profile}
                aria-keyshortcuts="Control+Enter"
              >
                Send
              </button>
              <span className="muted">
                Ctrl/⌘+Enter · next id <span data-testid="rpc-next-id">{draft.nextId}</span>
              </span>
              <CurlActions request={sendable && profile ? { profileId: profile.id, ...sendable } : null} />
            </div>
          </form>

          <AnswerPane
            answer={answer.data ?? null}
            pending={send.isPending ? { chain: send.variables.chain, nodeType: send.variables.nodeType } : null}
            onCancel={() => {
              if (running.current) void cancelRequest(running.current);
            }}
            symbol={nativeSymbol(answerChain)}
          />
        </div>
        <aside className="rpc-side">
          <HistoryPanel onRerun={rerun} />
          <SavedPanel
            current={sendable}
            onLoad={(saved) => load(saved.chain, saved.nodeType, saved.body)}
            onRun={runSaved}
          />
        </aside>
      </div>
    </div>
  );
}
