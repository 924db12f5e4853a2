// The export's floor: the same pages' bodies, fetched first (not timed) and held in memory, then
// decoded, parsed and written as CSV by this one process with no HTTP, no validation and no
// summary. The CSV is written as the exporter writes it (its row writer, one buffer per page, a
// write stream with back-pressure, fsync at the end), so the file is byte for byte the export's
// and the difference between the two is what HTTP, checking answers and the summary cost.
// Prints one JSON line: { legs, pages, bodyMb, passes: [{ elapsedMs, legsPerSecond }] }.
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { transfersUrl } from '../src-main/services/ledger/ledger-client.ts';
import { CSV_HEADER, csvRows } from '../src-main/services/local-ledger/export/csv.ts';
import type { TransferLeg } from '../src-shared/contract/transfers.ts';
import { SANDBOX_ARG_OPTIONS, sandboxFromArgs } from './bench-args.ts';

const { values } = parseArgs({
  options: {
    ...SANDBOX_ARG_OPTIONS,
    out: { type: 'string' },
    after: { type: 'string' },
    passes: { type: 'string' },
  },
});
const { sandbox, party } = sandboxFromArgs(values);
const out = values.out as string;
const passes = Number(values.passes ?? 3);

// Not timed: every page of the export, one cursor chain, kept as the bytes that arrived.
const bodies: Buffer[] = [];
let url: string | null = transfersUrl(sandbox.baseUrl, {
  party: party,
  asset: { kind: 'all' },
  effectiveAfter: values.after ?? null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 1000,
  nodeId: null,
}).toString();
while (url) {
  const response: Response = await fetch(url, { headers: { jwt: sandbox.tokens.readAll, accept: 'application/json' } });
  if (!response.ok) throw new Error(`page ${bodies.length + 1}: HTTP ${response.status}`);
  const body: Buffer = Buffer.from(await response.arrayBuffer());
  bodies.push(body);
  url = (JSON.parse(body.toString('utf8')) as { nextPageUrl: string | null }).nextPageUrl;
}

const results: Array<{ elapsedMs: number; legsPerSecond: number }> = [];
let legs = 0;
for (let pass = 0; pass < passes; pass++) {
  await rm(out, { force: true });
  const started = performance.now();
  legs = await writeCsv(bodies, out);
  const elapsedMs = performance.now() - started;
  results.push({ elapsedMs: Math.round(elapsedMs), legsPerSecond: Math.round((legs / elapsedMs) * 1000) });
}
process.stdout.write(
  `${JSON.stringify({
    legs,
    pages: bodies.length,
    bodyMb: bodies.reduce((sum, b) => sum + b.length, 0) / 1e6,
    passes: results,
  })}\n`,
);

async function writeCsv(pages: Buffer[], path: string): Promise<number> {
  const stream = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  let count = 0;
  const write = (chunk: string) =>
    stream.write(Buffer.from(chunk, 'utf8'))
      ? null
      : new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  await write(CSV_HEADER);
  for (const body of pages) {
    const page = JSON.parse(body.toString('utf8')) as { transfers: TransferLeg[] | null };
    const rows = page.transfers ?? [];
    count += rows.length;
    await write(csvRows(rows));
  }
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const handle = await open(path, 'r+');
  await handle.sync();
  await handle.close();
  return count;
}
