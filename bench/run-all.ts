// npm run bench: every benchmark in one run on this machine, one table, and bench/results.json.
// Ratios are measured A B A B in the same run; absolute times are medians of repeats.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { type Figure, printTable, ROOT } from './bench-kit.ts';
import { exportBench } from './export-bench.ts';
import { pageStackBench } from './page-stack-bench.ts';
import { rpcBench } from './rpc-bench.ts';
import { sandboxBench } from './sandbox-bench.ts';
import { scrollBench } from './scroll-bench.ts';

const sections: Array<{ title: string; run: () => Promise<Figure[]> }> = [
  { title: 'sandbox network (1M transfers)', run: () => sandboxBench() },
  { title: 'a page through the app stack (1M transfers)', run: () => pageStackBench() },
  { title: 'scrolling 100,000+ loaded legs in Chromium', run: () => scrollBench() },
  { title: 'export (5M-transfer ledger, busiest party)', run: () => exportBench() },
  { title: 'RPC round trip through the app (real EVM)', run: () => rpcBench() },
];

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
  join(ROOT, 'bench/results.json'),
  `${JSON.stringify({ machine, durationSeconds: Math.round((Date.now() - started) / 1000), results }, null, 2)}\n`,
);
const all = results.flatMap((r) => r.figures);
const misses = all.filter((f) => f.pass === false).length;
console.log(
  `\n${all.filter((f) => f.pass === true).length} PASS, ${misses} MISS, ${results.filter((r) => r.error).length} failed sections; ${Math.round((Date.now() - started) / 1000)} s; written to bench/results.json`,
);
