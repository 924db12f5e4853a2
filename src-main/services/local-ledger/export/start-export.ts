// "Export everything": asks the host where to save, then streams every page of the filters into
// that file as an export job. The page size on screen does not change what is exported.
import type { ExportFormat, ExportStatus, TransferFilters } from '../../../../src-shared/contract/transfers.ts';
import { fileStamp } from '../../../../src-shared/time/time-text.ts';
import { openTransferSource } from '../../ledger/transfer-fetch.ts';
import { whileRateLimited, whileStarting } from '../../ledger/transfer-source.ts';
import type { ServiceContext } from '../../service-context.ts';
import { labelsOf } from './csv.ts';
import type { ExportJobs } from './export-jobs.ts';
import { windowedPages } from './time-windows.ts';

/** The largest page the spec allows: fewest round trips. */
const EXPORT_PAGE_SIZE = 1000;

/** Starts an export job; null when the user cancelled the save dialog. */
export async function startExport(
  ctx: ServiceContext,
  jobs: ExportJobs,
  { profileId, filters, format }: { profileId: string; filters: TransferFilters; format: ExportFormat },
): Promise<ExportStatus | null> {
  const source = await openTransferSource(ctx, profileId);
  const path = await ctx.host.chooseSavePath(exportFileName(filters.party, format), [
    format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'JSON Lines', extensions: ['jsonl'] },
  ]);
  if (!path) return null;
  const exportFilters = { ...filters, pageSize: EXPORT_PAGE_SIZE };
  // Several time windows at once, written in the order of one cursor chain (time-windows.ts).
  return jobs.start(
    path,
    format,
    windowedPages({
      filters: exportFilters,
      // A restart (503 starting) or a 429 is waited out, as the service asks: an export is a background job.
      fetch: (filters, next, signal) =>
        whileRateLimited(() => whileStarting(() => source.fetchPage(filters, next, signal), signal), signal),
    }),
    labelsOf(ctx.settings.settings.savedParties),
  );
}

/** `transfers-<party hint>-<yyyymmdd-hhmmss>.<format>`: the party's readable part, file-name safe. */
function exportFileName(party: string, format: ExportFormat): string {
  const stamp = fileStamp();
  return `transfers-${party.split('::')[0].replace(/[^A-Za-z0-9_-]/g, '_')}-${stamp}.${format}`;
}
