// What must hold before the app fetches a chunk of its own code after start (a screen loaded on
// demand, lazy-screens.tsx; uPlot, flow-chart.tsx). Nothing, in the desktop app (its files are its
// own). In the browser version a chunk comes from whatever answers at the page's origin then, and a
// program that took the port while the server was away would run its script in this tab, beside
// the bridge key: there the gate is that the server proves, just now, that it holds this tab's key
// (web/web-bridge-setup.ts; docs/security.md, "The browser version's key").
type Gate = () => Promise<void>;

let gate: Gate = async () => {};

export function setChunkGate(next: Gate): void {
  gate = next;
}

/** Loads a chunk once the gate holds (in the browser version, it waits while the server is away). */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  await gate();
  return load();
}
