// Exports every page for a set of filters to a file, streamed: a page is written and dropped as it
// comes (the parallel export holds a few pages ahead, bounded), so memory stays flat however many
// legs there are. The file is written beside its target as `.partial` and renamed only when
// complete: a cancelled or failed export never leaves a half-written file under the name the user chose.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ExportFormat, ExportStatus, TransferPage } from '../../../../src-shared/contract/transfers.ts';
import { commitFile, removeStalePartials } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';
import { CSV_HEADER, csvRows, jsonLine, NO_LABELS, type PartyLabels } from './csv.ts';
import { ExportTally } from './export-summary.ts';
import { cursorPages, type FetchPage, type PageStream } from './page-stream.ts';

export type { FetchPage, PageStream } from './page-stream.ts';

interface Job {
  status: ExportStatus;
  controller: AbortController;
  started: number;
  tally: ExportTally;
  done: Promise<void>;
}

/** How long finished jobs stay queryable. */
const KEEP_FINISHED = 50;

export class ExportJobs {
  private readonly jobs = new Map<string, Job>();
  /** Told when a job ends (the desktop host's notification, docs/desktop.md). */
  private readonly onEnd: ((status: ExportStatus) => void) | undefined;
  /** Told of a file once it is whole, before the job says done (the browser version's downloads). */
  private readonly onWritten: ((path: string) => Promise<void>) | undefined;

  constructor(onEnd?: (status: ExportStatus) => void, onWritten?: (path: string) => Promise<void>) {
    this.onEnd = onEnd;
    this.onWritten = onWritten;
  }

  /** `source`: one cursor chain (a FetchPage), or pages already in file order (time-windows.ts). */
  /** `labels`: the address book as the export started (a label saved meanwhile does not change the file). */
  start(
    path: string,
    format: ExportFormat,
    source: FetchPage | PageStream,
    labels: PartyLabels = NO_LABELS,
  ): ExportStatus {
    const jobId = randomBytes(8).toString('hex');
    const controller = new AbortController();
    const status: ExportStatus = {
      jobId,
      state: 'running',
      path,
      format,
      legs: 0,
      pages: 0,
      bytes: 0,
      elapsedMs: 0,
      legsPerSecond: 0,
      error: null,
      summary: null,
    };
    const job: Job = {
      status,
      controller,
      started: performance.now(),
      tally: new ExportTally(),
      done: Promise.resolve(),
    };
    job.done = this.run(job, source, labels);
    this.jobs.set(jobId, job);
    this.forgetOldJobs();
    return { ...status };
  }

  status(jobId: string): ExportStatus {
    const job = this.job(jobId);
    return this.snapshot(job);
  }

  async cancel(jobId: string): Promise<ExportStatus> {
    const job = this.job(jobId);
    job.controller.abort();
    await job.done;
    return this.snapshot(job);
  }

  /** Cancels every running export and waits until each has removed its partial file (on quit). */
  async cancelAll(): Promise<void> {
    const running = [...this.jobs.values()].filter((job) => job.status.state === 'running');
    for (const job of running) job.controller.abort();
    await Promise.all(running.map((job) => job.done));
  }

  /** Resolves when the job has finished (tests and benchmarks). */
  async finished(jobId: string): Promise<ExportStatus> {
    const job = this.job(jobId);
    await job.done;
    return this.snapshot(job);
  }

  private job(jobId: string): Job {
    const job = this.jobs.get(jobId);
    if (!job) throw new ServiceError('not_found', `No export job ${jobId}`);
    return job;
  }

  private snapshot(job: Job): ExportStatus {
    const s = job.status;
    if (s.state === 'running') {
      s.elapsedMs = Math.round(performance.now() - job.started);
      s.legsPerSecond = s.elapsedMs > 0 ? Math.round((s.legs / s.elapsedMs) * 1000) : 0;
    }
    return { ...s };
  }

  private async run(job: Job, source: FetchPage | PageStream, labels: PartyLabels): Promise<void> {
    const { status, controller, tally } = job;
    const partial = `${status.path}.partial-${status.jobId}`;
    // What an export killed with the app (power cut, SIGKILL) left beside this target; never a running job's.
    await removeStalePartials(status.path, this.runningPartials());
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    const write = (chunk: string | Buffer) => writeChunk(out, chunk, status);
    try {
      await new Promise<void>((resolve, reject) => {
        out.once('open', () => resolve());
        out.once('error', reject);
      });
      if (status.format === 'csv') await write(CSV_HEADER);
      const { signal } = controller;
      // Each page becomes its bytes and its totals as it arrives; those are written and merged in file order.
      const prepare = (page: TransferPage) => {
        const pageTally = new ExportTally();
        for (const leg of page.legs) pageTally.add(leg);
        let text = '';
        if (status.format === 'csv') text = csvRows(page.legs, labels);
        else for (const leg of page.legs) text += jsonLine(leg, labels);
        return { legs: page.legs.length, bytes: Buffer.from(text, 'utf8'), tally: pageTally };
      };
      const pages =
        typeof source === 'function' ? mapPages(cursorPages(source, signal), prepare) : source.pages(signal, prepare);
      for await (const page of pages) {
        if (signal.aborted) break;
        tally.merge(page.tally);
        await write(page.bytes);
        status.legs += page.legs;
        status.pages++;
        tally.pages = status.pages;
      }
      await closeStream(out);
      if (controller.signal.aborted) {
        status.state = 'cancelled';
        await rm(partial, { force: true });
      } else {
        // fsync, rename over the target (an earlier file there stays whole until now), fsync the folder.
        await commitFile(partial, status.path);
        // Before 'done': a page that sees the job done can offer the file at once.
        await this.onWritten?.(status.path).catch(() => {});
        status.state = 'done';
        status.summary = tally.summary();
      }
    } catch (error) {
      out.destroy();
      await rm(partial, { force: true }).catch(() => {});
      if (controller.signal.aborted) {
        status.state = 'cancelled';
      } else {
        status.state = 'failed';
        status.error = error instanceof Error ? error.message : String(error);
      }
    } finally {
      status.elapsedMs = Math.round(performance.now() - job.started);
      status.legsPerSecond = status.elapsedMs > 0 ? Math.round((status.legs / status.elapsedMs) * 1000) : 0;
      this.onEnd?.({ ...status });
    }
  }

  private runningPartials(): Set<string> {
    const running = [...this.jobs.values()].filter((job) => job.status.state === 'running');
    return new Set(running.map((job) => `${job.status.path}.partial-${job.status.jobId}`));
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((j) => j.status.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED)))
      this.jobs.delete(job.status.jobId);
  }
}

async function* mapPages<T>(pages: AsyncIterable<TransferPage>, prepare: (page: TransferPage) => T) {
  for await (const page of pages) yield prepare(page);
}

/** Writes respecting backpressure: waits for 'drain' instead of buffering the whole export in memory. */
function writeChunk(out: WriteStream, chunk: string | Buffer, status: ExportStatus): Promise<void> {
  if (chunk.length === 0) return Promise.resolve();
  // Encoded once: counting the bytes of the string and then writing it would encode it twice.
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  status.bytes += bytes.length;
  if (out.write(bytes)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      out.off('drain', onDrain);
      reject(error);
    };
    const onDrain = () => {
      out.off('error', onError);
      resolve();
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

function closeStream(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.end((error?: Error | null) => (error ? reject(error) : resolve()));
  });
}
