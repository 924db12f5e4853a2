// The exporter on its own, as main runs it (ExportJobs + the ledger client), in its own process so
// its peak memory can be measured alone. Prints one JSON line with the result.
import { parseArgs } from 'node:util';
import { ExportJobs, type FetchPage } from '../src-main/services/export/export-jobs.ts';
import { fetchTransferPage } from '../src-main/services/ledger/ledger-client.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    jwt: { type: 'string' },
    party: { type: 'string' },
    out: { type: 'string' },
    'max-pages': { type: 'string' },
  },
});
const maxPages = values['max-pages'] ? Number(values['max-pages']) : Number.POSITIVE_INFINITY;
let pages = 0;
const fetchPage: FetchPage = async (next, signal) => {
  const page = await fetchTransferPage({
    baseUrl: values.base as string,
    jwt: values.jwt as string,
    placement: 'header',
    filters: {
      party: values.party as string,
      asset: { kind: 'all' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: true,
      pageSize: 1000,
      nodeId: null,
    },
    defaultNodeId: null,
    next,
    signal,
  });
  return ++pages >= maxPages ? { ...page, next: null } : page;
};
const jobs = new ExportJobs();
const status = await jobs.finished(jobs.start(values.out as string, 'csv', fetchPage).jobId);
process.stdout.write(
  `${JSON.stringify({ ...status, summary: undefined, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
