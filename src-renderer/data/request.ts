// Requests main can be asked to abandon (app:cancel): their ids and their cancels, one home for the
// data layer. A long call (a page, a window of the local table, a SQL query, a reconciliation, a node
// comparison, an RPC call) carries a fresh request id; main registers the call's work under it and
// stops that work (the HTTP call, DuckDB's query) when told to cancel the id.
import { bridge } from './bridge.ts';

/** A fresh request id: `prefix` (which feature asked) and 24 random hex digits. */
export function newRequestId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Tells main to abandon the call sent under `requestId`. Never fails: a call already over has nothing to stop. */
export function cancelRequest(requestId: string): void {
  bridge()
    .app.cancel(requestId)
    .catch(() => {});
}

/**
 * `call` under a fresh id; when `signal` aborts (TanStack Query abandoned the query: newer filters,
 * another window, the screen left), main is told to abandon it too.
 */
export async function cancelledWith<T>(
  signal: AbortSignal,
  prefix: string,
  call: (requestId: string) => Promise<T>,
): Promise<T> {
  const requestId = newRequestId(prefix);
  const abandon = () => cancelRequest(requestId);
  signal.addEventListener('abort', abandon, { once: true });
  try {
    return await call(requestId);
  } finally {
    signal.removeEventListener('abort', abandon);
  }
}

/**
 * The one running call of a screen's action (Run, Reconcile): `run` gives it a fresh id and
 * remembers it while it runs, `cancel` abandons the one running (none: nothing happens).
 */
export function runningRequest() {
  let running: string | null = null;
  return {
    async run<T>(prefix: string, call: (requestId: string) => Promise<T>): Promise<T> {
      const requestId = newRequestId(prefix);
      running = requestId;
      try {
        return await call(requestId);
      } finally {
        if (running === requestId) running = null;
      }
    },
    cancel(): void {
      if (running) cancelRequest(running);
    },
  };
}
