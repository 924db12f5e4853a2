// The palette's chains and RPC: a chain shows on the Chains screen; a method or a saved request
// opens the RPC console with it filled in, and nothing is sent.
import type { RpcCollection } from '../../src-shared/contract/rpc-workspace.ts';
import { METHOD_CATALOG, paramsTemplate } from '../features/rpc/method-catalog.ts';
import { useRpcConsoleStore } from '../features/rpc/rpc-console-store.ts';
import { useUiStore } from '../ui-store.ts';
import type { PaletteItem } from './palette-item.ts';

export function chainItems(chainNames: readonly string[]): PaletteItem[] {
  return chainNames.map((name) => ({
    id: `chain:${name}`,
    group: 'Chains',
    label: name,
    detail: 'Show on the Chains screen',
    keywords: ['chain'],
    run: () => useUiStore.getState().focusChain(name),
  }));
}

/** A method opens the console on the chain it shows (or the first listed); none without a chain. */
export function methodItems(chainNames: readonly string[]): PaletteItem[] {
  const ui = useUiStore.getState();
  const consoleChain = useRpcConsoleStore.getState().chain || chainNames[0];
  return consoleChain
    ? METHOD_CATALOG.map((m) => ({
        id: `method:${m.method}`,
        group: 'RPC' as const,
        label: m.method,
        detail: m.description,
        keywords: ['rpc', 'method'],
        run: () => ui.openConsoleOn(consoleChain, { method: m.method, params: paramsTemplate(m.params) }),
      }))
    : [];
}

export function requestItems(collections: readonly RpcCollection[]): PaletteItem[] {
  const ui = useUiStore.getState();
  return collections.flatMap((c) =>
    c.requests.map((r) => ({
      id: `request:${c.id}:${r.id}`,
      group: 'RPC' as const,
      label: `${c.name} › ${r.name}`,
      detail: r.method ? `${r.method} on ${r.chain}` : `batch on ${r.chain}`,
      keywords: ['saved request', 'collection', r.method ?? 'batch', r.chain],
      run: () =>
        ui.openConsoleOn(
          r.chain,
          r.method === null
            ? { nodeType: r.nodeType, batch: r.text }
            : { nodeType: r.nodeType, method: r.method, params: r.text },
        ),
    })),
  );
}
