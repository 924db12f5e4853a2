// Where a profile's transfers come from: its ledger-data address, its ledger JWT and where that
// travels, its default validator node. Resolved once per call, shared by paging and export, so the
// two can never disagree about which service, secret or node a party's legs are read from.
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { serviceUrls } from '../connection.ts';
import { requireSecret } from '../credentials/profile-secrets.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { fetchTransferPage } from './ledger-client.ts';

export interface TransferSource {
  /** One page: `next` is the previous page's cursor, or null for page one. */
  fetchPage(filters: TransferFilters, next: string | null, signal: AbortSignal): Promise<TransferPage>;
}

export async function openTransferSource(ctx: ServiceContext, profileId: string): Promise<TransferSource> {
  const profile = ctx.profile(profileId);
  const { baseUrl } = await serviceUrls(profile, ctx.sandbox);
  const jwt = await requireSecret(ctx, profile, 'ledgerJwt', 'ledger JWT');
  return {
    fetchPage: (filters, next, signal) =>
      fetchTransferPage({
        baseUrl,
        jwt,
        placement: profile.ledgerAuthPlacement,
        filters,
        defaultNodeId: profile.defaultNodeId,
        next,
        signal,
        timeoutMs: ctx.timeouts?.transfersMs,
      }),
  };
}

/** One page for the explorer, abandoned when the renderer cancels `requestId` (a newer filter). */
export async function transferPage(
  ctx: ServiceContext,
  request: { requestId: string; profileId: string; filters: TransferFilters; next: string | null },
): Promise<TransferPage> {
  const source = await openTransferSource(ctx, request.profileId);
  return ctx.requests.run(request.requestId, (signal) => source.fetchPage(request.filters, request.next, signal));
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
