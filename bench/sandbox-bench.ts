// npm run bench:sandbox — the sandbox network at 1,000,000 transfers:
//   start-up to ready (data generation + indexes + EVM nodes), a 1000-leg filtered page p50,
//   and resident memory. Each figure is printed beside its target.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { transfers: { type: 'string' }, requests: { type: 'string' } } });
const transfers = Number(values.transfers ?? 1_000_000);
const requests = Number(values.requests ?? 300);
const cli = resolve(import.meta.dirname, '../src-main/services/sandbox/sandbox-cli.ts');

const started = performance.now();
const child = spawn(process.execPath, [cli, '--port', '0', '--seed', '42', '--transfers', String(transfers)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const info = JSON.parse(await new Promise<string>((r) => createInterface({ input: child.stdout }).once('line', r)));
const startupMs = performance.now() - started;

const rssMb = (field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
};

// Filtered pages: the ledger coin over a year, for the parties in turn, from page one and deeper pages.
const parties: string[] = info.parties;
const latencies: number[] = [];
let legs = 0;
for (let i = 0; i < requests; i++) {
  const party = parties[i % parties.length];
  const params = new URLSearchParams({
    pageSize: '1000',
    assetKind: 'ledger_coin',
    effectiveAfter: '2025-01-01T00:00:00Z',
    effectiveBefore: '2026-01-01T00:00:00Z',
  });
  const url = `${info.baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers?${params}`;
  const t0 = performance.now();
  const response = await fetch(url, { headers: { jwt: info.tokens.readAll } });
  const body = (await response.json()) as { count: number; nextPageUrl: string | null };
  latencies.push(performance.now() - t0);
  // A fast error must not pass for a fast page.
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  if (body.count !== 1000 && body.nextPageUrl !== null) throw new Error(`short page (${body.count}) with more to come`);
  legs += body.count;
  if (i % 3 === 2 && body.nextPageUrl) {
    const t1 = performance.now();
    const deeper = await fetch(body.nextPageUrl, { headers: { jwt: info.tokens.readAll } });
    await deeper.json();
    if (deeper.status !== 200) throw new Error(`HTTP ${deeper.status} on a deeper page`);
    latencies.push(performance.now() - t1);
  }
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
const rss = rssMb('VmRSS');
const peak = rssMb('VmHWM');
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));

const rows: Array<[string, string, string, boolean]> = [
  ['start-up to ready (data + indexes + EVM nodes)', `${(startupMs / 1000).toFixed(2)} s`, '<= 5 s', startupMs <= 5000],
  [
    `1000-leg filtered page, p50 of ${latencies.length}`,
    `${pct(50).toFixed(2)} ms (p95 ${pct(95).toFixed(2)} ms)`,
    '<= 10 ms',
    pct(50) <= 10,
  ],
  ['resident memory after the run (peak)', `${rss.toFixed(0)} MB (${peak.toFixed(0)} MB)`, '<= 1024 MB', peak <= 1024],
];
console.log(
  `sandbox network with ${transfers.toLocaleString('en')} transfers (${legs.toLocaleString('en')} legs served)`,
);
for (const [figure, measured, target, pass] of rows) {
  console.log(`${figure.padEnd(52)} ${measured.padEnd(32)} target ${target.padEnd(12)} ${pass ? 'PASS' : 'MISS'}`);
}
