// One profile's local store: a DuckDB database file in the user-data folder, owner-only (folder
// 0700, files 0600), shared with the other programs that use it (store-file.ts: this process holds
// the file only while it has work in flight, and waits for another program that holds it).
// Writes are serialised (one sync at a time per store, plus forget); each read runs on a connection
// of its own, so a slow SQL query never blocks the table, and can be interrupted when the renderer
// abandons it.
import { stat } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import type { LegSource, LegWriter, ReadOptions, StoreWait } from './leg-access.ts';
import { onConnection } from './read-connection.ts';
import { closedError } from './store-errors.ts';
import { APP_STORE_ACCESS, STORE_THREADS, type StoreAccess, type StoreEvents, StoreFile } from './store-file.ts';
import { writeVersion } from './store-markers.ts';

/** Where the benches read the store's DuckDB options (they are the shared file's: store-file.ts). */
export { DUCKDB_OPTIONS } from './store-file.ts';

/** The profile's store file: the one LegWriter (and a LegReader, for the views that read it). */
export class LedgerStore extends StoreFile implements LegWriter {
  private writing: Promise<unknown> = Promise.resolve();
  /** Sorted exports in flight (singleThreaded). */
  private singleThreadedRuns = 0;
  /** Connections of reads in flight: close() interrupts them. */
  private readonly reading = new Set<DuckDBConnection>();

  constructor(path: string, access: StoreAccess = APP_STORE_ACCESS, events: StoreEvents = {}) {
    super(path, access, events);
  }

  /** A store on `path`, opened once now (created, or brought to this version's schema) and let go after the idle grace. */
  static async open(path: string, access: StoreAccess = APP_STORE_ACCESS): Promise<LedgerStore> {
    const store = new LedgerStore(path, access);
    await store.read(async () => {});
    return store;
  }

  /** Runs `work` with the write connection, after every earlier write has finished. */
  write<T>(work: (connection: DuckDBConnection) => Promise<T>, wait?: Partial<StoreWait>): Promise<T> {
    return this.serially(async () => {
      const opened = await this.acquire(wait);
      try {
        return await work(opened.main);
      } finally {
        await this.protectFiles().catch(() => {});
        this.release();
      }
    });
  }

  /**
   * Runs `work` on a connection of its own; an abort interrupts the running query (or the wait for
   * the file). A store file has every party at hand: `options.parties` changes nothing here.
   */
  async read<T>(work: (connection: DuckDBConnection) => Promise<T>, options: ReadOptions = {}): Promise<T> {
    const { signal, wait } = options;
    if (signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
    const opened = await this.acquire({ signal, ...wait });
    try {
      return await onConnection(opened.instance, this.reading, work, signal);
    } finally {
      this.release();
    }
  }

  /** The SQL process reads a store through a snapshot of its `legs` view (sql/sql-snapshot.ts, a DuckDB file). */
  async source(): Promise<LegSource> {
    return { kind: 'store', path: this.path };
  }

  /**
   * Runs `work` with the file to itself (reads in flight are interrupted, none start), then lets go
   * of it without writing anything more: a forget that rewrote or removed the file under this name.
   */
  exclusive<T>(work: (connection: DuckDBConnection) => Promise<T>, wait?: Partial<StoreWait>): Promise<T> {
    return this.serially(async () => {
      const opened = await this.acquire(wait);
      this.draining = true;
      try {
        for (const connection of this.reading) connection.interrupt();
        while (this.active > 1) await this.nextRelease();
        return await work(opened.main);
      } finally {
        this.active--;
        this.closeNow({ checkpoint: false });
        await this.closing;
      }
    });
  }

  /**
   * Runs `work` (on `connection`, a read's) with the store's DuckDB on one thread: a sorted export.
   * Two threads sorting wide rows each want their own share of the store's memory and ran out of it (an
   * export of 300,000 legs failed "Out of Memory"); one thread sorts within it, and faster (CSV of a
   * million legs 176,000 -> 228,000 legs/s). Threads are the instance's, not the connection's, so
   * other reads meanwhile run on one thread too; the last such export gives the second one back.
   */
  async singleThreaded<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
    const first = this.singleThreadedRuns === 0;
    this.singleThreadedRuns++;
    try {
      if (first) await connection.run('SET threads = 1');
      return await work();
    } finally {
      // On a connection of its own: the export's may have been interrupted by a cancel.
      if (--this.singleThreadedRuns === 0 && this.opened) {
        const restore = await this.opened.instance.connect();
        await restore.run(`SET threads = ${STORE_THREADS}`).catch(() => {});
        restore.closeSync();
      }
    }
  }

  /** A fresh block of `count` leg sequence numbers (seq orders legs fetched at the same time). Inside write() only. */
  async takeSeq(connection: DuckDBConnection, count: number): Promise<bigint> {
    const opened = this.opened;
    if (!opened) throw new ServiceError('local_store', 'The local store is not open.');
    if (opened.nextSeq === null) {
      const seq = await connection.runAndReadAll('SELECT coalesce(max(seq), 0) + 1 FROM leg_store');
      opened.nextSeq = seq.getRows()[0][0] as bigint;
    }
    const first = opened.nextSeq;
    opened.nextSeq += BigInt(count);
    return first;
  }

  /** Tells other programs' watchers that what a reader sees changed (after the transaction committed). */
  announce(party: string | null): Promise<void> {
    return writeVersion(this.path, this.access.program, party);
  }

  async sizeOnDisk(): Promise<number> {
    let total = 0;
    for (const file of [this.path, `${this.path}.wal`]) total += (await stat(file).catch(() => null))?.size ?? 0;
    return total;
  }

  /** Waits for running writes, interrupts reads, checkpoints (the WAL folds into the file) and closes for good. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.writing;
    this.closed = true;
    this.failPending(closedError());
    for (const connection of this.reading) connection.interrupt();
    while (this.active > 0) await this.nextRelease();
    this.closeNow({ checkpoint: true });
    await this.closing;
    await this.opener;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writing.then(() => {
      if (this.closed) throw closedError();
      return work();
    });
    this.writing = run.catch(() => {});
    return run;
  }
}
