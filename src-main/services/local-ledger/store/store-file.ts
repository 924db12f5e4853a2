// How a store's file is shared with other programs (docs/local-ledger.md, "Two programs, one
// store"): DuckDB lets one process at a time open a file, and the app, the browser version and
// `npm run cli` all use the same one, so this process holds the file only while it has work in
// flight, plus a short idle grace (scrolling the table does not reopen it per window), and lets go
// at once when another program is waiting (store-markers.ts). Opening waits for the other program
// with bounded retries and says who holds the file.
// The store's operations (ledger-store.ts, LedgerStore) are built on this class: they share the
// file's state (what is in flight, whether it drains or closes) with the protocol, so it is their
// base class rather than a part they call.
import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import type { StoreWait, StoreWaitNotice } from './leg-access.ts';
import { busyError, closedError, storeError } from './store-errors.ts';
import {
  cameFirst,
  lockHolderPid,
  otherWaiters,
  readHolder,
  removeHolder,
  type StoreUser,
  WaitingMarker,
  writeHolder,
} from './store-markers.ts';
import { createOwnerOnly, ensureSchema, exists } from './store-setup.ts';

/**
 * DuckDB's own limits in the process that holds the store (the ledger engine): the memory it may
 * use (the engine's 400 MB budget) and its worker threads. Above the memory limit it spills to a temp folder beside the file.
 */
export const STORE_THREADS = 2;
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

export interface Opened {
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

/** The file of one store, opened for the operations in flight and let go when none is (or another program waits). */
export class StoreFile {
  readonly path: string;
  protected readonly access: StoreAccess;
  private readonly events: StoreEvents;
  protected opened: Opened | null = null;
  protected closing: Promise<void> | null = null;
  /** Operations in flight on the open file (reads and the write). */
  protected active = 0;
  /** Another program waits (or a forget needs the file alone): no new operation starts until it is closed. */
  protected draining = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private lastWaiterCheck = 0;
  private pending: Pending[] = [];
  protected opener: Promise<void> | null = null;
  /** Told at every release: exclusive() and close() wait for the operations in flight this way. */
  private onRelease: Array<() => void> = [];
  private onClosed: Array<() => void> = [];
  protected closed = false;

  constructor(path: string, access: StoreAccess = APP_STORE_ACCESS, events: StoreEvents = {}) {
    this.path = path;
    this.access = access;
    this.events = events;
  }

  /** This program in words (its markers name it so). */
  get program(): string {
    return this.access.program;
  }

  /** Whether this process has the file open now (another program cannot write it meanwhile). */
  get isOpen(): boolean {
    return this.opened !== null;
  }

  /** The open file for one operation: at once while open, else after opening it (waiting for another program). */
  protected acquire(wait: Partial<StoreWait> = {}): Promise<Opened> {
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

  protected release(): void {
    this.active--;
    for (const released of this.onRelease.splice(0)) released();
    if (this.active > 0) return;
    if (this.draining || this.closed) this.closeNow({ checkpoint: true });
    else this.startIdle();
  }

  protected nextRelease(): Promise<void> {
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
  protected closeNow({ checkpoint }: { checkpoint: boolean }): void {
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

  protected failPending(error: unknown): void {
    for (const p of this.pending.splice(0)) p.reject(error);
  }

  /** The WAL and the spill folder are created by DuckDB with the default mode: owner-only, like the file. */
  protected async protectFiles(): Promise<void> {
    await chmod(this.path, 0o600).catch(() => {});
    await chmod(`${this.path}.wal`, 0o600).catch(() => {});
    await chmod(`${this.path}.tmp`, 0o700).catch(() => {});
  }
}
