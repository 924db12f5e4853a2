// The parallel export (time windows fetched at once, merged in order) writes exactly the file of
// one cursor chain: same legs, same order, same bytes, against the sandbox; and it stops whole on
// a cancel or on one window's failure.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransferPage } from '../../../../../src-main/services/ledger/ledger-client.ts';
import { ExportJobs, type PageStream } from '../../../../../src-main/services/local-ledger/export/export-jobs.ts';
import {
  evenCuts,
  type FetchWindowPage,
  windowedPages,
} from '../../../../../src-main/services/local-ledger/export/time-windows.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../../../src-sandbox/sandbox-network.ts';
import type { ExportFormat, TransferFilters, TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

let net: SandboxInternals;
let dir: string;
let base: TransferFilters;
let fetchSandbox: FetchWindowPage;
/** Every leg of the party, newest first, as one cursor chain reads them. */
let legs: TransferLeg[];
let n = 0;

beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 17, transfers: 12_000, evm: false });
  dir = await mkdtemp(join(tmpdir(), 'export-windows-'));
  base = {
    party: net.ledger.store.parties.ids[0],
    asset: { kind: 'all' },
    effectiveAfter: null,
    effectiveBefore: null,
    orderDesc: true,
    pageSize: 200,
    nodeId: null,
  };
  fetchSandbox = (filters, next, signal) =>
    fetchTransferPage({
      baseUrl: net.urls.baseUrl,
      jwt: net.ledger.auth.tokens.readAll,
      placement: 'header',
      filters,
      defaultNodeId: null,
      next,
      signal,
    });
  legs = [];
  let next: string | null = null;
  do {
    const page = await fetchSandbox(base, next, new AbortController().signal);
    legs.push(...page.legs);
    next = page.next;
  } while (next);
});
afterAll(() => net.close());

async function exportWith(source: Parameters<ExportJobs['start']>[2], format: ExportFormat = 'csv') {
  const jobs = new ExportJobs();
  const path = join(dir, `export-${n++}.${format}`);
  const done = await jobs.finished(jobs.start(path, format, source).jobId);
  return { done, bytes: done.state === 'done' ? await readFile(path) : null, path };
}

function sequential(filters: TransferFilters) {
  return (next: string | null, signal: AbortSignal) => fetchSandbox(filters, next, signal);
}

/** The sandbox's fetch, counting calls that asked for a window (both bounds set by the export). */
function counting(fetch: FetchWindowPage) {
  const calls: TransferFilters[] = [];
  let inFlight = 0;
  const wrapped: FetchWindowPage = async (filters, next, signal) => {
    calls.push(filters);
    inFlight++;
    try {
      return await fetch(filters, next, signal);
    } finally {
      inFlight--;
    }
  };
  return { fetch: wrapped, calls, inFlight: () => inFlight };
}

const ms = (iso: string) => Date.parse(iso);

