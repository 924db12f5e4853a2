// Preloaded into the ledger engine by the local-ledger bench only (`node --import`, started by
// bench/local-ledger-worker.ts through forkEngine's bench option; the app never loads it). It tells
// the bench, on the engine's own IPC channel, where the engine's memory is: V8's heap and what V8
// knows outside it (process.memoryUsage, every 100 ms) and DuckDB's own account of its stores
// (duckdb_memory(), every 500 ms). The worker takes these messages off the channel before the
// engine client sees them. BENCH_SYNC_CHAINS sets the engine's cursor chains (as --chains does the
// floor's in main), so the sync and its floor stay paired. The memory levers, to measure them without
// changing the app: BENCH_SYNC_READ_AHEAD (pages a window holds ready), BENCH_DUCKDB_MEMORY_LIMIT and
// BENCH_DUCKDB_THREADS, BENCH_DUCKDB_CHECKPOINT (checkpoint_threshold): the store's DuckDB options,
// ledger-store.ts.
import { setPriority } from 'node:os';
import { DuckDBInstance } from '@duckdb/node-api';
import { legDaysTuning } from '../src-main/services/local-ledger/store/leg-days.ts';
import { syncTuning } from '../src-main/services/local-ledger/sync/sync-windows.ts';

const env = process.env;
// BENCH_ENGINE_NICE: the engine's scheduling priority (nice), set before DuckDB starts its threads.
if (env.BENCH_ENGINE_NICE) setPriority(Number(env.BENCH_ENGINE_NICE));
if (env.BENCH_SYNC_CHAINS) syncTuning.chains = Number(env.BENCH_SYNC_CHAINS);
if (env.BENCH_SYNC_READ_AHEAD) syncTuning.readAhead = Number(env.BENCH_SYNC_READ_AHEAD);
// The sync without its aggregates (issue 39's paired figure): the store's leg_days left as they were.
if (env.BENCH_NO_LEG_DAYS) legDaysTuning.keep = false;
const storeOptions = {
  ...(env.BENCH_DUCKDB_MEMORY_LIMIT ? { memory_limit: env.BENCH_DUCKDB_MEMORY_LIMIT } : {}),
  ...(env.BENCH_DUCKDB_THREADS ? { threads: env.BENCH_DUCKDB_THREADS } : {}),
  ...(env.BENCH_DUCKDB_CHECKPOINT ? { checkpoint_threshold: env.BENCH_DUCKDB_CHECKPOINT } : {}),
  // BENCH_DUCKDB_OPTIONS: any other DuckDB options, `name=value,name=value`.
  ...Object.fromEntries(
    (env.BENCH_DUCKDB_OPTIONS ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  ),
};

/** The stores' DuckDB instances (a file, not ':memory:'), while open. */
const stores = new Set<DuckDBInstance>();
const create = DuckDBInstance.create.bind(DuckDBInstance);
DuckDBInstance.create = async (path?: string, options?: Record<string, string>) => {
  const store = Boolean(path && path !== ':memory:');
  const instance = await create(path, store ? { ...options, ...storeOptions } : options);
  if (store) {
    stores.add(instance);
    const close = instance.closeSync.bind(instance);
    instance.closeSync = () => {
      stores.delete(instance);
      close();
    };
  }
  return instance;
};

const send = (message: unknown) => {
  if (process.connected) process.send?.(message, () => {});
};

setInterval(() => {
  send({ benchProbe: 'memory', at: Date.now(), ...process.memoryUsage() });
}, 100).unref();

let reading = false;
setInterval(() => {
  if (reading || stores.size === 0) return;
  reading = true;
  void (async () => {
    const byTag: Record<string, number> = {};
    for (const instance of [...stores]) {
      const connection = await instance.connect().catch(() => null);
      if (!connection) continue;
      try {
        const reader = await connection.runAndReadAll(
          'SELECT tag, memory_usage_bytes FROM duckdb_memory() WHERE memory_usage_bytes > 0',
        );
        for (const [tag, bytes] of reader.getRows()) byTag[tag as string] = (byTag[tag as string] ?? 0) + Number(bytes);
      } catch {
        // The store closed under it: no reading this time.
      } finally {
        connection.closeSync();
      }
    }
    send({ benchProbe: 'duckdb', at: Date.now(), byTag });
  })().finally(() => {
    reading = false;
  });
}, 500).unref();
