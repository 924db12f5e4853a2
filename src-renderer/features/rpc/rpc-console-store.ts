// The RPC console's form, kept while the user visits other sections: UI state only. Answers,
// history and saved requests come from main through TanStack Query.
import { create } from 'zustand';
import type { NodeType } from '../../../src-shared/contract/rpc.ts';
import { type ConsoleTarget, useUiStore } from '../../ui-store.ts';
import { catalogMethod, isTemplateText, paramsTemplate } from './method-catalog.ts';

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
  /**
   * The method the params were written for (typed, a template, a history entry, or kept on being
   * asked). When the method is now another catalog method whose template they are not, the console
   * asks whether to use that template (request-editor.tsx).
   */
  paramsWrittenFor: string;
  set: (patch: Partial<ConsoleDraft>) => void;
  /**
   * A method typed, picked from the suggestions or the catalog: params that are a template (or
   * empty) become its template; params of the user's own stay, and the console asks (they stayed
   * silently, and Send was off until "Use template" was found).
   */
  chooseMethod: (method: string) => void;
  /** "Keep these params": the question goes, the params stay. */
  keepParams: () => void;
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
  paramsWrittenFor: 'eth_blockNumber',
  set: (patch) =>
    set((s) => {
      if ('paramsText' in patch)
        return { ...patch, textSeq: s.textSeq + 1, paramsWrittenFor: patch.method ?? s.method };
      return 'batchText' in patch ? { ...patch, textSeq: s.textSeq + 1 } : patch;
    }),
  chooseMethod: (method) =>
    set((s) => {
      const entry = catalogMethod(method);
      if (entry && isTemplateText(s.paramsText))
        return { method, paramsText: paramsTemplate(entry.params), textSeq: s.textSeq + 1, paramsWrittenFor: method };
      return { method };
    }),
  keepParams: () => set((s) => ({ paramsWrittenFor: s.method })),
  // An edit of the params answers the question too: they are now written for this method.
  typed: (patch) => set((s) => ('paramsText' in patch ? { ...patch, paramsWrittenFor: s.method } : patch)),
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
          paramsWrittenFor: method,
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
