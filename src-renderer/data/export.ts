// Export jobs: main asks where to save and streams every page to the file; the renderer only
// starts, watches (status every 250 ms while running) and cancels.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, ExportStatus, TransferFilters } from '../../src-shared/contract/transfers.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

export function useStartExport(profileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ filters, format }: { filters: TransferFilters; format: ExportFormat }) =>
      bridge().export.start({ profileId, filters, format }),
    onSuccess: (status) => {
      if (status) client.setQueryData(queryKeys.export.job(status.jobId), status);
    },
  });
}

export function useExportStatus(jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.export.job(jobId),
    queryFn: () => bridge().export.status(jobId as string),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 250 : false),
  });
}

export function useCancelExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => bridge().export.cancel(jobId),
    onSuccess: (status: ExportStatus) => client.setQueryData(queryKeys.export.job(status.jobId), status),
  });
}
