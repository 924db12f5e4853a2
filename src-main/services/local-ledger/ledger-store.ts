// One profile's local store: a DuckDB database file in the user-data folder, owner-only (folder
// 0700, files 0600). Writes are serialised (one sync at a time per store, plus forget); each read
// runs on a connection of its own, so a slow SQL query never blocks the table, and can be
// interrupted when the renderer abandons it.
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ServiceError } from '../errors.ts';
import { refreshLegRowsView, SCHEMA_SQL, SCHEMA_VERSION } from './store-schema.ts';

/**
 * DuckDB's own limits inside main: the heap it may use (the sync's 400 MB budget for all of main)
 * and its worker threads. Above the memory limit it spills to a temp folder beside the file.
 */
const DUCKDB_OPTIONS = {
  memory_limit: '192MB',
  threads: '2',
  // JSON and Parquet are built in; nothing may be fetched or loaded (a name like https://… in SQL
  // would otherwise make DuckDB try to install httpfs).
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
};

export class LedgerStore {
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Connections of reads in flight: close() interrupts them and waits until they are done. */
  private readonly reading = new Set<DuckDBConnection>();
  private readsDone: Array<() => void> = [];
  private nextSeq = 0n;

  readonly path: string;
  private readonly instance: DuckDBInstance;
  private readonly main: DuckDBConnection;

  private constructor(path: string, instance: DuckDBInstance, main: DuckDBConnection) {
    this.path = path;
    this.instance = instance;
    this.main = main;
  }

  /** Opens (creating if needed) the store at `path`. Fails with `local_store` and the reason. */
  static async open(path: string): Promise<LedgerStore> {
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await chmod(dirname(path), 0o700);
      if (!(await exists(path))) await createOwnerOnly(path);
      const instance = await DuckDBInstance.create(path, { ...DUCKDB_OPTIONS, temp_directory: `${path}.tmp` });
      const main = await instance.connect();
      for (const sql of SCHEMA_SQL) await main.run(sql);
      await refreshLegRowsView(main);
      await main.run(`INSERT OR IGNORE INTO store_meta VALUES ('schema', '${SCHEMA_VERSION}')`);
      const store = new LedgerStore(path, instance, main);
      const seq = await main.runAndReadAll('SELECT coalesce(max(seq), 0) + 1 FROM leg_store');
      store.nextSeq = seq.getRows()[0][0] as bigint;
      await store.protectFiles();
      return store;
    } catch (error) {
      throw storeError(error, `The local store ${path} could not be opened`);
    }
  }

  /** A fresh sequence number block for `count` new legs (seq orders legs fetched at the same time). */
  takeSeq(count: number): bigint {
    const first = this.nextSeq;
    this.nextSeq += BigInt(count);
    return first;
  }

  /** Runs `work` with the write connection, after every earlier write has finished. */
  write<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const run = this.writing.then(async () => {
      if (this.closed) throw new ServiceError('local_store', 'The local store was closed.');
      try {
        return await work(this.main);
      } finally {
        await this.protectFiles().catch(() => {});
      }
    });
    this.writing = run.catch(() => {});
    return run;
  }

  /** Runs `work` on a connection of its own; an abort interrupts the running query. */
  async read<T>(work: (connection: DuckDBConnection) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) throw new ServiceError('local_store', 'The local store was closed.');
    const connection = await this.instance.connect();
    this.reading.add(connection);
    const interrupt = () => connection.interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
      return await work(connection);
    } catch (error) {
      if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
      throw error;
    } finally {
      signal?.removeEventListener('abort', interrupt);
      connection.closeSync();
      this.reading.delete(connection);
      if (this.reading.size === 0) for (const done of this.readsDone.splice(0)) done();
    }
  }

  async sizeOnDisk(): Promise<number> {
    let total = 0;
    for (const file of [this.path, `${this.path}.wal`]) total += (await stat(file).catch(() => null))?.size ?? 0;
    return total;
  }

  /** Waits for running writes, checkpoints (the WAL folds into the file) and closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.writing;
    this.closed = true;
    for (const connection of this.reading) connection.interrupt();
    if (this.reading.size > 0) await new Promise<void>((resolve) => this.readsDone.push(resolve));
    try {
      await this.main.run('CHECKPOINT');
    } catch {
      // A store that cannot checkpoint keeps its WAL; DuckDB replays it at the next open.
    }
    this.main.closeSync();
    this.instance.closeSync();
  }

  /** The WAL and the spill folder are created by DuckDB with the default mode: owner-only, like the file. */
  private async protectFiles(): Promise<void> {
    await chmod(this.path, 0o600).catch(() => {});
    await chmod(`${this.path}.wal`, 0o600).catch(() => {});
    await chmod(`${this.path}.tmp`, 0o700).catch(() => {});
  }
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/** A new database file is made under a temp name, set to 0600, then renamed: it never exists readable by others. */
async function createOwnerOnly(path: string): Promise<void> {
  const fresh = `${path}.new-${process.pid}`;
  await rm(fresh, { force: true });
  await rm(`${fresh}.wal`, { force: true });
  const instance = await DuckDBInstance.create(fresh);
  const connection = await instance.connect();
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  await chmod(fresh, 0o600);
  await rename(fresh, path);
}

export function storeError(error: unknown, what: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const message = (error as Error)?.message ?? String(error);
  // DuckDB's lock message names the other process: the CLI and the app cannot write one store at once.
  const locked = /Could not set lock|Conflicting lock/i.test(message);
  return new ServiceError(
    'local_store',
    locked
      ? `${what}: another program has it open (the app, or \`npm run cli\`). Close it and try again.`
      : `${what}: ${firstLine(message)}`,
    { cause: locked ? 'locked' : 'duckdb' },
  );
}

function firstLine(text: string): string {
  return text.split('\n')[0].slice(0, 300);
}
