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
import { SYNTHETIC_PARTY, syntheticLeg } from './synthetic-legs.ts';

const N = Number(process.argv[2] ?? 200_000);
const BATCH = Number(process.env.BATCH ?? 20_000);
const party = SYNTHETIC_PARTY;
const legs: TransferLeg[] = Array.from({ length: N }, (_, k) => syntheticLeg(k));

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
