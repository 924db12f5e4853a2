// Hooks over the local ledger's channels: the store's status for the provenance line, sync jobs
// (started, watched every 250 ms while running or waiting, cancelled), windows of the local
// transfers table, the filter facets, the store list and forgetting. A finished sync or a forget
// invalidates everything read from that party's local data, so every view shows the new store; so
// does a change another program made (main's 'local-changed' event: invalidateLocalStore). A read
// that found the store held by another program says so and tries again by itself (storeBusy).
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { asBridgeError } from '../../src-shared/contract/errors.ts';
import type { LakeInfo } from '../../src-shared/contract/lake.ts';
import type {
  ForgetRequest,
  LocalLegFilters,
  LocalLegsPage,
  LocalSortColumn,
  LocalStoreInfo,
  SyncRequest,
  SyncStatus,
} from '../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../src-shared/contract/party-scope.ts';
import { bridge } from './bridge.ts';
import { queryKeys, SCOPED_VIEWS } from './query-keys.ts';
import { cancelledWith } from './request.ts';

const isActive = (status: SyncStatus | null | undefined) => status?.state === 'running' || status?.state === 'waiting';

/**
 * Main's answer when another program (a scheduled `npm run cli -- sync`) kept the store past the few
 * seconds a view waits: the view shows those words and reads again every second until it gets in.
 */
export function storeBusy(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  const { code, details } = asBridgeError(error);
  return code === 'local_store' && details?.cause === 'busy';
}

/** How often a view whose store was busy reads again. */
export const STORE_BUSY_RETRY_MS = 1000;

/** Another program changed the profile's store: every view read from it (and the Settings list) reads again. */
export function invalidateLocalStore(client: QueryClient, profileId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys.local.profile(profileId) });
  void client.invalidateQueries({ queryKey: queryKeys.local.stores() });
}

/** The lake the profile's Local ledger reads instead of its store (docs/lake.md), or null. */
export function useLake(profileId: string) {
  return useQuery({ queryKey: queryKeys.local.lake(profileId), queryFn: () => bridge().local.lake(profileId) });
}

/**
 * Opens a lake (or closes it: folder null); every view of the profile reads again from the new source.
 * What was read from the old source is dropped, not kept while the new one answers: kept, a party's
 * lake status read "Local, synced just now from the default node, 368 legs" after Close lake, as if
 * this computer's store (never synced) held it, until the store answered.
 */
export function useChooseLake(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: string | null): Promise<LakeInfo | null> =>
      folder === null ? bridge().local.closeLake(profileId) : bridge().local.openLake({ profileId, folder }),
    onSuccess: (info) => {
      client.setQueryData(queryKeys.local.lake(profileId), info);
      void client.resetQueries({
        queryKey: queryKeys.local.profile(profileId),
        predicate: (q) => q.queryKey[2] !== '#lake',
      });
    },
  });
}

export function useStores() {
  return useQuery({ queryKey: queryKeys.local.stores(), queryFn: () => bridge().local.stores() });
}

/**
 * What the store holds for the party; polled every second while a sync of it runs (one main
 * reports, or `syncing`: one this screen started), so the provenance line's counts follow.
 */
export function useLocalStatus(profileId: string, party: string | null, syncing = false) {
  return useQuery({
    queryKey: queryKeys.local.status(profileId, party ?? ''),
    queryFn: () => bridge().local.status(profileId, party as string),
    enabled: party !== null,
    refetchInterval: (query) =>
      syncing || isActive(query.state.data?.job) || storeBusy(query.state.error) ? 1000 : false,
  });
}

export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SyncRequest) => bridge().local.sync(request),
    onSuccess: (status) => client.setQueryData(queryKeys.local.sync(status.jobId), status),
  });
}

/** A sync job's progress, every 250 ms while it runs or waits for the service to start. */
export function useSyncStatus(jobId: string | null) {
  const status = useQuery({
    queryKey: queryKeys.local.sync(jobId),
    queryFn: () => bridge().local.syncStatus(jobId as string),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isActive(query.state.data) ? 250 : false),
  });
  useInvalidateWhenFinished(status.data);
  return status;
}

/** Once a job reaches an end state (done, failed, cancelled), what the party's views read is stale. */
function useInvalidateWhenFinished(status: SyncStatus | undefined) {
  const client = useQueryClient();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!status || isActive(status)) return;
    const key = `${status.jobId}:${status.state}`;
    if (seen.current === key) return;
    seen.current = key;
    void client.invalidateQueries({ queryKey: queryKeys.local.party(status.profileId, status.party) });
    void client.invalidateQueries({ queryKey: queryKeys.local.party(status.profileId, SCOPED_VIEWS) });
    void client.invalidateQueries({ queryKey: queryKeys.local.stores() });
  }, [status, client]);
}

export function useCancelSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => bridge().local.cancelSync(jobId),
    onSuccess: (status) => client.setQueryData(queryKeys.local.sync(status.jobId), status),
  });
}

export interface LegsView {
  filters: LocalLegFilters;
  sort: { column: LocalSortColumn; desc: boolean };
  /** Which parties (absent: the party on screen alone). */
  scope?: SqlScope;
}

/** One window of the table; when `signal` aborts (a newer view or window), main stops the query too. */
async function fetchLegsWindow(
  profileId: string,
  party: string,
  view: LegsView,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<LocalLegsPage> {
  return cancelledWith(signal, 'll', (requestId) =>
    bridge().local.legs({ requestId, profileId, party, ...view, offset, limit }),
  );
}

/**
 * The window of legs starting at `offset` for the view. The key carries the view and the offset,
 * so a late answer lands in its own entry; while the next window loads the previous one stays.
 */
export function useLegsWindow(
  profileId: string,
  party: string | null,
  view: LegsView,
  window: { offset: number; limit: number; enabled: boolean },
) {
  const { offset, limit } = window;
  return useQuery({
    queryKey: queryKeys.local.view(profileId, queryKeys.local.viewParty(party ?? '', view.scope), 'legs', {
      ...view,
      offset,
      limit,
    }),
    queryFn: ({ signal }) => fetchLegsWindow(profileId, party as string, view, offset, limit, signal),
    enabled: party !== null && window.enabled,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The instruments and statuses offered as filters: the party's, or the scope's parties'. */
export function useFacets(profileId: string, party: string | null, scope?: SqlScope) {
  return useQuery({
    queryKey: [...queryKeys.local.facets(profileId, queryKeys.local.viewParty(party ?? '', scope)), scope ?? null],
    // No third argument for the party alone: the browser version's JSON would send `undefined` as null.
    queryFn: () =>
      scope
        ? bridge().local.facets(profileId, party as string, scope)
        : bridge().local.facets(profileId, party as string),
    enabled: party !== null,
  });
}

export function useForget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ForgetRequest) => bridge().local.forget(request),
    onSuccess: (stores, request) => {
      // The parties whose views are now stale: the one forgotten, or every party the profile had.
      const before = client.getQueryData<LocalStoreInfo[]>(queryKeys.local.stores()) ?? [];
      const parties = request.party
        ? [request.party]
        : (before.find((s) => s.profileId === request.profileId)?.parties.map((p) => p.party) ?? []);
      client.setQueryData(queryKeys.local.stores(), stores);
      for (const party of [...parties, SCOPED_VIEWS]) {
        void client.invalidateQueries({ queryKey: queryKeys.local.party(request.profileId, party) });
      }
    },
  });
}
