// The sync's commit path alone (store/leg-rows.ts appendLegs), no HTTP and no parse: N synthetic legs
// shaped like the sandbox's (party ids of ~80 characters, 10 decimals, RFC 3339 times), committed in
// batches of 20,000 as sync-run.ts commits them, into a fresh store file with the store's schema
// and DuckDB options. Prints µs of wall and of this process's CPU per leg, split into the parts.
// `node bench/leg-append-bench.ts [legs=200000]`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DUCKDB_OPTIONS } from '../src-main/services/local-ledger/store/ledger-store.ts';
import { appendLegs } from '../src-main/services/local-ledger/store/leg-rows.ts';
import { SCHEMA_SQL } from '../src-main/services/local-ledger/store/store-schema.ts';
import type { TransferLeg } from '../src-shared/contract/transfers.ts';

const N = Number(process.argv[2] ?? 200_000);
const BATCH = Number(process.env.BATCH ?? 20_000);
const hex = (k: number, len: number) =>
  k
    .toString(16)
    .padStart(8, '0')
    .repeat(Math.ceil(len / 8))
    .slice(0, len);
const party = `busy-party::1220${hex(7, 64)}`;
const others = Array.from({ length: 200 }, (_, k) => `party-${k}::1220${hex(k * 7919 + 13, 64)}`);
const admin = `dso::1220${hex(99, 64)}`;
const legs: TransferLeg[] = [];
const t0ms = Date.parse('2024-01-01T00:00:00Z');
for (let k = 0; k < N; k++) {
  const other = others[k % others.length];
  const incoming = k % 3 === 0;
  const at = new Date(t0ms + k * 37_000).toISOString().replace('Z', `${String(k % 1000).padStart(3, '0')}Z`);
  legs.push({
    updateId: `1220${hex(k * 2654435761, 64)}`,
    effectiveAt: at,
    instrumentAdmin: admin,
    instrumentId: k % 5 === 0 ? 'USDCx' : 'Amulet',
    symbol: k % 5 === 0 ? 'USDCx' : 'CC',
    decimals: 10,
    amount: `${(k * 7919) % 100000}.${String((k * 104729) % 10_000_000_000).padStart(10, '0')}`,
    senderParty: incoming ? other : party,
    receiverParty: incoming ? party : other,
    counterparty: other,
    isIncoming: incoming,
    status: 'completed',
  });
}

const dir = mkdtempSync(join(tmpdir(), 'leg-append-bench-'));
try {
  const instance = await DuckDBInstance.create(join(dir, 'store.duckdb'), DUCKDB_OPTIONS);
  const connection = await instance.connect();
  for (const sql of SCHEMA_SQL) await connection.run(sql);
  for (const sql of (process.env.PRE ?? '').split(';').filter(Boolean)) await connection.run(sql);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let appendMs = 0;
  let commitMs = 0;
  let appendCpu = 0;
  let commitCpu = 0;
  const cpuNow = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (let offset = 0; offset < N; offset += BATCH) {
    const batch = legs.slice(offset, offset + BATCH);
    await connection.run('BEGIN TRANSACTION');
    const a = performance.now();
    const ac = cpuNow();
    await appendLegs(connection, 1n, party, batch, BigInt(offset + 1));
    const b = performance.now();
    const bc = cpuNow();
    await connection.run('COMMIT');
    appendMs += b - a;
    commitMs += performance.now() - b;
    appendCpu += bc - ac;
    commitCpu += cpuNow() - bc;
  }
  const c0 = performance.now();
  await connection.run('CHECKPOINT');
  const checkpointMs = performance.now() - c0;
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const per = (ms: number) => ((ms * 1000) / N).toFixed(2);
  const check = await connection.runAndReadAll(
    'SELECT count(*), sum(amount_units)::VARCHAR, count(DISTINCT counterparty), min(effective_ts)::VARCHAR FROM leg_store',
  );
  console.log(
    JSON.stringify({
      legs: N,
      wallUsPerLeg: per(wall),
      appendUsPerLeg: per(appendMs),
      commitUsPerLeg: per(commitMs),
      appendCpuUsPerLeg: per(appendCpu),
      commitCpuUsPerLeg: per(commitCpu),
      lastCheckpointUsPerLeg: per(checkpointMs),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      cpuUsPerLeg: per((cpu.user + cpu.system) / 1000),
      legsPerS: Math.round(N / (wall / 1000)),
      check: check.getRows()[0].map(String),
    }),
  );
  connection.closeSync();
  instance.closeSync();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
