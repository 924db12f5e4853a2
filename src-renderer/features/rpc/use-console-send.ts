// Sending from the console: the form as it is, a call from the history or a saved request (loaded
// into the form first, then sent as the form then stands), and abandoning the call in flight.
import { useRef } from 'react';
import type { NodeType, RpcBody, RpcHistoryEntry, SavedRequest } from '../../../src-shared/contract/rpc.ts';
import { cancelRequest } from '../../data/app.ts';
import { useRpcCall } from '../../data/rpc.ts';
import { paramsTemplate } from './method-catalog.ts';
import { checkDraft, checkRequest, formatBatch } from './request-draft.ts';
import { type ConsoleDraft, useRpcConsoleStore } from './rpc-console-store.ts';

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

export function useConsoleSend(profileId: string | undefined) {
  const set = useRpcConsoleStore((s) => s.set);
  const advanceId = useRpcConsoleStore((s) => s.advanceId);
  const send = useRpcCall();
  const running = useRef<string | null>(null);

  /**
   * Sends a form state (the current one, or one just loaded); an invalid one sends nothing. A replay
   * (history, saved) is checked as a body only: it was sent before, and its params are the user's record.
   */
  const sendDraft = (state: ConsoleDraft, replay = false) => {
    const checked = replay ? checkDraft(state) : checkRequest(state);
    if (!checked.ok || !profileId || send.isPending) return;
    const requestId = crypto.randomUUID();
    running.current = requestId;
    advanceId(checked.idsUsed);
    send.mutate({
      requestId,
      profileId,
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
    sendDraft(useRpcConsoleStore.getState(), true);
  };
  const runSaved = (saved: SavedRequest) => {
    load(saved.chain, saved.nodeType, saved.body);
    sendDraft(useRpcConsoleStore.getState(), true);
  };
  const cancel = () => {
    if (running.current) void cancelRequest(running.current);
  };

  return { send, sendCurrent, load, rerun, runSaved, cancel };
}
