import type { Handlers } from '../dispatch.ts';
import type { ExportJobs } from '../local-ledger/export/export-jobs.ts';
import { startExport } from '../local-ledger/export/start-export.ts';
import type { ServiceContext } from '../service-context.ts';

export function exportHandlers(ctx: ServiceContext, jobs: ExportJobs): Handlers['export'] {
  return {
    start: (request) => startExport(ctx, jobs, request),
    status: async (jobId) => jobs.status(jobId),
    cancel: (jobId) => jobs.cancel(jobId),
  };
}
