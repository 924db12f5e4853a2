// The sync's store floor (issue 38, "the floor that stops the rest"): what DuckDB itself costs to
// store the legs a sync has just stored, with no JavaScript in the way. The synced store's leg rows
// are read into memory first (untimed, in batches of the sync's size), then inserted into a fresh
// store file, one transaction a batch as the sync commits them (sync-run.ts, BATCH_LEGS), with the
// store's schema and DuckDB options, and checkpointed. Timed: that process's CPU (every thread) and
// wall over the inserts and the checkpoint. Run by bench/local-ledger-worker.ts once its store is
// closed, with the store's threads and with one (DuckDB's second thread adds CPU to the same wall:
// the floor is the lower). Prints one JSON line: { legs, threads, ms, cpuMs }.
//
// The source is an in-memory database in the same DuckDB instance (a second instance would need a
// file between them, and reading it back would be timed too), so the memory limit is raised to 1 GB
// to hold it (a million legs; the local-ledger worker runs this up to 2,000,000): every other option
// is the store's. 128 MB (the store's own, the source spilled) and 1 GB measured the same CPU a leg
// within their spread (12.8 and 11.6 us on 2 threads).
// `node bench/store-floor-worker.ts STORE [threads]`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DUCKDB_OPTIONS } from '../src-main/services/local-ledger/store/ledger-store.ts';
import { SCHEMA_SQL } from '../src-main/services/local-ledger/store/store-schema.ts';
import { BATCH_LEGS } from '../src-main/services/local-ledger/sync/sync-run.ts';

const [source, threads = DUCKDB_OPTIONS.threads] = process.argv.slice(2);
if (!source) throw new Error('usage: store-floor-worker.ts STORE [threads]');
const dir = mkdtempSync(join(tmpdir(), 'store-floor-'));
const target = join(dir, 'floor.duckdb');
const quoted = (path: string) => `'${path.replaceAll("'", "''")}'`;
try {
  const instance = await DuckDBInstance.create(target, {
    ...DUCKDB_OPTIONS,
    threads,
    memory_limit: '1GB',
    temp_directory: `${target}.tmp`,
  });
  const db = await instance.connect();
  for (const sql of SCHEMA_SQL) await db.run(sql);
  await db.run(`ATTACH ${quoted(source)} AS synced (READ_ONLY)`);
  await db.run(`ATTACH ':memory:' AS mem`);
  await db.run('CREATE TABLE mem.legs AS SELECT row_number() OVER () - 1 AS k, * FROM synced.leg_store');
  const legs = Number((await db.runAndReadAll('SELECT count(*) FROM mem.legs')).getRows()[0][0]);
  const batches = Math.ceil(legs / BATCH_LEGS);
  for (let b = 0; b < batches; b++) {
    await db.run(
      `CREATE TABLE mem.b${b} AS SELECT * EXCLUDE (k) FROM mem.legs WHERE k >= ${b * BATCH_LEGS} AND k < ${(b + 1) * BATCH_LEGS}`,
    );
  }
  await db.run('DROP TABLE mem.legs');
  await db.run('DETACH synced');
  await db.run('CHECKPOINT');

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    await db.run('BEGIN TRANSACTION');
    await db.run(`INSERT INTO leg_store SELECT * FROM mem.b${b}`);
    await db.run('COMMIT');
  }
  await db.run('CHECKPOINT');
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  db.closeSync();
  instance.closeSync();
  process.stdout.write(
    `${JSON.stringify({ legs, threads: Number(threads), ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
