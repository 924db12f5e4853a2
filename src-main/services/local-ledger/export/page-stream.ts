// The pages an export writes, in file order. Sequentially, that is one cursor chain; the parallel
// export (time-windows.ts) merges several chains into the same order.
import type { TransferPage } from '../../../../src-shared/contract/transfers.ts';

/** One page: `next` is the previous page's cursor, or null for page one. */
export type FetchPage = (next: string | null, signal: AbortSignal) => Promise<TransferPage>;

/**
 * Pages in the order they go into the file; the stream stops fetching when its consumer stops.
 * `prepare` runs on each page as soon as it arrives (maybe ahead of the writer): what is held
 * ahead is its result (the page's CSV bytes and totals), not a thousand leg objects.
 */
export interface PageStream {
  pages<T>(signal: AbortSignal, prepare: (page: TransferPage) => T): AsyncIterable<T>;
}

/**
 * Follows one cursor chain to its end (or from `first`, a page already fetched). The next page is
 * asked for as soon as a page's cursor is known, before the page is handed on: the service works
 * on it while the consumer writes this one. A service that lies about its pages must not make a
 * partial file look complete, nor loop forever.
 */
export async function* cursorPages(
  fetchPage: FetchPage,
  signal: AbortSignal,
  first: TransferPage | null = null,
): AsyncGenerator<TransferPage> {
  const seen = new Set<string>();
  let page = first ?? (await fetchPage(null, signal));
  for (;;) {
    if (signal.aborted) return;
    if (page.hasNextPage && !page.next) {
      throw new Error('the service said more pages follow but gave no nextPageUrl; the file would be incomplete');
    }
    if (page.next && seen.has(page.next)) {
      throw new Error('the service gave a nextPageUrl it had already given; stopped so the export does not loop');
    }
    if (page.next) seen.add(page.next);
    const next = page.next ? fetchPage(page.next, signal) : null;
    // If the consumer stops before awaiting it, its failure has nobody to tell.
    next?.catch(() => {});
    yield page;
    if (!next || signal.aborted) return;
    page = await next;
  }
}