describe('the parallel export writes the sequential file, byte for byte', () => {
  it('the whole history, newest first, CSV and JSON Lines', async () => {
    expect(legs.length).toBeGreaterThan(2_000);
    for (const format of ['csv', 'jsonl'] as const) {
      const one = await exportWith(sequential(base), format);
      const spy = counting(fetchSandbox);
      const many = await exportWith(
        windowedPages({
          filters: base,
          fetch: spy.fetch,
          windows: 16,
          pagesPerWindow: 0,
          concurrency: 4,
          readAhead: 2,
        }),
        format,
      );
      expect(many.done.state).toBe('done');
      expect(many.done.legs).toBe(legs.length);
      expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
      // It really ran in windows: requests bounded on both sides by the export's own cuts.
      expect(spy.calls.filter((f) => f.effectiveAfter && f.effectiveBefore).length).toBeGreaterThanOrEqual(14);
    }
  });

  it('oldest first, and inside the user’s own time filter', async () => {
    const after = legs[Math.floor(legs.length * 0.8)].effectiveAt as string;
    const before = legs[Math.floor(legs.length * 0.1)].effectiveAt as string;
    for (const orderDesc of [false, true]) {
      const filters = { ...base, orderDesc, effectiveAfter: after, effectiveBefore: before };
      const one = await exportWith(sequential(filters));
      const many = await exportWith(
        windowedPages({ filters, fetch: fetchSandbox, windows: 7, pagesPerWindow: 0, concurrency: 3 }),
      );
      expect(many.done.legs).toBe(one.done.legs);
      expect(many.done.legs).toBeGreaterThan(1_000);
      expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
      expect(many.done.summary?.instruments).toEqual(one.done.summary?.instruments);
    }
  });

  it('windows with no legs in them', async () => {
    // Two cuts 1 ms apart inside a gap between two legs: the window between them is empty.
    const k = legs.findIndex(
      (leg, i) => i > 500 && ms(legs[i - 1].effectiveAt as string) - ms(leg.effectiveAt as string) >= 3,
    );
    const floor = ms(legs[k].effectiveAt as string);
    const cuts = [
      legs[1500].effectiveAt as string,
      new Date(floor + 1).toISOString(),
      new Date(floor + 2).toISOString(),
    ].sort();
    const pages: number[] = [];
    const stream = windowedPages({ filters: base, fetch: fetchSandbox, cuts });
    const recording: PageStream = {
      pages: (signal, prepare) =>
        stream.pages(signal, (page) => {
          pages.push(page.legs.length);
          return prepare(page);
        }),
    };
    const one = await exportWith(sequential(base));
    const many = await exportWith(recording);
    expect(pages).toContain(0);
    expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
  });

  it('a window boundary inside a run of legs with the same effectiveAt', async () => {
    // Several legs of one update share an instant; cut exactly there, with the run across a page edge too.
    const k = legs.findIndex((leg, i) => i > 300 && legs[i + 1]?.effectiveAt === leg.effectiveAt);
    const instant = legs[k].effectiveAt as string;
    expect(legs.filter((leg) => leg.effectiveAt === instant).length).toBeGreaterThanOrEqual(2);
    const filters = { ...base, pageSize: 7 };
    const one = await exportWith(sequential(filters));
    const many = await exportWith(windowedPages({ filters, fetch: fetchSandbox, cuts: [instant] }));
    expect(many.done.legs).toBe(legs.length);
    expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
  });

  it('legs without an effectiveAt at an end: one cursor chain, as before', async () => {
    const spy = counting(async (filters, next, signal) => {
      const page = await fetchSandbox(filters, next, signal);
      // The far end (the reverse order's first leg) has no time.
      return filters.orderDesc === base.orderDesc
        ? page
        : { ...page, legs: page.legs.map((leg) => ({ ...leg, effectiveAt: null })) };
    });
    const one = await exportWith(sequential(base));
    const many = await exportWith(windowedPages({ filters: base, fetch: spy.fetch }));
    expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
    expect(spy.calls.filter((f) => f.effectiveAfter || f.effectiveBefore)).toEqual([]);
  });

  it('a small export is the one request it always was', async () => {
    const filters = { ...base, pageSize: 1000, effectiveAfter: legs[50].effectiveAt };
    const spy = counting(fetchSandbox);
    const many = await exportWith(windowedPages({ filters, fetch: spy.fetch }));
    expect(many.done.legs).toBeGreaterThan(0);
    expect(spy.calls).toHaveLength(1);
  });

  it('an export of a few pages stays one chain: the same pages, one probe more', async () => {
    const filters = { ...base, pageSize: 1000 };
    const one = await exportWith(sequential(filters));
    const spy = counting(fetchSandbox);
    const many = await exportWith(windowedPages({ filters, fetch: spy.fetch }));
    expect(one.done.pages).toBe(Math.ceil(legs.length / 1000));
    expect(many.done.pages).toBe(one.done.pages);
    expect(many.bytes?.equals(one.bytes as Buffer)).toBe(true);
    expect(spy.calls).toHaveLength(one.done.pages + 1);
  });
});

describe('the parallel export stops whole', () => {
  it('cancel mid-export: no file, no partial file, no request left running', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'cancelled.csv');
    let jobId = '';
    let cancelled: Promise<unknown> | null = null;
    const spy = counting(async (filters, next, signal) => {
      if (spy.calls.length === 12 && !cancelled) cancelled = jobs.cancel(jobId);
      return fetchSandbox(filters, next, signal);
    });
    jobId = jobs.start(path, 'csv', windowedPages({ filters: base, fetch: spy.fetch })).jobId;
    const done = await jobs.finished(jobId);
    await cancelled;
    expect(done.state).toBe('cancelled');
    expect(done.legs).toBeLessThan(legs.length);
    expect(spy.inFlight()).toBe(0);
    expect((await readdir(dir)).filter((f) => f.startsWith('cancelled'))).toEqual([]);
  });

  it('one window fails: the export fails with its reason, nothing half-written, the other windows stop', async () => {
    const path = join(dir, 'failed.csv');
    const cuts = evenCuts(legs.at(-1)?.effectiveAt, legs[0].effectiveAt, 16) as string[];
    const spy = counting(async (filters, next, signal) => {
      // The fourth-oldest window's second page.
      if (filters.effectiveAfter === cuts[3] && next) throw new Error('HTTP 500 on one window');
      return fetchSandbox(filters, next, signal);
    });
    const jobs = new ExportJobs();
    const done = await jobs.finished(
      jobs.start(path, 'csv', windowedPages({ filters: { ...base, pageSize: 50 }, fetch: spy.fetch, cuts })).jobId,
    );
    expect(done.state).toBe('failed');
    expect(done.error).toBe('HTTP 500 on one window');
    expect(spy.inFlight()).toBe(0);
    expect((await readdir(dir)).filter((f) => f.startsWith('failed'))).toEqual([]);
  });
});
