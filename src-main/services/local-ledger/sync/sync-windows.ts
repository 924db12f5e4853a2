// The pages of a sync, from several cursor chains at once (issue 38, "Speed and memory"). One
// cursor chain is latency-bound: the next page can be asked for only once the last is in, so the
// service's time a page and main's parse of it never overlap with another page's. The sync's
// effective-time range is cut into windows as the parallel export cuts its range
// (export/time-windows.ts: `effectiveAfter` inclusive, `effectiveBefore` exclusive, spec 4.1, so
// every leg with a time falls in exactly one window), up to `chains` windows are paged at once,
// and their pages are handed on window by window, in the order one chain over the whole range
// would give them. The sync commits them in that order (sync-run.ts), so at any moment the
// windows before one are wholly committed, that one up to its cursor, and the ones after it not
// at all: the plan (the windows' bounds) and that one cursor are all a resume needs.
//
// The plan is made from page one of the whole range and the range's newest leg (one request of
// one leg): a range of one page, or whose ends have no readable time (legs without a time sort to
// one end), stays the one chain it always was, continuing from page one.
//
// The same pipeline without the store is the bench's floor (`fetchFloor`): the same pages, fetched
// and parsed by the same TransferSource, with the same plan and parallelism, nothing stored.
import type { TransferFilters, TransferPage } from '../../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../../errors.ts';
import { type TransferSource, whileRateLimited, whileStarting } from '../../ledger/transfer-source.ts';
import { cursorPages } from '../export/page-stream.ts';
import { evenCuts, mergeInOrder, windowCount } from '../export/time-windows.ts';

export const SYNC_PAGE_SIZE = 1000;

/** The filters of a sync of `party` over `window` (the bench's floor asks with the same). */
export function syncFilters(
  party: string,
  nodeId: string | null,
  window: { after: string | null; before: string | null },
): TransferFilters {
  return {
    party,
    asset: { kind: 'all' },
    effectiveAfter: window.after,
    effectiveBefore: window.before,
    orderDesc: false,
    pageSize: SYNC_PAGE_SIZE,
    nodeId,
  };
}

/** How the sync cuts and pages its range. Tests and the bench change it; the app keeps the defaults. */
export const syncTuning = {
  /** Cursor chains fetched at once (measured on 2 cores: docs/performance.md, "The ledger engine"). */
  chains: 4,
  /** At most this many windows (more than `chains`: an uneven window does not stall the rest). */
  windows: 32,
  /** Fewest pages a window should hold, judged by page one's density. */
  pagesPerWindow: 8,
  /**
   * Pages a window may hold ready before the sync commits it (bounds the parsed pages held in the
   * engine's heap: up to 2 x chains windows x readAhead pages). 2 (was 8): the engine's peak RSS fell,
   * and the sync's speed stayed within its run-to-run spread (docs/performance.md, "The engine's memory, met").
   */
  readAhead: 2,
};

/** One window of the plan: its filter bounds exactly as sent (a cursor belongs to its filters). */
export interface WindowBounds {
  after: string | null;
  before: string | null;
}

/** A page and the window it is of (null: the run is one chain over its whole range). */
export interface SyncPage {
  window: number | null;
  page: TransferPage;
}

export type SyncFetch = (filters: TransferFilters, next: string | null, signal: AbortSignal) => Promise<TransferPage>;

/** The service no longer accepts a cursor (it restarted, or the cursor expired): the run fetches its pages again. */
export class CursorRefused extends Error {
  /** The service's answer (what the sync fails with once it gives up fetching again). */
  readonly refusal: unknown;
  constructor(refusal: unknown) {
    super('the service refused a cursor');
    this.refusal = refusal;
  }
}

/**
 * How the sync fetches a page: through `source`, waiting out a service that is starting or limiting
 * requests (as the export does; `onStarting` tells the sync to say so), and a cursor refused
 * (400) as CursorRefused.
 */
export function syncFetch(source: TransferSource, onStarting: () => void = () => {}): SyncFetch {
  return (filters, cursor, signal) =>
    whileStarting(
      () =>
        whileRateLimited(async () => {
          try {
            return await source.fetchPage(filters, cursor, signal);
          } catch (error) {
            if (error instanceof ServiceError && error.code === 'service_starting') onStarting();
            throw error;
          }
        }, signal),
      signal,
    ).catch((error) => {
      if (error instanceof ServiceError && error.code === 'bad_request' && cursor !== null) {
        throw new CursorRefused(error);
      }
      throw error;
    });
}

