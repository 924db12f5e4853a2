import { serviceUrls } from '../connection.ts';
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
      return jobs.start(path, format, (next, signal) =>
        fetchTransferPage({
          baseUrl,
          jwt,
          placement: profile.ledgerAuthPlacement,
          filters: exportFilters,
          defaultNodeId: profile.defaultNodeId,
          next,
          signal,
          timeoutMs: ctx.timeouts?.transfersMs,
        }),
      );
    },
    status: async (jobId) => jobs.status(jobId),
    cancel: async (jobId) => jobs.cancel(jobId),
  };
}
