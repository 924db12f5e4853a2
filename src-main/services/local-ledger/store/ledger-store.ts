// One profile's local store: a DuckDB database file in the user-data folder, owner-only (folder
// 0700, files 0600). DuckDB lets one process at a time open a file, and the app, the browser version
// and `npm run cli` all use the same one, so this process holds the file only while it has work in
// flight, plus a short idle grace (scrolling the table does not reopen it per window), and lets go at
// once when another program is waiting (store-markers.ts; docs/local-ledger.md, "Two programs, one
// store"). Opening waits for the other program with bounded retries and says who holds the file.
// Writes are serialised (one sync at a time per store, plus forget); each read runs on a connection
// of its own, so a slow SQL query never blocks the table, and can be interrupted when the renderer
// abandons it.
import { createHash } from 'node:crypto';
import { chmod, link, mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import type { LegSource, LegWriter, ReadOptions, StoreWait, StoreWaitNotice } from './leg-access.ts';
import { onConnection } from './read-connection.ts';
import {
  cameFirst,
  lockHolderPid,
  otherWaiters,
  readHolder,
  removeHolder,
  type StoreUser,
  userSentence,
  WaitingMarker,
  writeHolder,
  writeVersion,
} from './store-markers.ts';
import { refreshLegRowsView, SCHEMA_SQL, SCHEMA_VERSION } from './store-schema.ts';

/**
 * DuckDB's own limits in the process that holds the store (the ledger engine): the memory it may
 * use (the engine's 400 MB budget) and its worker threads. Above the memory limit it spills to a temp folder beside the file.
 */
const STORE_THREADS = 2;
export const DUCKDB_OPTIONS = {
  // 128 MB (was 192): with the sync's heap trims and read-ahead, what holds the engine's peak RSS
  // under 400 MB at a million legs, in the sync (the appended rows wait in memory for the checkpoint,
  // and the base table's cached blocks filled the rest: 420 MB at 192) and after it (sorted exports
  // 466 -> 377 MB); the exports at a million legs ran as fast (docs/performance.md, "The engine's
  // memory, met"). Sorts spill to the temp folder beyond it.
  memory_limit: '128MB',
  // DuckDB's own allocator (jemalloc, linked into its library) keeps freed memory until a task's peak
  // passes 128 MB by default: it gives it back from 16 MB on, with its background thread.
  allocator_flush_threshold: '16MB',
  allocator_background_threads: 'true',
  threads: String(STORE_THREADS),
  // DuckDB folds its WAL into the file when the WAL passes this size. At its default (16 MB, about
  // 25,000 legs) a sync checkpointed every second batch and each checkpoint compressed the table's
  // last, partly filled row group (122,880 rows) again: the commits cost 17-24 us of CPU a leg,
  // against 3-9 here (docs/performance.md, "The sync's commits"). The WAL a crash replays stays small.
  checkpoint_threshold: '64MB',
  // JSON and Parquet are built in; nothing may be fetched or loaded (a name like https://… in SQL
  // would otherwise make DuckDB try to install httpfs).
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
};

/**
 * The schema's DDL, as one fingerprint kept in store_meta: an open runs the DDL only when it differs
 * (a new store, or a new version of the app), so opening a store that is up to date writes nothing
 * and another program's watcher does not take an open for a change.
 */
const SCHEMA_FINGERPRINT = createHash('sha256')
  .update(`${SCHEMA_VERSION}\n${SCHEMA_SQL.join('\n;\n')}`)
  .digest('hex')
  .slice(0, 32);

/** How this process shares its stores with other programs. */
export interface StoreAccess {
  /** This program in words, as another program names it: "Ledger Explorer", "npm run cli -- sync". */
  program: string;
  /** Kept open this long after its last operation, unless another program waits for the file. */
  idleMs: number;
  /** How long a read (and a forget) waits for another program to let go of the file before it answers "busy". */
  readWaitMs: number;
  /** Told while an operation waits for the file (the CLI's progress lines). */
  onWait?: (wait: StoreWaitNotice) => void;
  /** What to do about a store that stayed busy, after "X has this local store open: " (default: the app's words). */
  busyAdvice?: string;
}

/**
 * The desktop app's and the browser version's defaults: a view waits a few seconds, then says why.
 * The grace covers a pause in reading the table (a read after it reopens the file and starts with a
 * cold cache: about 100 ms more at a million legs); a waiting program never waits for it.
 */
export const APP_STORE_ACCESS: StoreAccess = { program: 'Ledger Explorer', idleMs: 5000, readWaitMs: 3000 };

interface Opened {
  instance: DuckDBInstance;
  main: DuckDBConnection;
  /** The next leg sequence number, read at the first write after this open (another program may have written). */
  nextSeq: bigint | null;
}

interface Pending {
  deadline: number;
  started: number;
  wait: StoreWait;
  resolve: (opened: Opened) => void;
  reject: (error: unknown) => void;
}

/** What a store tells its owner (the watcher: a change by another program is noticed at the latest when it opens). */
export interface StoreEvents {
  opened?: () => Promise<void> | void;
}

/** The profile's store file: the one LegWriter (and a LegReader, for the views that read it). */
export class LedgerStore implements LegWriter {
  readonly path: string;
  private readonly access: StoreAccess;
  private readonly events: StoreEvents;
  private opened: Opened | null = null;
  private closing: Promise<void> | null = null;
  /** Operations in flight on the open file (reads and the write). */
  private active = 0;
  /** Another program waits (or a forget needs the file alone): no new operation starts until it is closed. */
  private draining = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private lastWaiterCheck = 0;
  private pending: Pending[] = [];
  private opener: Promise<void> | null = null;
  /** Told at every release: exclusive() and close() wait for the operations in flight this way. */
  private onRelease: Array<() => void> = [];
  private onClosed: Array<() => void> = [];
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Sorted exports in flight (singleThreaded). */
  private singleThreadedRuns = 0;
  /** Connections of reads in flight: close() interrupts them. */
  private readonly reading = new Set<DuckDBConnection>();

  constructor(path: string, access: StoreAccess = APP_STORE_ACCESS, events: StoreEvents = {}) {
    this.path = path;
    this.access = access;
    this.events = events;
  }

  /** A store on `path`, opened once now (created, or brought to this version's schema) and let go after the idle grace. */
  static async open(path: string, access: StoreAccess = APP_STORE_ACCESS): Promise<LedgerStore> {
    const store = new LedgerStore(path, access);
    await store.read(async () => {});
    return store;
  }

  /** This program in words (its markers name it so). */
  get program(): string {
    return this.access.program;
  }

  /** Whether this process has the file open now (another program cannot write it meanwhile). */
  get isOpen(): boolean {
    return this.opened !== null;
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

  /** The SQL process reads a store through a Parquet snapshot of its `legs` view (sql/sql-snapshot.ts). */
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

  /** The open file for one operation: at once while open, else after opening it (waiting for another program). */
  private acquire(wait: Partial<StoreWait> = {}): Promise<Opened> {
    if (this.closed) return Promise.reject(closedError());
    if (this.opened && !this.closing && !this.draining) {
      this.active++;
      this.stopIdle();
      this.noticeWaiters();
      return Promise.resolve(this.opened);
    }
    // Both hear of the wait: the program (the CLI's lines) and the operation (a sync's status).
    const tell = [this.access.onWait, wait.onWait].filter((f) => f !== undefined);
    const full: StoreWait = {
      waitMs: wait.waitMs ?? this.access.readWaitMs,
      signal: wait.signal,
      onWait: (notice) => {
        for (const onWait of tell) onWait(notice);
      },
    };
    return new Promise<Opened>((resolve, reject) => {
      const now = Date.now();
      this.pending.push({ deadline: now + full.waitMs, started: now, wait: full, resolve, reject });
      this.opener ??= this.openForPending().finally(() => {
        this.opener = null;
      });
    });
  }

  private release(): void {
    this.active--;
    for (const released of this.onRelease.splice(0)) released();
    if (this.active > 0) return;
    if (this.draining || this.closed) this.closeNow({ checkpoint: true });
    else this.startIdle();
  }

  private nextRelease(): Promise<void> {
    return new Promise<void>((resolve) => this.onRelease.push(resolve));
  }

  /**
   * Opens the file for the operations waiting for it. When another program holds it, or waited for
   * it first, this one joins the queue (its marker) and tries again with a short backoff until each
   * operation's own wait runs out or it is cancelled.
   */
  private async openForPending(): Promise<void> {
    const since = Date.now();
    let marker: WaitingMarker | null = null;
    let delay = 10;
    try {
      while (this.pending.length > 0) {
        if (this.opened || this.closing) {
          await new Promise<void>((resolve) => this.onClosed.push(resolve));
          continue;
        }
        let holder: StoreUser | null = null;
        const ahead = (await otherWaiters(this.path)).filter((w) => cameFirst(w, since));
        if (ahead.length > 0) holder = ahead[0];
        else {
          try {
            const opened = await this.openNow();
            if (this.closed) {
              opened.main.closeSync();
              opened.instance.closeSync();
              await removeHolder(this.path);
              return;
            }
            this.opened = opened;
            for (const p of this.pending.splice(0)) {
              this.active++;
              p.resolve(opened);
            }
            return;
          } catch (error) {
            const pid = lockHolderPid(error);
            if (pid === undefined) {
              this.failPending(storeError(error, `The local store ${this.path} could not be opened`));
              return;
            }
            holder = await readHolder(this.path, pid);
          }
        }
        marker ??= await WaitingMarker.create(this.path, this.access.program, since);
        await marker.touch();
        const now = Date.now();
        for (const p of [...this.pending]) {
          if (p.wait.signal?.aborted) this.drop(p, new ServiceError('cancelled', 'Cancelled.'));
          else if (now >= p.deadline) this.drop(p, busyError(holder, this.access.busyAdvice));
          else p.wait.onWait?.({ path: this.path, holder, waitedMs: now - p.started });
        }
        if (this.pending.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 200);
      }
    } finally {
      await marker?.remove();
    }
  }

  private async openNow(): Promise<Opened> {
    const { path } = this;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await chmod(dirname(path), 0o700);
    if (!(await exists(path))) await createOwnerOnly(path);
    const instance = await DuckDBInstance.create(path, { ...DUCKDB_OPTIONS, temp_directory: `${path}.tmp` });
    try {
      const main = await instance.connect();
      try {
        await ensureSchema(main);
        await writeHolder(path, this.access.program);
        await this.protectFiles();
        await this.events.opened?.();
        return { instance, main, nextSeq: null };
      } catch (error) {
        main.closeSync();
        throw error;
      }
    } catch (error) {
      instance.closeSync();
      throw error;
    }
  }

  /** Lets go of the file (only with no operation in flight). No checkpoint after a forget: the name may hold another file by now. */
  private closeNow({ checkpoint }: { checkpoint: boolean }): void {
    const opened = this.opened;
    if (!opened || this.closing || this.active > 0) return;
    this.stopIdle();
    this.closing = (async () => {
      if (checkpoint) {
        try {
          await opened.main.run('CHECKPOINT');
        } catch {
          // A store that cannot checkpoint keeps its WAL; DuckDB replays it at the next open.
        }
      }
      // While the lock is still held: the holder file then never names a program that has let go.
      await removeHolder(this.path);
      opened.main.closeSync();
      opened.instance.closeSync();
    })().finally(() => {
      this.opened = null;
      this.closing = null;
      this.draining = false;
      for (const closed of this.onClosed.splice(0)) closed();
      // Operations that came while it closed: open again (after any program waiting first).
      if (this.pending.length > 0 && !this.opener) {
        this.opener = this.openForPending().finally(() => {
          this.opener = null;
        });
      }
    });
  }

  /** While idle, checks a few times a second whether another program waits; closes then, or when the grace ends. */
  private startIdle(): void {
    this.stopIdle();
    const until = Date.now() + this.access.idleMs;
    const tick = async () => {
      this.idleTimer = null;
      if (this.active > 0 || !this.opened || this.closing) return;
      const waiting = Date.now() < until ? (await otherWaiters(this.path)).length > 0 : true;
      if (this.active > 0 || this.idleTimer) return;
      if (waiting) {
        this.closeNow({ checkpoint: true });
        return;
      }
      this.idleTimer = setTimeout(() => void tick(), Math.max(0, Math.min(250, until - Date.now())));
      this.idleTimer.unref?.();
    };
    this.idleTimer = setTimeout(() => void tick(), 0);
    this.idleTimer.unref?.();
  }

  private stopIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** While busy, now and then: another program waiting makes this one close as soon as its work in flight is done. */
  private noticeWaiters(): void {
    const now = Date.now();
    if (now - this.lastWaiterCheck < 250) return;
    this.lastWaiterCheck = now;
    void otherWaiters(this.path).then((waiters) => {
      if (waiters.length > 0 && this.opened) this.draining = true;
    });
  }

  private drop(p: Pending, error: unknown): void {
    this.pending.splice(this.pending.indexOf(p), 1);
    p.reject(error);
  }

  private failPending(error: unknown): void {
    for (const p of this.pending.splice(0)) p.reject(error);
  }

  /** The WAL and the spill folder are created by DuckDB with the default mode: owner-only, like the file. */
  private async protectFiles(): Promise<void> {
    await chmod(this.path, 0o600).catch(() => {});
    await chmod(`${this.path}.wal`, 0o600).catch(() => {});
    await chmod(`${this.path}.tmp`, 0o700).catch(() => {});
  }
}

/** Runs the schema's DDL only when the store's fingerprint differs, in one transaction (a kill leaves the old schema). */
async function ensureSchema(connection: DuckDBConnection): Promise<void> {
  const current = await connection
    .runAndReadAll("SELECT value FROM store_meta WHERE key = 'schema_sql'")
    .then((r) => r.getRows()[0]?.[0] ?? null)
    .catch(() => null);
  if (current === SCHEMA_FINGERPRINT) return;
  await connection.run('BEGIN TRANSACTION');
  try {
    for (const sql of SCHEMA_SQL) await connection.run(sql);
    await refreshLegRowsView(connection);
    await connection.run(`INSERT OR IGNORE INTO store_meta VALUES ('schema', '${SCHEMA_VERSION}')`);
    await connection.run(`INSERT OR REPLACE INTO store_meta VALUES ('schema_sql', '${SCHEMA_FINGERPRINT}')`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/**
 * A new database file is made under a temp name, set to 0600, then linked to its name: it never
 * exists readable by others, and two programs creating it at once cannot replace one another's
 * (a link fails when the name exists; a rename would swap the file under the first one's feet).
 */
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
  try {
    await link(fresh, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(fresh, { force: true });
  }
}

function closedError(): ServiceError {
  return new ServiceError('local_store', 'The local store was closed.');
}

/** Another program kept the file past this operation's wait: said in words, with who, for the screen. */
export function busyError(holder: StoreUser | null, advice = 'this view loads when it is done'): ServiceError {
  const who = userSentence(holder);
  return new ServiceError('local_store', `${who} has this local store open: ${advice}.`, {
    cause: 'busy',
    ...(holder ? { holderPid: holder.pid, holderProgram: holder.program } : {}),
  });
}

export function isBusy(error: unknown): boolean {
  return error instanceof ServiceError && error.details?.cause === 'busy';
}

export function storeError(error: unknown, what: string): ServiceError {
  if (error instanceof ServiceError) return error;
  const message = (error as Error)?.message ?? String(error);
  return new ServiceError('local_store', `${what}: ${firstLine(message)}`, { cause: 'duckdb' });
}

function firstLine(text: string): string {
  return text.split('\n')[0].slice(0, 300);
}
