// The exporter on its own, as main runs it (ExportJobs + the time windows of start-export.ts + the
// ledger client), in its own process so its peak memory can be measured alone. Prints one JSON
// line with the result. `--sequential` runs the one-cursor-chain export instead (for comparison).
// Timed from the job's start, after one warm-up page (below), as main's status reports it.
import { parseArgs } from 'node:util';
import { fetchTransferPage } from '../src-main/services/ledger/ledger-client.ts';
import { ExportJobs } from '../src-main/services/local-ledger/export/export-jobs.ts';
import { windowedPages } from '../src-main/services/local-ledger/export/time-windows.ts';
import type { TransferFilters } from '../src-shared/contract/transfers.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    jwt: { type: 'string' },
    party: { type: 'string' },
    out: { type: 'string' },
    after: { type: 'string' },
    sequential: { type: 'boolean' },
    windows: { type: 'string' },
    concurrency: { type: 'string' },
    'read-ahead': { type: 'string' },
  },
});
const filters: TransferFilters = {
  party: values.party as string,
  asset: { kind: 'all' },
  effectiveAfter: values.after ?? null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 1000,
  nodeId: null,
};
const fetch = (f: TransferFilters, next: string | null, signal: AbortSignal) =>
  fetchTransferPage({
    baseUrl: values.base as string,
    jwt: values.jwt as string,
    placement: 'header',
    filters: f,
    defaultNodeId: null,
    next,
    signal,
  });
// Main has shown the party's first page before anyone clicks Export: its HTTP client (undici is
// loaded on the first fetch) and the page reader are warm. So is this process, untimed.
await fetch({ ...filters, pageSize: 25 }, null, new AbortController().signal);
const jobs = new ExportJobs();
const source = values.sequential
  ? (next: string | null, signal: AbortSignal) => fetch(filters, next, signal)
  : windowedPages({
      filters,
      fetch,
      windows: values.windows ? Number(values.windows) : undefined,
      concurrency: values.concurrency ? Number(values.concurrency) : undefined,
      readAhead: values['read-ahead'] ? Number(values['read-ahead']) : undefined,
    });
const status = await jobs.finished(jobs.start(values.out as string, 'csv', source).jobId);
process.stdout.write(
  `${JSON.stringify({ ...status, summary: undefined, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
