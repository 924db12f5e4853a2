// The screens the app does not open on: each is its own chunk, loaded the first time it is shown,
// so the first screen (Transfers) does not wait for the SQL editor's CodeMirror, the charts' uPlot,
// the RPC console or the local ledger's screens to be parsed (issue 39: cold load to interactive
// <= 1 s; they were 1.4 MB of one 2.9 MB script). Once the app is ready they are fetched and
// compiled while the browser is idle (`preloadScreens`), so a click on one rarely waits; uPlot, which
// the flow charts load the same way (flow-chart.tsx), goes first.
import { lazy } from 'react';
import { loadChunk } from './chunk-gate.ts';
import { loadFlowPlot } from './ui/flow-chart/flow-chart.tsx';

const loaders = {
  local: () => loadChunk(() => import('./features/local-ledger/local-ledger-screen.tsx')),
  chains: () => loadChunk(() => import('./features/chains/chains-screen.tsx')),
  rpc: () => loadChunk(() => import('./features/rpc/rpc-screen.tsx')),
  settings: () => loadChunk(() => import('./features/settings/settings-screen.tsx')),
};

export const LocalLedgerScreen = lazy(async () => ({ default: (await loaders.local()).LocalLedgerScreen }));
export const ChainsScreen = lazy(async () => ({ default: (await loaders.chains()).ChainsScreen }));
export const RpcScreen = lazy(async () => ({ default: (await loaders.rpc()).RpcScreen }));
export const SettingsScreen = lazy(async () => ({ default: (await loaders.settings()).SettingsScreen }));

let preloading = false;

/** Loads every lazy screen's chunk, one after another, when the browser is idle (once). */
export function preloadScreens(): void {
  if (preloading) return;
  preloading = true;
  const idle = (next: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(next, { timeout: 5000 }) : setTimeout(next, 200);
  const queue: Array<() => Promise<unknown>> = [loadFlowPlot, ...Object.values(loaders)];
  const step = () => {
    const load = queue.shift();
    if (!load) return;
    // A chunk that fails here is loaded again when its screen is opened (and says so there if it fails).
    load().then(
      () => idle(step),
      () => idle(step),
    );
  };
  idle(step);
}
