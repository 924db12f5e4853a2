// The exporter on its own, as main runs it (ExportJobs + the time windows of start-export.ts + the
// ledger client), in its own process so its peak memory can be measured alone. Prints one JSON
// line with the result. `--sequential` runs the one-cursor-chain export instead (for comparison).
// Timed from the job's start, after one warm-up page (below), as main's status reports it.
import { parseArgs } from 'node:util';
import { fetchTransferPage } from '../src-main/services/ledger/ledger-client.ts';
import { ExportJobs } from '../src-main/services/local-ledger/export/export-jobs.ts';
import { windowedPages } from '../src-main/services/local-ledger/export/time-windows.ts';
import type { TransferFilters } from '../src-shared/contract/transfers.ts';
import { SANDBOX_ARG_OPTIONS, sandboxFromArgs } from './bench-args.ts';

const { values } = parseArgs({
  options: {
    ...SANDBOX_ARG_OPTIONS,
    out: { type: 'string' },
    after: { type: 'string' },
    sequential: { type: 'boolean' },
    windows: { type: 'string' },
    concurrency: { type: 'string' },
    'read-ahead': { type: 'string' },
  },
});
const { sandbox, party } = sandboxFromArgs(values);
const filters: TransferFilters = {
  party: party,
  asset: { kind: 'all' },
  effectiveAfter: values.after ?? null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 1000,
  nodeId: null,
};
const fetch = (f: TransferFilters, next: string | null, signal: AbortSignal) =>
  fetchTransferPage({
    baseUrl: sandbox.baseUrl,
    jwt: sandbox.tokens.readAll,
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
