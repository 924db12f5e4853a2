// "Load all": pulls page after page (1000 legs each) for the view's filters until the service
// says there is no next page, or the user stops. Stopping aborts the page in flight (main drops
// its HTTP call) and keeps what was loaded; Continue picks up from the last cursor.
import { useEffect, useMemo, useRef } from 'react';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { useAllTransfers, useCancelLoadAll } from '../../../data/transfers.ts';
import { type TransfersView, useTransfersStore } from '../transfers-store.ts';

export function useLoadAll(profileId: string, credential: string | undefined, view: TransfersView | null) {
  const query = useAllTransfers(profileId, credential, {
    filters: view?.filters ?? null,
    active: view?.mode === 'all',
  });
  const cancelLoad = useCancelLoadAll(profileId, credential);
  const setAllStopped = useTransfersStore((s) => s.setAllStopped);
  const active = view?.mode === 'all';
  const stopped = view?.allStopped ?? false;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;

  useEffect(() => {
    if (!active || stopped || !hasNextPage || isFetching || isError) return;
    // cancelRefetch: false — a second call while a page is on its way must not restart it.
    void fetchNextPage({ cancelRefetch: false });
  }, [active, stopped, hasNextPage, isFetching, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const chunks = useMemo(() => pages?.map((p) => p.legs) ?? [], [pages]);
  const done = query.isSuccess && !hasNextPage;
  const running = active && !stopped && !isError && (isFetching || hasNextPage);
  const legs = useTableSnapshot(chunks, !running);
  const unknownFields = useMemo(() => [...new Set(pages?.flatMap((p) => p.unknownFields) ?? [])].sort(), [pages]);

  return {
    query,
    legs,
    chunks,
    pages: pages?.length ?? 0,
    unknownFields,
    /** Every leg counted so far (the table may show an earlier snapshot while pages stream in). */
    loadedLegs: chunks.reduce((n, chunk) => n + chunk.length, 0),
    done,
    running,
    failed: isError,
    stop: () => {
      setAllStopped(true);
      cancelLoad();
    },
    resume: () => {
      setAllStopped(false);
      // Stopped (or failed) before the first page arrived: nothing to continue from, start again.
      if (!pages?.length) void query.refetch();
      // After an error the loop waits for a retry: ask for the page that failed again.
      else if (isError) void fetchNextPage();
    },
  };
}

/**
 * The legs handed to the table. The table rebuilds its row model (a row per leg) whenever its
 * data changes, so while pages stream in it gets a new snapshot only when the loaded pages have
 * doubled, and once loading settles: 100 pages cost 8 rebuilds, not 100 (and not 5 million rows
 * of garbage).
 */
function useTableSnapshot(chunks: ReadonlyArray<readonly TransferLeg[]>, settled: boolean): readonly TransferLeg[] {
  const shown = useRef<{ chunks: ReadonlyArray<readonly TransferLeg[]>; legs: readonly TransferLeg[] }>({
    chunks: [],
    legs: [],
  });
  return useMemo(() => {
    const previous = shown.current;
    const grows = previous.chunks.length > 0 && previous.chunks.every((chunk, i) => chunk === chunks[i]);
    if (grows && !settled && chunks.length < previous.chunks.length * 2) return previous.legs;
    shown.current = { chunks, legs: chunks.flat() };
    return shown.current.legs;
  }, [chunks, settled]);
}