/**
 * Page one of the range and, when the range is worth cutting, its windows. With windows, page one
 * is not used (its cursor belongs to the uncut range).
 */
export async function planWindows(
  fetch: SyncFetch,
  filters: TransferFilters,
  signal: AbortSignal,
): Promise<{ first: TransferPage; windows: WindowBounds[] | null }> {
  const first = await fetch(filters, null, signal);
  // One page, or a page one whose first leg has no time (no cut can be placed): one chain.
  if (!first.next || !first.legs[0]?.effectiveAt || syncTuning.chains <= 1 || signal.aborted) {
    return { first, windows: null };
  }
  const far = await fetch({ ...filters, orderDesc: !filters.orderDesc, pageSize: 1 }, null, signal);
  const farAt = far.legs[0]?.effectiveAt;
  const count = windowCount(first, farAt, { windows: syncTuning.windows, pagesPerWindow: syncTuning.pagesPerWindow });
  const cuts = count > 1 ? evenCuts(first.legs[0]?.effectiveAt, farAt, count) : null;
  if (!cuts || cuts.length === 0) return { first, windows: null };
  const bounds = [filters.effectiveAfter, ...cuts, filters.effectiveBefore];
  const windows: WindowBounds[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) windows.push({ after: bounds[k], before: bounds[k + 1] });
  return { first, windows };
}

/**
 * The pages of windows `from.window` onwards, in window order, window `from.window` continuing at
 * `from.cursor` (null: from its start). A failure of any chain stops them all and is thrown.
 */
export function windowPages(
  fetch: SyncFetch,
  filters: TransferFilters,
  windows: readonly WindowBounds[],
  from: { window: number; cursor: string | null },
  signal: AbortSignal,
): AsyncGenerator<SyncPage> {
  const chains = windows.slice(from.window).map((bounds, i) => {
    const windowFilters = { ...filters, effectiveAfter: bounds.after, effectiveBefore: bounds.before };
    // A chain asks with `null` only for its first page: the resumed window's first page is its cursor's.
    let resume = i === 0 ? from.cursor : null;
    return (next: string | null, s: AbortSignal) => {
      const cursor = next ?? resume;
      resume = null;
      return fetch(windowFilters, cursor, s);
    };
  });
  return mergeInOrder(chains, signal, Math.max(1, syncTuning.chains), syncTuning.readAhead, (page, w) => ({
    window: from.window + w,
    page,
  }));
}

/** One chain over the whole range: from page one (`first`, already fetched), or on from `cursor`. */
export async function* oneChain(
  fetch: SyncFetch,
  filters: TransferFilters,
  start: { first: TransferPage } | { cursor: string | null },
  signal: AbortSignal,
): AsyncGenerator<SyncPage> {
  let resume = 'cursor' in start ? start.cursor : null;
  const chain = (next: string | null, s: AbortSignal) => {
    const cursor = next ?? resume;
    resume = null;
    return fetch(filters, cursor, s);
  };
  for await (const page of cursorPages(chain, signal, 'first' in start ? start.first : null)) {
    yield { window: null, page };
  }
}

/**
 * The floor of a sync (the bench): the same plan and pages, fetched and parsed by the same
 * `fetch`, with the same parallelism and read-ahead, and nothing stored.
 */
export async function fetchFloor(
  source: TransferSource,
  filters: TransferFilters,
  signal: AbortSignal,
): Promise<{ legs: number; pages: number; windows: number }> {
  const fetch = syncFetch(source);
  const { first, windows } = await planWindows(fetch, filters, signal);
  const pages = windows
    ? windowPages(fetch, filters, windows, { window: 0, cursor: null }, signal)
    : oneChain(fetch, filters, { first }, signal);
  let legs = 0;
  let count = 0;
  for await (const { page } of pages) {
    legs += page.legs.length;
    count++;
  }
  return { legs, pages: count, windows: windows?.length ?? 1 };
}
