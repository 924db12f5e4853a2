// The legs the Transfers screen shows for the view in the store: the page at its cursor, or every
// page while Load all runs; the page still on screen when the next one fails; and what is wrong,
// if anything, with the query behind them.
import { useEffect, useMemo, useState } from 'react';
import type { TransferLeg, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { useTransferPage } from '../../data/transfers.ts';
import { currentCursor, pageNumber } from './table/cursor-history.ts';
import { useLoadAll } from './table/use-load-all.ts';
import { type TransfersView, useTransfersStore } from './transfers-store.ts';

export type ShownTransfers = ReturnType<typeof useShownTransfers>;

export function useShownTransfers(profileId: string, credential: string | undefined, view: TransfersView | null) {
  const page = useTransferPage(profileId, credential, {
    filters: view?.filters ?? null,
    cursor: view ? currentCursor(view.cursors) : null,
    active: view?.mode === 'pages',
  });
  const all = useLoadAll(profileId, credential, view);
  const loadingAll = view?.mode === 'all';
  const query = loadingAll ? all.query : page;
  const pageNo = view ? pageNumber(view.cursors) : 0;
  const kept = useKeptPage(credential, view, pageNo, page.data, page.isPlaceholderData);
  // A page that failed to load (next page, a retry) leaves the page that was on screen there,
  // marked as such, instead of an empty table: nothing the user was reading is lost.
  const keptShown = !loadingAll && !page.data && page.isError && kept !== null && kept.page !== pageNo ? kept : null;
  const pageLegs = page.data?.legs ?? keptShown?.data.legs;
  const legs: readonly TransferLeg[] = loadingAll ? all.legs : (pageLegs ?? []);
  const chunks = useMemo(
    () => (loadingAll ? all.chunks : pageLegs ? [pageLegs] : []),
    [loadingAll, all.chunks, pageLegs],
  );
  const unknownFields = loadingAll ? all.unknownFields : (page.data?.unknownFields ?? []);
  // While a start-up 503 is retried the query has no error yet, only a failure reason: show it.
  const retrying = !query.error && query.failureReason != null && query.isFetching;
  const problem = query.error ?? (retrying ? query.failureReason : null);

  // The instrument picker offers what was seen; a page of Load all is at most 1000 legs to scan.
  const { rememberInstruments } = useTransfersStore.getState();
  const lastPage = loadingAll ? all.query.data?.pages.at(-1) : page.data;
  useEffect(() => {
    if (lastPage) rememberInstruments(lastPage.legs);
  }, [lastPage, rememberInstruments]);

  return {
    page,
    all,
    loadingAll,
    /** The query behind what is shown: the page's, or Load all's. */
    query,
    pageNo,
    /** The earlier page left on screen while the one asked for failed, if any. */
    keptShown,
    legs,
    chunks,
    unknownFields,
    retrying,
    problem,
    /** Changes when a different page is shown (other filters, mode or page). */
    resetKey: view ? `${JSON.stringify(view.filters)}|${view.mode}|${pageNumber(view.cursors)}` : '',
    /** When the legs on screen were read (for the case report); none while a placeholder is shown. */
    queryTime: query.dataUpdatedAt > 0 && !(page.isPlaceholderData && !loadingAll) ? query.dataUpdatedAt : null,
  };
}

/**
 * The last page that was on screen for these filters and this JWT (not a placeholder), so that a
 * page that then fails to load does not blank the table.
 */
function useKeptPage(
  credential: string | undefined,
  view: { filters: unknown } | null,
  pageNo: number,
  data: TransferPage | undefined,
  placeholder: boolean,
): { listing: string; page: number; data: TransferPage } | null {
  const listing = JSON.stringify([credential ?? '', view?.filters ?? null]);
  const [kept, setKept] = useState<{ listing: string; page: number; data: TransferPage } | null>(null);
  useEffect(() => {
    if (data && !placeholder) setKept({ listing, page: pageNo, data });
  }, [data, placeholder, listing, pageNo]);
  return kept?.listing === listing ? kept : null;
}
