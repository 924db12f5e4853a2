// Export jobs: the renderer starts, watches (every 250 ms while running) and cancels; each answer
// main gives is the job's status in the cache.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCancelExport, useExportStatus, useStartExport } from '../../../src-renderer/data/export.ts';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import type { ExportStatus, TransferFilters } from '../../../src-shared/contract/transfers.ts';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const FILTERS: TransferFilters = {
  party: `alice::1220${'ab'.repeat(32)}`,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 100,
  nodeId: null,
};

const status = (jobId: string, state: ExportStatus['state'], legs = 0): ExportStatus => ({
  jobId,
  state,
  path: '/tmp/transfers.csv',
  format: 'csv',
  legs,
  pages: 1,
  bytes: 10,
  elapsedMs: 5,
  legsPerSecond: 1,
  error: null,
  summary: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('export hooks', () => {
  it('starts a job for the profile and caches its first status under the job id', async () => {
    const { result, bridge, queryClient } = renderHookWithApp(() => useStartExport('acme'));

    act(() => result.current.mutate({ filters: FILTERS, format: 'csv' }));

    await vi.waitFor(() => expect(result.current.data).toBeDefined());
    const jobId = (result.current.data as ExportStatus).jobId;
    expect(bridge.export.start).toHaveBeenCalledExactlyOnceWith({ profileId: 'acme', filters: FILTERS, format: 'csv' });
    expect(queryClient.getQueryData(queryKeys.export.job(jobId))).toMatchObject({ jobId, state: 'running' });
  });

  it('caches nothing when main did not start a job (the user closed the save dialog)', async () => {
    const bridge = createFakeBridge({ export: { start: async () => null } });
    const { result, queryClient } = renderHookWithApp(() => useStartExport('acme'), { bridge });

    act(() => result.current.mutate({ filters: FILTERS, format: 'jsonl' }));

    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryCache().findAll({ queryKey: ['export'] })).toHaveLength(0);
  });

  it('watches a running job until it is done, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bridge = createFakeBridge();
    bridge.export.status
      .mockResolvedValueOnce(status('00000000000000a1', 'running', 100))
      .mockResolvedValueOnce(status('00000000000000a1', 'running', 200))
      .mockResolvedValue(status('00000000000000a1', 'done', 250));
    const { result } = renderHookWithApp(() => useExportStatus('00000000000000a1'), { bridge });

    await vi.waitFor(() => expect(result.current.data?.state).toBe('done'), { timeout: 3000 });
    expect(result.current.data?.legs).toBe(250);
    expect(bridge.export.status).toHaveBeenCalledTimes(3);
    expect(bridge.export.status).toHaveBeenCalledWith('00000000000000a1');

    // Many polling intervals later: no more calls for a finished job.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(bridge.export.status).toHaveBeenCalledTimes(3);
  });

  it('asks nothing without a job', () => {
    const { result, bridge } = renderHookWithApp(() => useExportStatus(null));

    expect(result.current.fetchStatus).toBe('idle');
    expect(bridge.export.status).not.toHaveBeenCalled();
  });

  it("cancels a job and caches main's cancelled status", async () => {
    const { result, bridge, queryClient } = renderHookWithApp(() => useCancelExport());

    act(() => result.current.mutate('00000000000000a1'));

    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.export.job('00000000000000a1'))).toMatchObject({ state: 'cancelled' }),
    );
    expect(bridge.export.cancel).toHaveBeenCalledWith('00000000000000a1');
  });
});
