// What a reader of a party's transfers sees of their source: one page at a time, and the polite
// waits for a service that is starting or limiting requests. Pure: main's source (transfer-fetch.ts:
// HTTP with the profile's JWT) and the ledger engine's (engine/engine-transfers.ts: pages main
// fetched for it) both implement it, so the sync reads either the same way.
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../errors.ts';

export interface TransferSource {
  /** One page: `next` is the previous page's cursor, or null for page one. */
  fetchPage(filters: TransferFilters, next: string | null, signal: AbortSignal): Promise<TransferPage>;
}

/** How long a long-running reader (export) waits for a service that is starting (503 with the start-up body, spec 2.6). */
const STARTUP_WAIT_MS = 10 * 60_000;

/**
 * Runs `attempt` again after the service's Retry-After while it answers "starting", as the screen
 * does: an export started (or reaching a page) during a restart waits instead of failing. Gives up
 * after STARTUP_WAIT_MS, or at once when cancelled.
 */
export function whileStarting<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
  return retryAfterWaits(attempt, signal, 'service_starting');
}

/**
 * The same for a 429 (the service limiting requests), for a background job only (an export runs
 * several windows at once and may meet one): it waits the Retry-After the service asked for, as a
 * polite client does, instead of failing a long export. The screens do not: there the user decides
 * (docs/faults.md). Same limits: at most 60 s a wait, 10 minutes in all, at once when cancelled.
 */
export function whileRateLimited<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
  return retryAfterWaits(attempt, signal, 'rate_limited');
}

async function retryAfterWaits<T>(
  attempt: () => Promise<T>,
  signal: AbortSignal,
  code: 'service_starting' | 'rate_limited',
): Promise<T> {
  const giveUpAt = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const waitable = error instanceof ServiceError && error.code === code;
      if (!waitable || signal.aborted || Date.now() >= giveUpAt) throw error;
      const seconds = Number((error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds) || 2;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(seconds, 60) * 1000);
        signal.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
      });
    }
  }
}
