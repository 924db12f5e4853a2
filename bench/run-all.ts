// npm run bench: every benchmark in one run on this machine, one table, and bench/results.json.
// Ratios are measured A B A B in the same run; absolute times are medians of repeats.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Figure, printTable, ROOT } from './bench-kit.ts';
import { bundleStartupBench } from './bundle-startup-bench.ts';
import { exportBench } from './export-bench.ts';
import { firstRowBench } from './first-row-bench.ts';
import { growthBench } from './growth-bench.ts';
import { LAKE_TRANSFERS, lakeBench } from './lake-bench.ts';
import { localLedgerBench, scaleBench } from './local-ledger-bench.ts';
import { notebookChartBench } from './notebook-chart-bench.ts';
import { notebookQueriesBench } from './notebook-queries-bench.ts';
import { pageStackBench } from './page-stack-bench.ts';
import { reconcileBench } from './reconcile-bench.ts';
import { rpcAnswerBench } from './rpc-answer-bench.ts';
import { rpcBench } from './rpc-bench.ts';
import { sandboxBench } from './sandbox-bench.ts';
import { scrollBench } from './scroll-bench.ts';
import { SQL_BENCH_TRANSFERS, sqlBudgetBench } from './sql-budget-bench.ts';
import { SYNC_ALL_TRANSFERS, syncAllBench } from './sync-all-bench.ts';

const all: Array<{ key: string; title: string; run: () => Promise<Figure[]> }> = [
  { key: 'sandbox', title: 'sandbox network (1M transfers)', run: () => sandboxBench() },
  {
    key: 'bundle',
    title: 'main bundle size and start-up to ready (sandbox included)',
    run: () => bundleStartupBench(),
  },
  { key: 'first-row', title: 'first row and cold load in Chromium', run: () => firstRowBench() },
  { key: 'page', title: 'a page through the app stack (1M transfers)', run: () => pageStackBench() },
  { key: 'growth', title: 'how a page grows with the ledger (10k, 100k, 1M transfers)', run: () => growthBench() },
  { key: 'scroll', title: 'scrolling 100,000+ loaded legs in Chromium', run: () => scrollBench() },
  { key: 'export', title: 'export (5M-transfer ledger, busiest party)', run: () => exportBench() },
  {
    key: 'rpc',
    title: 'RPC round trip through the app (real EVM), and a 10 MB answer in the console',
    run: async () => [...(await rpcBench()), ...(await rpcAnswerBench())],
  },
  { key: 'local', title: 'local ledger (1M legs of one party, DuckDB store)', run: () => localLedgerBench() },
  {
    key: 'sql',
    title: `SQL editor under hostile queries (${SQL_BENCH_TRANSFERS.toLocaleString('en')} legs, in-process sandbox)`,
    run: () => sqlBudgetBench(),
  },
  {
    key: 'notebook-queries',
    title: 'notebook built-in queries (1M legs of one party, through the SQL process): p50 each',
    run: () => notebookQueriesBench(),
  },
  {
    key: 'notebook-chart',
    title: 'a notebook chart of a 100,000-row result in Chromium',
    run: () => notebookChartBench(),
  },
  {
    key: 'reconcile',
    title: 'reconcile a statement (100k lines against 1M legs of one party)',
    run: () => reconcileBench(),
  },
  {
    key: 'sync-all',
    title: `"Sync all my parties" against single-party syncs (about ${(SYNC_ALL_TRANSFERS * 2).toLocaleString('en')} legs over the sandbox's parties)`,
    run: () => syncAllBench(),
  },
];
/** Opt-in sections: only when named (`npm run bench -- scale`), never in the full run. */
const optIn: Array<(typeof all)[number] & { alsoIn?: string }> = [
  {
    key: 'scale',
    title: 'local ledger at 10 million legs of one party, against 1 million (opt-in)',
    run: () => scaleBench(),
  },
  {
    // Part of `-- scale` (issue 29), or alone: `npm run bench -- lake`.
    key: 'lake',
    alsoIn: 'scale',
    title: `team lake: the sandbox's parties, ${(LAKE_TRANSFERS * 2).toLocaleString('en')} legs, written by lake sync and read in the app (opt-in)`,
    run: () => lakeBench(),
  },
];
// `npm run bench -- scroll rpc` runs only those sections and writes bench/results.partial.json,
// leaving the full run's bench/results.json alone.
const wanted = process.argv.slice(2);
const known = [...all, ...optIn];
const unknown = wanted.filter((key) => !known.some((s) => s.key === key));
if (unknown.length) {
  console.error(`unknown section(s): ${unknown.join(', ')}; known: ${known.map((s) => s.key).join(', ')}`);
  process.exit(2);
}
const alsoIn = (s: (typeof known)[number]) => ('alsoIn' in s ? (s.alsoIn as string | undefined) : undefined);
const sections = wanted.length ? known.filter((s) => wanted.includes(s.key) || wanted.includes(alsoIn(s) ?? '')) : all;
const resultsFile = wanted.length ? 'bench/results.partial.json' : 'bench/results.json';

const started = Date.now();
const results: Array<{ section: string; figures: Figure[]; error?: string }> = [];
for (const section of sections) {
  try {
    const figures = await section.run();
    printTable(section.title, figures);
    results.push({ section: section.title, figures });
  } catch (error) {
    console.log(`\n${section.title}: FAILED — ${(error as Error).message}`);
    results.push({ section: section.title, figures: [], error: (error as Error).message });
  }
}

const chromium = (() => {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine = {
  date: new Date().toISOString(),
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  chromium,
};
writeFileSync(
  join(ROOT, resultsFile),
  `${JSON.stringify({ machine, durationSeconds: Math.round((Date.now() - started) / 1000), results }, null, 2)}\n`,
);
const figures = results.flatMap((r) => r.figures);
const misses = figures.filter((f) => f.pass === false).length;
// A section that threw fails the command (a MISS does not: it is a figure, not a broken bench).
if (results.some((r) => r.error)) process.exitCode = 1;
// Every target that was missed, and every section that failed, by name: the summary says which.
for (const r of results) {
  if (r.error) console.log(`FAILED section: ${r.section} — ${r.error}`);
  for (const f of r.figures) if (f.pass === false) console.log(`MISS: ${f.figure}: ${f.median} (target ${f.target})`);
}
console.log(
  `\n${figures.filter((f) => f.pass === true).length} PASS, ${misses} MISS, ${results.filter((r) => r.error).length} failed sections; ${Math.round((Date.now() - started) / 1000)} s; written to ${resultsFile}`,
);
