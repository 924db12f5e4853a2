import { serviceUrls } from '../connection.ts';
import { ServiceError } from '../errors.ts';
import type { ExportJobs } from '../export/export-jobs.ts';
import { fetchTransferPage } from '../ledger/ledger-client.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function exportHandlers(ctx: ServiceContext, jobs: ExportJobs): Handlers['export'] {
  return {
    start: async ({ profileId, filters, format }) => {
      const profile = ctx.profile(profileId);
      const { baseUrl } = serviceUrls(profile, ctx.sandbox);
      const jwt = await ctx.requireSecret(profile, 'ledgerJwt', 'ledger JWT');
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const name = `transfers-${filters.party.split('::')[0].replace(/[^A-Za-z0-9_-]/g, '_')}-${stamp}.${format}`;
      const path = await ctx.host.chooseSavePath(name, [
        format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'JSON Lines', extensions: ['jsonl'] },
      ]);
      if (!path) return null;
      // The page size on screen does not change what is exported: the largest pages are fastest.
      const exportFilters = { ...filters, pageSize: 1000 };
      const fetchPage = (next: string | null, signal: AbortSignal) =>
        fetchTransferPage({
          baseUrl,
          jwt,
          placement: profile.ledgerAuthPlacement,
          filters: exportFilters,
          defaultNodeId: profile.defaultNodeId,
          next,
          signal,
          timeoutMs: ctx.timeouts?.transfersMs,
        });
      return jobs.start(path, format, (next, signal) => whileStarting(() => fetchPage(next, signal), signal));
    },
    status: async (jobId) => jobs.status(jobId),
    cancel: async (jobId) => jobs.cancel(jobId),
  };
}

/** How long an export waits for a service that is starting (503 with the start-up body, spec 2.6). */
const STARTUP_WAIT_MS = 10 * 60_000;

/**
 * Runs `attempt` again after the service's Retry-After while it answers "starting", as the screen
 * does: an export started (or reaching a page) during a restart waits instead of failing. Gives up
 * after STARTUP_WAIT_MS, or at once when the export is cancelled.
 */
async function whileStarting<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
  const giveUpAt = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const starting = error instanceof ServiceError && error.code === 'service_starting';
      if (!starting || signal.aborted || Date.now() >= giveUpAt) throw error;
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
