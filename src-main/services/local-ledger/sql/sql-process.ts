// Main's side of the SQL process: starts a process (sql-child.ts) with an empty environment and a
// capped JS heap, hands it one job at a time, and uses it again for the next job while it answered
// the last, holds under its memory for reuse and has answered fewer than REUSE_JOBS (a process killed at
// a limit or a cancel is never used again); it keeps its last query's sandbox, warm, for the next
// over the same snapshot (sql-sandbox-db.ts). It watches each job from outside: its memory (read
// from /proc where there is one, else as the process reports it), its time, and the request's
// cancel. At a limit or a cancel main kills it, wherever the query is (before the guard, in it,
// between it and the query, during the fetch): nothing the process was doing can outlive it, and
// main's own memory never held the query's data (docs/security.md, "The SQL editor").
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceError } from '../../errors.ts';
import { limitMessage, type SqlLimit } from './sql-budgets.ts';
import type { FromChild, SqlChild, SqlChildStarter, SqlJob } from './sql-protocol.ts';

export type { SqlChild, SqlChildStarter } from './sql-protocol.ts';

/** The entry as source: Node runs it as it is (the browser version, the CLI, tests). */
const CHILD_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'sql-child.ts');

/** Node's fork of sql-child.ts (the browser version, the CLI, tests): empty environment, capped heap. */
export const forkSqlChild: SqlChildStarter = ({ cwd, heapMiB }) => {
  const child: ChildProcess = fork(CHILD_SOURCE, [], {
    cwd,
    // Nothing of main's environment (a ledger JWT in LEDGER_EXPLORER_LEDGER_JWT, proxies, HOME): only the zone.
    env: process.env.TZ ? { TZ: process.env.TZ } : {},
    execArgv: [`--max-old-space-size=${heapMiB}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.resume();
  // A spare process waiting for its job must not keep a CLI or a test from exiting.
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  return {
    pid: child.pid,
    post: (message) => child.send(message),
    onMessage: (listener) => child.on('message', (message) => listener(message as FromChild)),
    onExit: (listener) => child.once('exit', (code, signal) => listener(code, signal)),
    kill: () => child.kill('SIGKILL'),
  };
};

/** Resident memory of a process from /proc (Linux), in bytes; null where it cannot be read. */
async function rssFromProc(pid: number | undefined): Promise<number | null> {
  if (pid === undefined || process.platform !== 'linux') return null;
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8').catch(() => null);
  const pages = statm ? Number(statm.split(' ')[1]) : Number.NaN;
  return Number.isFinite(pages) ? pages * 4096 : null;
}

/** Where a query is in the pipeline: its snapshot is being made, its job went to the process, the guard passed and the query runs. */
export type SqlPhase = 'snapshot' | 'posted' | 'started';

export interface SqlRunOptions {
  signal?: AbortSignal;
  /** How often main looks at the process's memory. */
  watchMs?: number;
  /** Told the process's peak memory when it ends (benchmarks, tests). */
  onPeakMemory?: (bytes: number) => void;
}

interface Started {
  child: SqlChild;
  workDir: string;
  /** Resolves when the process said it is ready for its job. */
  ready: Promise<void>;
  listeners: Array<(message: FromChild) => void>;
  exited: { code: number | null; signal: string | null } | null;
  /** Jobs it has answered, and its memory at its last look. */
  jobs: number;
  rss: number;
  /** The last job ended with the process answering (not stopped by main): it may take another. */
  answered: boolean;
}

/**
 * A process is used again after answering, unless it holds more than DuckDB's share of the job's
 * budget (the kept sandbox's buffer pool, which holds the snapshot's blocks on purpose) and this
 * much besides, or has answered REUSE_JOBS jobs.
 */
const REUSE_ABOVE_DUCKDB = 256 * 1024 * 1024;
const REUSE_JOBS = 100;

/**
 * The SQL processes of one app. One waits, ready, for the next query, so a query does not wait for
 * Node and DuckDB to load (about half a second here). A process that answered (rows, or the
 * query's own error) takes the next query too, on a connection of its own to the kept sandbox; one that main
 * stopped (a cancel, a limit) is gone, and so is one that grew past its memory for reuse.
 */
export class SqlProcesses {
  private spare: Promise<Started> | null = null;
  private closed = false;
  /** Told each query's phase as it reaches it (tests cancel on these signals). */
  onPhase: ((phase: SqlPhase) => void) | null = null;

  private readonly start: SqlChildStarter;
  private readonly heapMiB: number;

  constructor(start: SqlChildStarter = forkSqlChild, heapMiB = 512) {
    this.start = start;
    this.heapMiB = heapMiB;
  }

  /** Runs `job` in a SQL process (the spare, or a new one) and answers its result, or throws: `cancelled`, a limit in words (details.limit), or the query's own error. */
  async run<T>(job: Omit<SqlJob, 'workDir'>, options: SqlRunOptions = {}): Promise<T> {
    if (options.signal?.aborted) throw new ServiceError('cancelled', 'Cancelled.');
    if (this.closed) throw new ServiceError('local_store', 'The app is closing.');
    const taken = this.spare ?? this.launch();
    this.spare = null;
    const started = await taken;
    try {
      return await watch<T>(started, { ...job, workDir: started.workDir }, options, this.onPhase);
    } finally {
      started.rss = (await rssFromProc(started.child.pid)) ?? started.rss;
      const reuse =
        started.answered &&
        started.exited === null &&
        started.rss < job.budgets.duckdbMemoryBytes + REUSE_ABOVE_DUCKDB &&
        started.jobs < REUSE_JOBS &&
        !this.closed &&
        this.spare === null;
      if (reuse) this.spare = Promise.resolve(started);
      else await this.retire(started);
      if (this.spare === null && !this.closed) this.spare = this.launch();
    }
  }

  private async retire(started: Started): Promise<void> {
    started.child.kill();
    await rm(started.workDir, { recursive: true, force: true }).catch(() => {});
  }

  /**
   * Stops the waiting process and readies a new one: its kept sandbox holds the last snapshot's
   * legs (its file open, its blocks cached), which a forget must not leave behind.
   */
  async dropSpare(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    const started = await spare?.catch(() => null);
    if (started) await this.retire(started);
    if (!this.closed && this.spare === null) this.spare = this.launch();
  }

  /** Stops the spare process (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    const started = await spare?.catch(() => null);
    if (started) await this.retire(started);
  }

  private async launch(): Promise<Started> {
    const workDir = join(tmpdir(), `ledger-explorer-sql-${randomBytes(6).toString('hex')}`);
    await mkdir(workDir, { recursive: true, mode: 0o700 });
    const child = this.start({ cwd: workDir, heapMiB: this.heapMiB });
    const started: Started = {
      child,
      workDir,
      ready: Promise.resolve(),
      listeners: [],
      exited: null,
      jobs: 0,
      rss: 0,
      answered: false,
    };
    started.ready = new Promise<void>((resolve) => {
      child.onMessage((message) => {
        if (message.type === 'ready') resolve();
        for (const listener of started.listeners) listener(message);
      });
      child.onExit((code, signal) => {
        started.exited = { code, signal };
        resolve();
        for (const listener of started.listeners) listener({ type: 'exited', code, signal });
      });
    });
    return started;
  }
}

function watch<T>(
  started: Started,
  job: SqlJob,
  options: SqlRunOptions,
  onPhase: ((phase: SqlPhase) => void) | null,
): Promise<T> {
  const { signal } = options;
  const { child } = started;
  const budgets = job.budgets;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let peak = 0;
    const timers: NodeJS.Timeout[] = [];
    started.answered = false;
    /** Ends the job: `answered` when the process answered it (else main stops the process). */
    const finish = (outcome: () => void, answered = false) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearInterval(timer); // clears a timeout as well
      signal?.removeEventListener('abort', onAbort);
      started.listeners.length = 0;
      options.onPeakMemory?.(peak);
      started.answered = answered;
      if (answered) started.jobs += 1;
      else child.kill();
      outcome();
    };
    const stop = (limit: SqlLimit) =>
      finish(() =>
        reject(
          new ServiceError(limit === 'time' ? 'timeout' : 'invalid_argument', limitMessage(limit, budgets), { limit }),
        ),
      );
    const noteMemory = (rss: number) => {
      started.rss = rss;
      peak = Math.max(peak, rss);
      if (rss > budgets.memoryBytes) stop('memory');
    };
    const onAbort = () => finish(() => reject(new ServiceError('cancelled', 'Cancelled.')));
    const onExit = (code: number | null, ended: string | null) => {
      // Ended by a signal main did not send: V8 aborts when its heap is full (SIGABRT), the OS kills
      // a process it cannot give memory to (SIGKILL).
      if (ended === 'SIGABRT' || ended === 'SIGKILL' || code === 134) return stop('memory');
      finish(() =>
        reject(
          new ServiceError('internal', `The SQL process stopped before it answered (exit code ${code ?? 'none'}).`),
        ),
      );
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    timers.push(
      setInterval(() => {
        void rssFromProc(child.pid).then((rss) => rss !== null && !settled && noteMemory(rss));
      }, options.watchMs ?? 50),
    );
    started.listeners.push((message) => {
      if (settled) return;
      switch (message.type) {
        case 'memory':
          noteMemory(message.rss);
          break;
        case 'started':
          onPhase?.('started');
          break;
        case 'done':
          finish(() => resolve(message.result as T), true);
          break;
        case 'failed':
          finish(
            () =>
              reject(
                new ServiceError(
                  message.error.code as ServiceError['code'],
                  message.error.message,
                  message.error.details,
                ),
              ),
            true,
          );
          break;
        case 'exited':
          onExit(message.code, message.signal);
          break;
        default:
          break;
      }
    });
    if (signal?.aborted) return onAbort();
    if (started.exited) return onExit(started.exited.code, started.exited.signal);
    void started.ready.then(() => {
      if (settled || started.exited) return;
      child.post({ type: 'run', job });
      // The query's time counts from here: waiting for a process to start is not the query's.
      if (Number.isFinite(budgets.timeMs)) timers.push(setTimeout(() => stop('time'), budgets.timeMs));
      onPhase?.('posted');
    });
  });
}
