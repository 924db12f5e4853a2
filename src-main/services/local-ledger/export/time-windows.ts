// The parallel export: the filters' effective-time range is cut into windows, each window is paged
// with its own cursor, several at once, and the pages are handed on in exactly the order one
// cursor chain over the whole range would give them. So the file is byte for byte the sequential
// export's, while the service computes the next pages as main writes the current one.
//
// Why that order is the same: `effectiveAfter` is inclusive and `effectiveBefore` exclusive (spec
// 4.1), so every leg falls in exactly one window, and all legs with the same effectiveAt fall in
// the same one. Within a window the service orders them as it orders the whole range (the keyset
// order: effectiveAt, then its own tie-break). Legs without an effectiveAt cannot be placed in a
// window; a database sorts nulls to one end, so probing both ends finds them, and then the export
// runs as one chain.
import type { TransferFilters, TransferPage } from '../../../../src-shared/contract/transfers.ts';
import { cursorPages, type PageStream } from './page-stream.ts';

export type FetchWindowPage = (
  filters: TransferFilters,
  next: string | null,
  signal: AbortSignal,
) => Promise<TransferPage>;

export interface WindowedExport {
  /** The export's filters (its page size included). */
  filters: TransferFilters;
  fetch: FetchWindowPage;
  /** How many windows the range is cut into (more than `concurrency`, so an uneven window does not stall the rest). */
  windows?: number;
  /** Windows fetched at once. */
  concurrency?: number;
  /** Pages a window may hold ready before the writer reaches it (bounds memory). */
  readAhead?: number;
  /** Fewest pages a window should hold, by page one's density: a small export stays one chain (default 4). */
  pagesPerWindow?: number;
  /** Cut points, ascending, instead of even cuts of the range (tests place a cut inside a run of equal times). */
  cuts?: string[];
}

export const DEFAULT_WINDOWS = 64;
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_READ_AHEAD = 8;
export const DEFAULT_PAGES_PER_WINDOW = 4;

export function windowedPages(options: WindowedExport): PageStream {
  return { pages: (signal, prepare) => windowed(options, signal, prepare) };
}

async function* prepared<T>(pages: AsyncIterable<TransferPage>, prepare: (page: TransferPage) => T) {
  for await (const page of pages) yield prepare(page);
}

async function* windowed<T>(
  options: WindowedExport,
  signal: AbortSignal,
  prepare: (page: TransferPage) => T,
): AsyncGenerator<T> {
  const { filters, fetch } = options;
  const chain = (f: TransferFilters) => (next: string | null, s: AbortSignal) => fetch(f, next, s);
  // Page one as the sequential export asks for it: a small export is this one request, as before.
  const first = await fetch(filters, null, signal);
  if (!first.next || signal.aborted) {
    yield* prepared(cursorPages(chain(filters), signal, first), prepare);
    return;
  }
  const far = await fetch({ ...filters, orderDesc: !filters.orderDesc, pageSize: 1 }, null, signal);
  const near = first.legs[0]?.effectiveAt;
  const count = windowCount(first, far.legs[0]?.effectiveAt, options);
  const cuts = options.cuts ?? (count > 1 ? evenCuts(near, far.legs[0]?.effectiveAt, count) : []);
  if (!cuts || cuts.length === 0) {
    // A few pages, one instant, or legs without a time: one chain, continuing from page one.
    yield* prepared(cursorPages(chain(filters), signal, first), prepare);
    return;
  }
  // Page one is not reused: its cursor belongs to the uncut range.
  yield* mergeInOrder(
    windowFilters(filters, cuts).map(chain),
    signal,
    options.concurrency ?? DEFAULT_CONCURRENCY,
    options.readAhead ?? DEFAULT_READ_AHEAD,
    prepare,
  );
}

/**
 * How many windows: as many as the range holds `pagesPerWindow` pages, judged by how much time
 * page one covers, at most `windows`. Every window costs a request that may come back short, so
 * an export of a few pages stays the one chain it always was (and reports the same page count).
 */
export function windowCount(
  first: TransferPage,
  farAt: string | null | undefined,
  options: Pick<WindowedExport, 'windows' | 'pagesPerWindow'>,
): number {
  const most = options.windows ?? DEFAULT_WINDOWS;
  const at = (text: string | null | undefined) => (text ? Date.parse(text) : Number.NaN);
  const pageSpan = Math.abs(at(first.legs[0]?.effectiveAt) - at(first.legs.at(-1)?.effectiveAt));
  const range = Math.abs(at(first.legs[0]?.effectiveAt) - at(farAt));
  if (!Number.isFinite(pageSpan) || !Number.isFinite(range)) return 1;
  const pages = range / Math.max(pageSpan, 1);
  return Math.max(1, Math.min(most, Math.floor(pages / (options.pagesPerWindow ?? DEFAULT_PAGES_PER_WINDOW))));
}

