// Hooks over "Sync all my parties" and the profile's portfolios (docs/notebook.md, "Parties, sets
// and portfolios"). A finished run makes everything read from the profile's store stale.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Portfolio, PortfolioDelete, PortfolioSave } from '../../src-shared/contract/party-scope.ts';
import type { SyncAllRequest, SyncAllStatus } from '../../src-shared/contract/sync-all.ts';
import { bridge } from './bridge.ts';
import { invalidateLocalStore } from './local-ledger.ts';
import { queryKeys, SCOPED_VIEWS } from './query-keys.ts';

const keys = {
  job: (jobId: string | null) => ['local', 'syncAll', jobId] as const,
  portfolios: (profileId: string) => ['local', profileId, 'portfolios'] as const,
};

export function useStartSyncAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SyncAllRequest) => bridge().local.syncAll(request),
    onSuccess: (status) => client.setQueryData(keys.job(status.jobId), status),
  });
}

/** The run's combined progress, every 250 ms while it runs. */
export function useSyncAllStatus(jobId: string | null) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: keys.job(jobId),
    queryFn: () => bridge().local.syncAllStatus(jobId as string),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 250 : false),
  });
  const seen = useRef<string | null>(null);
  const data = status.data;
  useEffect(() => {
    if (!data || data.state === 'running') return;
    const key = `${data.jobId}:${data.state}`;
    if (seen.current === key) return;
    seen.current = key;
    invalidateLocalStore(client, data.profileId);
  }, [data, client]);
  return status;
}

export function useCancelSyncAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => bridge().local.cancelSyncAll(jobId),
    onSuccess: (status: SyncAllStatus) => client.setQueryData(keys.job(status.jobId), status),
  });
}

export function usePortfolios(profileId: string) {
  return useQuery({ queryKey: keys.portfolios(profileId), queryFn: () => bridge().local.portfolios(profileId) });
}

/** The new list, and every view over several parties reads again (a portfolio's members may have changed). */
function portfoliosChanged(client: QueryClient, profileId: string, list: Portfolio[]): void {
  client.setQueryData(keys.portfolios(profileId), list);
  void client.invalidateQueries({ queryKey: queryKeys.local.party(profileId, SCOPED_VIEWS) });
}

export function useSavePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PortfolioSave) => bridge().local.savePortfolio(request),
    onSuccess: (list: Portfolio[], request) => portfoliosChanged(client, request.profileId, list),
  });
}

export function useDeletePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PortfolioDelete) => bridge().local.deletePortfolio(request),
    onSuccess: (list: Portfolio[], request) => portfoliosChanged(client, request.profileId, list),
  });
}
