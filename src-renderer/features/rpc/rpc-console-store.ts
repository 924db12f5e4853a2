// The RPC console's form, kept while the user visits other sections: UI state only. Answers,
// history and saved requests come from main through TanStack Query.
import { create } from 'zustand';
import type { NodeType } from '../../../src-shared/contract/rpc.ts';
import { type ConsoleTarget, useUiStore } from '../../ui-store.ts';

export type ConsoleMode = 'single' | 'batch';

export interface ConsoleDraft {
  chain: string;
  nodeType: NodeType;
  mode: ConsoleMode;
  method: string;
  /** The params editor's text (single mode). */
  paramsText: string;
  /** The batch editor's text: a JSON array of calls (batch mode). */
  batchText: string;
  /** The id the next call gets; it moves on by itself after every send. */
  nextId: number;
  timeoutSeconds: number;
}

interface ConsoleState extends ConsoleDraft {
  /**
   * Moves on whenever params or batch text is set from outside the editor (`set`), so the editor
   * shows it; the editor's own edits come through `typed` and leave it alone (see json-editor.tsx).
   */
  textSeq: number;
  set: (patch: Partial<ConsoleDraft>) => void;
  /** What the user typed in the params or batch editor. */
  typed: (patch: Pick<Partial<ConsoleDraft>, 'paramsText' | 'batchText'>) => void;
  /**
   * Opens the console on a chain (from the Chains screen, a link or the palette, through the app's UI
   * store); a request a link carries is put in the editor, never sent.
   */
  openOn: (target: ConsoleTarget) => void;
  /** Moves the id on past the ids just used. */
  advanceId: (used: number) => void;
}

export const useRpcConsoleStore = create<ConsoleState>((set) => ({
  chain: '',
  nodeType: 'full',
  mode: 'single',
  method: 'eth_blockNumber',
  paramsText: '[]',
  batchText: `[
  { "method": "eth_chainId", "params": [] },
  { "method": "eth_blockNumber", "params": [] }
]`,
  nextId: 1,
  timeoutSeconds: 30,
  textSeq: 0,
  set: (patch) =>
    set((s) => ('paramsText' in patch || 'batchText' in patch ? { ...patch, textSeq: s.textSeq + 1 } : patch)),
  typed: (patch) => set(patch),
  openOn: ({ chain, nodeType, method, params, batch }) =>
    set((s) => {
      if (batch !== undefined)
        return { chain, nodeType: nodeType ?? s.nodeType, mode: 'batch', batchText: batch, textSeq: s.textSeq + 1 };
      if (method !== undefined) {
        return {
          chain,
          nodeType: nodeType ?? s.nodeType,
          mode: 'single',
          method,
          paramsText: params ?? '[]',
          textSeq: s.textSeq + 1,
        };
      }
      return nodeType ? { chain, nodeType } : { chain };
    }),
  advanceId: (used) => set((s) => ({ nextId: s.nextId + Math.max(1, used) })),
}));

// The Chains screen asks for the console on a chain through the app's UI store (a feature never
// imports another). Followed here, synchronously in the same update that switches the section, so
// the console opens already showing that chain.
useUiStore.subscribe((state, previous) => {
  if (state.consoleTarget && state.consoleTarget !== previous.consoleTarget) {
    useRpcConsoleStore.getState().openOn(state.consoleTarget);
  }
});
