// Hooks over the transfers channels. Every page is one `transfers.page` call with a fresh
// requestId; when TanStack Query abandons a query (newer filters, another page, the screen left)
// it aborts the query's signal and main is told to stop the HTTP call (app.cancel). Query keys
// carry the filters and the cursor, so a late answer lands in its own cache entry and can never
// replace what a newer filter shows.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../../../src-shared/contract/errors.ts';
import type { SavedParty } from '../../../src-shared/contract/schemas.ts';
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { ledger } from '../../bridge.ts';
import { settingsKeys, useSecretStatus } from '../settings/settings-queries.ts';
import { currentCursor } from './table/cursor-history.ts';
import type { TransfersView } from './transfers-store.ts';

/** Load all asks for the largest pages the service allows: fewer round trips. */
export const LOAD_ALL_PAGE_SIZE = 1000;

export const transferKeys = {
  all: (profileId: string) => ['transfers', profileId] as const,
  page: (profileId: string, credential: string, filters: TransferFilters | null, cursor: string | null) =>
    ['transfers', profileId, credential, 'page', filters, cursor] as const,
  everything: (profileId: string, credential: string, filters: TransferFilters | null) =>
    ['transfers', profileId, credential, 'all', filters] as const,
  tokenInfo: (profileId: string, credential: string) => ['transfers', profileId, credential, 'token'] as const,
  nodes: (profileId: string) => ['transfers', profileId, 'nodes'] as const,
};

/**
 * Which ledger JWT the profile has, as far as the renderer may know it (where it is kept and its
 * last characters, never the token). Part of every transfers query key, so an answer fetched with
 * one token is not shown for another; two tokens with the same last characters are told apart by
 * the secret mutations, which drop the profile's transfers cache. undefined until known.
 */
export function useLedgerCredential(profileId: string): string | undefined {
  const status = useSecretStatus(profileId).data?.ledgerJwt;
  if (!status) return undefined;
  return `${status.source ?? 'none'}:${status.present ? (status.hint ?? 'set') : 'absent'}`;
}

function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tr-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** One page; when `signal` aborts, main abandons the HTTP call as well. */
export async function fetchTransferPage(
  profileId: string,
  filters: TransferFilters,
  next: string | null,
  signal: AbortSignal,
): Promise<TransferPage> {
  const requestId = newRequestId();
  const abandon = () => {
    ledger()
      .app.cancel(requestId)
      .catch(() => {});
  };
  signal.addEventListener('abort', abandon, { once: true });
  try {
    return await ledger().transfers.page({ requestId, profileId, filters, next });
  } finally {
    signal.removeEventListener('abort', abandon);
  }
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

/** The page on screen in paged mode. */
export function useTransferPage(profileId: string, credential: string | undefined, view: TransfersView | null) {
  const filters = view?.filters ?? null;
  const cursor = view ? currentCursor(view.cursors) : null;
  const queryKey = transferKeys.page(profileId, credential ?? '', filters, cursor);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTransferPage(profileId, filters as TransferFilters, cursor, signal),
    enabled: filters !== null && credential !== undefined && view?.mode === 'pages',
    // While the next page of the SAME listing loads, keep showing the current one (marked as
    // loading); new filters or a new JWT start blank, so old rows are never taken for the new answer.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameListing(previousQuery.queryKey, queryKey) ? previous : undefined,
    retry: retryTransfers,
    retryDelay: retryDelayTransfers,
  });
}

/** Every page for the view's filters, fetched one after another into one list. */
export function useAllTransfers(profileId: string, credential: string | undefined, view: TransfersView | null) {
  const filters = view ? { ...view.filters, pageSize: LOAD_ALL_PAGE_SIZE } : null;
  return useInfiniteQuery({
    queryKey: transferKeys.everything(profileId, credential ?? '', filters),
    queryFn: ({ pageParam, signal }) =>
      fetchTransferPage(profileId, filters as TransferFilters, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: filters !== null && credential !== undefined && view?.mode === 'all',
    // Pages of an append-only history: never refetched behind the user's back, and not
    // deep-compared on arrival (structural sharing over 100,000 legs would cost more than it saves).
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
    retry: retryTransfers,
    retryDelay: retryDelayTransfers,
  });
}

export const useTokenInfo = (profileId: string, credential: string | undefined) =>
  useQuery({
    queryKey: transferKeys.tokenInfo(profileId, credential ?? ''),
    queryFn: () => ledger().transfers.tokenInfo(profileId),
    enabled: credential !== undefined,
    // Cheap and local; its expiry warning must be current.
    staleTime: 0,
  });

export const useNodeChoices = (profileId: string) =>
  useQuery({ queryKey: transferKeys.nodes(profileId), queryFn: () => ledger().transfers.nodes(profileId) });

/** Save or forget a party; main's answer (the new settings) goes straight into the cache. */
export function useSavedPartyMutations() {
  const client = useQueryClient();
  const onSuccess = (view: Awaited<ReturnType<ReturnType<typeof ledger>['settings']['get']>>) =>
    client.setQueryData(settingsKeys.settings, view);
  const save = useMutation({ mutationFn: (party: SavedParty) => ledger().settings.saveParty(party), onSuccess });
  const remove = useMutation({ mutationFn: (party: string) => ledger().settings.removeParty(party), onSuccess });
  return { save, remove };
}
