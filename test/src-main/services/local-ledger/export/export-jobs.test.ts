// Export: every page to a file, exactly what the service returned, never a half-written file.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../../../../src-main/files/csv-cell.ts';
import { fetchTransferPage } from '../../../../../src-main/services/ledger/ledger-client.ts';
import { CSV_HEADER, csvRow } from '../../../../../src-main/services/local-ledger/export/csv.ts';
import { ExportJobs, type FetchPage } from '../../../../../src-main/services/local-ledger/export/export-jobs.ts';
import { type SandboxInternals, startSandboxNetwork } from '../../../../../src-sandbox/sandbox-network.ts';
import type { TransferFilters, TransferLeg } from '../../../../../src-shared/contract/transfers.ts';

let net: SandboxInternals;
let dir: string;
let fetchPage: FetchPage;
beforeAll(async () => {
  net = await startSandboxNetwork({ seed: 31, transfers: 8_000, evm: false });
  dir = await mkdtemp(join(tmpdir(), 'export-test-'));
  const filters: TransferFilters = {
    party: net.ledger.store.parties.ids[0],
    asset: { kind: 'all' },
    effectiveAfter: null,
    effectiveBefore: null,
    orderDesc: true,
    pageSize: 1000,
    nodeId: null,
  };
  fetchPage = (next, signal) =>
    fetchTransferPage({
      baseUrl: net.urls.baseUrl,
      jwt: net.ledger.auth.tokens.readAll,
      placement: 'header',
      filters,
      defaultNodeId: null,
      next,
      signal,
    });
});
afterAll(() => net.close());

async function everyLeg(): Promise<TransferLeg[]> {
  const legs: TransferLeg[] = [];
  let next: string | null = null;
  do {
    const page = await fetchPage(next, new AbortController().signal);
    legs.push(...page.legs);
    next = page.next;
  } while (next);
  return legs;
}

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, keeps nulls empty and defuses formulas', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(18)).toBe('18');
  });
});

describe('ExportJobs', () => {
  it('writes every leg of every page to CSV, amounts exactly as sent, with a summary', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'all.csv');
    const started = jobs.start(path, 'csv', fetchPage);
    expect(started.state).toBe('running');
    const done = await jobs.finished(started.jobId);
    const legs = await everyLeg();
    expect(done).toMatchObject({ state: 'done', legs: legs.length, error: null });
    expect(done.pages).toBe(Math.ceil(legs.length / 1000));
    const text = await readFile(path, 'utf8');
    expect(text).toBe(CSV_HEADER + legs.map((leg) => csvRow(leg)).join(''));
    expect(done.bytes).toBe(Buffer.byteLength(text));
    expect(done.summary?.legs).toBe(legs.length);
    const usd = done.summary?.instruments.find((i) => i.instrumentId === 'USDX');
    expect(usd?.totalIn).toMatch(/^\d+\.\d{6}$/);
    expect(await readdir(dir)).not.toContain(expect.stringMatching(/partial/));
  });

  it("docs/transfers.md names the CSV file's columns: their number, names and order (it said 12, the file has 14)", async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'documented.csv');
    await jobs.finished(jobs.start(path, 'csv', fetchPage).jobId);
    const header = (await readFile(path, 'utf8')).split('\r\n')[0].split(',');
    const doc = await readFile(join(import.meta.dirname, '../../../../../docs/transfers.md'), 'utf8');
    const bullet = /- \*\*CSV\.\*\*([\s\S]*?)\n- /.exec(doc)?.[1] ?? '';
    const count = /The header is the (\d+) column names/.exec(bullet)?.[1];
    const named = (/`([^`]+)`/.exec(bullet)?.[1] ?? '').split(/,\s*/);
    expect(Number(count), bullet).toBe(header.length);
    expect(named).toEqual(header);
  });

  it('writes JSON Lines equal to the legs the API returned', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'all.jsonl');
    const done = await jobs.finished(jobs.start(path, 'jsonl', fetchPage).jobId);
    const lines = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The legs as the API returned them, plus the address book's labels (none saved here).
    expect(lines).toEqual((await everyLeg()).map((leg) => ({ ...leg, senderLabel: null, receiverLabel: null })));
    expect(done.state).toBe('done');
  });

  it('cancel stops the export and leaves no file behind', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'cancelled.csv');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const slow: FetchPage = async (next, signal) => {
      calls++;
      if (calls === 2) await gate; // hold the second page until cancel has been asked
      return fetchPage(next, signal);
    };
    const { jobId } = jobs.start(path, 'csv', slow);
    while (jobs.status(jobId).pages < 1) await new Promise((r) => setImmediate(r));
    const cancelling = jobs.cancel(jobId);
    release();
    const status = await cancelling;
    expect(status.state).toBe('cancelled');
    expect((await readdir(dir)).filter((f) => f.startsWith('cancelled'))).toEqual([]);
  });

  it('a failing page fails the export with the reason and leaves no file behind', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'failed.csv');
    let calls = 0;
    const failing: FetchPage = async (next, signal) => {
      if (++calls === 2) throw new Error('Transfers: HTTP 500 — index rebuild in progress');
      return fetchPage(next, signal);
    };
    const status = await jobs.finished(jobs.start(path, 'csv', failing).jobId);
    expect(status).toMatchObject({
      state: 'failed',
      error: 'Transfers: HTTP 500 — index rebuild in progress',
      pages: 1,
    });
    expect((await readdir(dir)).filter((f) => f.startsWith('failed'))).toEqual([]);
  });

  it('an export into a folder that does not exist fails with the reason', async () => {
    const jobs = new ExportJobs();
    const status = await jobs.finished(jobs.start(join(dir, 'nope', 'x.csv'), 'csv', fetchPage).jobId);
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/ENOENT/);
  });
});

describe('a service that lies about its pages', () => {
  const lyingPage = (next: string | null, hasNextPage: boolean) => ({
    party: 'p::1220',
    legs: [],
    count: 0,
    hasNextPage,
    next,
    unknownFields: [],
    nodeId: null,
    elapsedMs: 1,
  });

  it('"more pages" without a nextPageUrl fails the export and keeps no file', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'no-cursor.csv');
    const { jobId } = jobs.start(path, 'csv', async () => lyingPage(null, true));
    const done = await jobs.finished(jobId);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/more pages follow but gave no nextPageUrl/);
    expect((await readdir(dir)).filter((f) => f.startsWith('no-cursor'))).toEqual([]);
  });

  it('the same nextPageUrl twice stops the export instead of looping forever', async () => {
    const jobs = new ExportJobs();
    const path = join(dir, 'loop.csv');
    const { jobId } = jobs.start(path, 'csv', async () =>
      lyingPage('http://x/api/v2/parties/p/tokenTransfers?c=1', true),
    );
    const done = await jobs.finished(jobId);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/already given/);
    expect(done.pages).toBe(1);
    expect((await readdir(dir)).filter((f) => f.startsWith('loop'))).toEqual([]);
  });
});
