// Hooks over the transfers channels. Every page is one `transfers.page` call with a fresh
// requestId; when TanStack Query abandons a query (newer filters, another page, the screen left)
// it aborts the query's signal and main is told to stop the HTTP call (app.cancel). Query keys
// carry the filters and the cursor, so a late answer lands in its own cache entry and can never
// replace what a newer filter shows.
import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import type { TransferFilters, TransferPage } from '../../src-shared/contract/transfers.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';
import { cancelledWith } from './request.ts';

/** Load all asks for the largest pages the service allows: fewer round trips. */
export const LOAD_ALL_PAGE_SIZE = 1000;

/** One page; when `signal` aborts, main abandons the HTTP call as well. */
export async function fetchTransferPage(
  profileId: string,
  filters: TransferFilters,
  next: string | null,
  signal: AbortSignal,
): Promise<TransferPage> {
  return cancelledWith(signal, 'tr', (requestId) => bridge().transfers.page({ requestId, profileId, filters, next }));
}

/** Bounded, yet long enough for a slow migration (each wait is the service's Retry-After, at most 60 s). */
const STARTUP_RETRIES = 300;

/**
 * Only "still starting" is retried here: the service says when to come back. Connection errors
 * were already retried with backoff in main; a 4xx will not change by asking again.
 */
export const retryTransfers = (failureCount: number, error: unknown): boolean =>
  asBridgeError(error).code === 'service_starting' && failureCount < STARTUP_RETRIES;

export function retryDelayTransfers(_failureCount: number, error: unknown): number {
  const seconds = Number(asBridgeError(error).details?.retryAfterSeconds);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000;
}

/** Same profile, same JWT, same filters: only the cursor differs. */
const sameListing = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a.slice(0, 5)) === JSON.stringify(b.slice(0, 5));

/** Which page a screen shows: its filters and cursor, and whether paged mode is on (`active`). */
export interface PageRequest {
  filters: TransferFilters | null;
  cursor: string | null;
  active: boolean;
}

/** The page on screen in paged mode. */
export function useTransferPage(profileId: string, credential: string | undefined, request: PageRequest) {
  const { filters, cursor } = request;
  const queryKey = queryKeys.transfers.page(profileId, credential ?? '', filters, cursor);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTransferPage(profileId, filters as TransferFilters, cursor, signal),
    enabled: filters !== null && credential !== undefined && request.active,
    // While the next page of the SAME listing loads, keep showing the current one (marked as
    // loading); new filters or a new JWT start blank, so old rows are never taken for the new answer.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameListing(previousQuery.queryKey, queryKey) ? previous : undefined,
    retry: retryTransfers,
    retryDelay: retryDelayTransfers,
  });
}

/** Every page for the view's filters, fetched one after another into one list (when `active`). */
export function useAllTransfers(
  profileId: string,
  credential: string | undefined,
  request: { filters: TransferFilters | null; active: boolean },
) {
  const filters = request.filters ? { ...request.filters, pageSize: LOAD_ALL_PAGE_SIZE } : null;
  return useInfiniteQuery({
    queryKey: queryKeys.transfers.everything(profileId, credential ?? '', filters),
    queryFn: ({ pageParam, signal }) =>
      fetchTransferPage(profileId, filters as TransferFilters, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: filters !== null && credential !== undefined && request.active,
    // Pages of an append-only history: never refetched behind the user's back, and not
    // deep-compared on arrival (structural sharing over 100,000 legs would cost more than it saves).
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
    retry: retryTransfers,
    retryDelay: retryDelayTransfers,
  });
}

/** Stops the load-all in flight: aborts its page (main drops the HTTP call), keeps what was loaded. */
export function useCancelLoadAll(profileId: string, credential: string | undefined) {
  const client = useQueryClient();
  // A prefix of the load-all keys: at most one load-all runs, the one on screen.
  return () => void client.cancelQueries({ queryKey: queryKeys.transfers.allLoads(profileId, credential ?? '') });
}

export const useTokenInfo = (profileId: string, credential: string | undefined) =>
  useQuery({
    queryKey: queryKeys.transfers.tokenInfo(profileId, credential ?? ''),
    queryFn: () => bridge().transfers.tokenInfo(profileId),
    enabled: credential !== undefined,
    // Cheap and local; its expiry warning must be current.
    staleTime: 0,
  });

export const nodeChoicesQuery = (profileId: string) =>
  queryOptions({ queryKey: queryKeys.transfers.nodes(profileId), queryFn: () => bridge().transfers.nodes(profileId) });

export const useNodeChoices = (profileId: string) => useQuery(nodeChoicesQuery(profileId));

/** Parties to offer by name: the sandbox's own (none for a remote profile). They do not change while the app runs. */
export const knownPartiesQuery = (profileId: string) =>
  queryOptions({
    queryKey: queryKeys.transfers.knownParties(profileId),
    queryFn: () => bridge().transfers.knownParties(profileId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useKnownParties = (profileId: string) => useQuery(knownPartiesQuery(profileId));
