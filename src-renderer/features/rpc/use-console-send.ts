// Sending from the console: the form as it is, a call from the history or a saved request (loaded
// into the form first, then sent as the form then stands), and abandoning the call in flight.
import { useRef } from 'react';
import type { NodeType, RpcBody, RpcHistoryEntry } from '../../../src-shared/contract/rpc.ts';
import type { CollectionRequest } from '../../../src-shared/contract/rpc-workspace.ts';
import { cancelRequest, newRequestId } from '../../data/request.ts';
import { useRpcCall } from '../../data/rpc.ts';
import { useRecordView } from '../../data/views.ts';
import { paramsTemplate } from './method-catalog.ts';
import { formatBatch } from './request-draft.ts';
import { requestTarget } from './request-link.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';
import { resolveDraft, type VariableScope } from './variables.ts';

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

/** A collection request loads as written: its {{variables}} are resolved when it is sent. */
function draftForRequest({ chain, nodeType, method, text }: CollectionRequest): Partial<ConsoleDraft> {
  return method === null
    ? { chain, nodeType, mode: 'batch', batchText: text }
    : { chain, nodeType, mode: 'single', method, paramsText: text };
}

/** `scope`: the active environment's variables, which every send resolves the form with. */
export function useConsoleSend(profileId: string | undefined, scope: VariableScope) {
  const set = useRpcConsoleStore((s) => s.set);
  const advanceId = useRpcConsoleStore((s) => s.advanceId);
  const send = useRpcCall();
  const record = useRecordView().mutate;
  const running = useRef<string | null>(null);
  const variables = useRef(scope);
  variables.current = scope;

  /**
   * Sends a form state (the current one, or one just loaded); an invalid one sends nothing. A replay
   * (history, saved) is checked as a body only: it was sent before, and its params are the user's record.
   */
  const sendDraft = (state: ConsoleDraft, replay = false, literal = false) => {
    const checked = resolveDraft(state, variables.current, replay, literal);
    if (!checked.ok || !profileId || send.isPending) return;
    const requestId = newRequestId('rp');
    running.current = requestId;
    advanceId(checked.idsUsed);
    send.mutate({
      requestId,
      profileId,
      chain: checked.chain,
      nodeType: checked.nodeType,
      body: checked.body,
      timeoutSeconds: state.timeoutSeconds,
    });
    // A recent view (docs/links.md): the request as written, so opening it fills the form again.
    record(requestTarget(profileId, state));
  };
  const sendCurrent = () => sendDraft(useRpcConsoleStore.getState());

  const load = (chain: string, nodeType: NodeType, body: RpcBody) => set(draftFor(chain, nodeType, body));
  const rerun = (entry: RpcHistoryEntry) => {
    if (!entry.body) return;
    load(entry.chain, entry.nodeType, entry.body);
    // As it was sent: its variables were resolved then (a "{{x}}" left in it is data now).
    sendDraft(useRpcConsoleStore.getState(), true, true);
  };
  const loadRequest = (request: CollectionRequest) => set(draftForRequest(request));
  const runRequest = (request: CollectionRequest) => {
    loadRequest(request);
    sendDraft(useRpcConsoleStore.getState(), true);
  };
  const cancel = () => {
    if (running.current) cancelRequest(running.current);
  };

  return { send, sendCurrent, load, rerun, loadRequest, runRequest, cancel };
}
