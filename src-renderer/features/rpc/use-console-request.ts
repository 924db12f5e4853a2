// The console's request as its screen uses it: the draft resolved with the environment's
// {{variables}}, whether Contract mode holds it back, what Send, Copy as and Compare get (resolved)
// and what a collection keeps (as written), and the form's submit (a button or Ctrl/Cmd+Enter).
import { type KeyboardEvent, useMemo } from 'react';
import { type ContractCall, useContractStore } from './abi/contract-store.ts';
import type { ConsoleDraft } from './rpc-console-store.ts';
import { resolveDraft, type VariableScope } from './variables.ts';

export function useConsoleRequest(
  draft: ConsoleDraft & { set: (patch: Partial<ConsoleDraft>) => void },
  scope: VariableScope,
  sendCurrent: () => void,
) {
  const { set } = draft;
  const contractOpen = useContractStore((s) => s.open) && draft.mode === 'single';
  const contractCall = useContractStore((s) => s.call);
  // In Contract mode the draft holds the form's call only while the form makes one: until then nothing is
  // sent, copied, saved or linked (the draft still holds the call from before).
  const contractBlocked = contractOpen && !contractCall?.ok;
  // Resolved with the environment's {{variables}} first: Send, Copy as, Compare and the history get the resolved call.
  const check = useMemo(() => resolveDraft(draft, scope), [draft, scope]);
  const ready = check.ok && !contractBlocked;
  const onContractCall = (call: ContractCall | null) => {
    useContractStore.getState().patch({ call });
    // Into the single-call draft as it changes: Send, history, save, Copy as and compare see an ordinary eth_call.
    if (call?.ok) set({ mode: 'single', method: call.method, paramsText: call.paramsText });
  };
  const submit = () => {
    // Send with the form incomplete: every field says what it needs (empty ones too), and nothing goes.
    if (contractBlocked) useContractStore.getState().patch({ showAll: true });
    else sendCurrent();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The editor handles its own Ctrl+Enter (and marks the event handled): send once, not twice.
    if (event.defaultPrevented) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const sendable = ready && check.ok ? { chain: check.chain, nodeType: check.nodeType, body: check.body } : null;
  // What a collection keeps: the request as written, {{variables}} and all.
  const asWritten =
    ready && check.ok
      ? {
          chain: draft.chain.trim(),
          nodeType: draft.nodeType,
          method: draft.mode === 'single' ? draft.method.trim() : null,
          text: draft.mode === 'single' ? draft.paramsText : draft.batchText,
        }
      : null;

  return { check, contractOpen, contractCall, contractBlocked, onContractCall, submit, onKeyDown, sendable, asWritten };
}