/**
 * `count` even cuts of the range between the two end legs' times, on whole milliseconds strictly
 * after the earlier one and at or before the later one: inside the filters' own bounds, so every
 * window is a legal request. Null when an end has no parseable time.
 */
export function evenCuts(
  a: string | null | undefined,
  b: string | null | undefined,
  count = DEFAULT_WINDOWS,
): string[] | null {
  if (!a || !b) return null;
  const at = Date.parse(a);
  const bt = Date.parse(b);
  if (!Number.isFinite(at) || !Number.isFinite(bt)) return null;
  const lo = Math.min(at, bt);
  const hi = Math.max(at, bt);
  const cuts: number[] = [];
  for (let k = 1; k < count; k++) {
    const cut = lo + Math.ceil((k * (hi - lo)) / count);
    if (cut > lo && cut <= hi && cut !== cuts.at(-1)) cuts.push(cut);
  }
  return cuts.map((ms) => new Date(ms).toISOString());
}

/** The windows' filters in the export's order (newest window first when orderDesc). */
export function windowFilters(filters: TransferFilters, cuts: string[]): TransferFilters[] {
  const bounds = [filters.effectiveAfter, ...cuts, filters.effectiveBefore];
  const windows: TransferFilters[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    windows.push({ ...filters, effectiveAfter: bounds[k], effectiveBefore: bounds[k + 1] });
  }
  return filters.orderDesc ? windows.reverse() : windows;
}

interface WindowReader<T> {
  ready: T[];
  done: boolean;
  /** Resolves the producer waiting for room in `ready`. */
  room: (() => void) | null;
}

/**
 * Runs up to `concurrency` cursor chains at once, no further than 2 x concurrency windows ahead of
 * the writer, each holding at most `readAhead` pages, and yields their pages window by window.
 * The first failure of any window stops every window and is thrown; so is the consumer stopping.
 * `prepare` is told which chain (by its index in `chains`) a page is of. The sync (sync/) merges
 * its windows with this too, committing them in order.
 */
export async function* mergeInOrder<T>(
  chains: Array<(next: string | null, signal: AbortSignal) => Promise<TransferPage>>,
  outer: AbortSignal,
  concurrency: number,
  readAhead: number,
  prepare: (page: TransferPage, chain: number) => T,
): AsyncGenerator<T> {
  const stop = new AbortController();
  const signal = AbortSignal.any([outer, stop.signal]);
  const readers: WindowReader<T>[] = chains.map(() => ({ ready: [], done: false, room: null }));
  const running: Promise<void>[] = [];
  let active = 0;
  let started = 0;
  // The first window that failed (an object, so the loop below sees what the producers set).
  const failure: { error?: unknown; failed: boolean } = { failed: false };
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };

  const produce = async (w: number) => {
    const reader = readers[w];
    try {
      for await (const page of cursorPages(chains[w], signal)) {
        reader.ready.push(prepare(page, w));
        notify();
        while (reader.ready.length >= readAhead && !signal.aborted) {
          await new Promise<void>((resolve) => (reader.room = resolve));
        }
      }
    } catch (error) {
      if (!failure.failed) Object.assign(failure, { error, failed: true });
      stop.abort();
    } finally {
      reader.done = true;
      active--;
      notify();
    }
  };
  const schedule = (writing: number) => {
    while (started < chains.length && active < concurrency && started < writing + 2 * concurrency) {
      active++;
      running.push(produce(started++));
    }
  };
  const wakeProducers = () => {
    for (const reader of readers) {
      reader.room?.();
      reader.room = null;
    }
  };

  try {
    for (let w = 0; w < chains.length; w++) {
      const reader = readers[w];
      for (;;) {
        schedule(w);
        if (failure.failed) throw failure.error;
        if (outer.aborted) return;
        if (reader.ready.length > 0) {
          const page = reader.ready.shift() as T;
          reader.room?.();
          reader.room = null;
          yield page;
          continue;
        }
        if (reader.done) break;
        await changed;
      }
    }
  } finally {
    stop.abort();
    wakeProducers();
    await Promise.allSettled(running);
  }
}
