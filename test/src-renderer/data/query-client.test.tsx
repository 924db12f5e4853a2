// The app's query client: retries only what a retry can fix (a network blip or a timeout, at most
// twice), never a mutation; and a keychain failure anywhere refreshes the app info behind the banner.
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppInfo } from '../../../src-renderer/data/app.ts';
import { createQueryClient } from '../../../src-renderer/data/query-client.ts';
import { bridgeError, createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** The real client (its own retry rule), with the waits between retries taken out. */
function appClient() {
  const client = createQueryClient();
  clients.push(client);
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  return client;
}

/** A query whose every try fails with `code`; how often it was tried. */
async function triesFor(code: Parameters<typeof bridgeError>[0]) {
  const queryFn = vi.fn(async () => Promise.reject(bridgeError(code, `${code} (test)`)));
  const { result } = renderHookWithApp(() => useQuery({ queryKey: ['probe', code], queryFn }), {
    queryClient: appClient(),
  });
  await vi.waitFor(() => expect(result.current.isError).toBe(true));
  return queryFn.mock.calls.length;
}

describe('createQueryClient', () => {
  it('tries a network failure and a timeout three times in all', async () => {
    expect(await triesFor('network')).toBe(3);
    expect(await triesFor('timeout')).toBe(3);
  });

  it('does not retry what a retry cannot fix', async () => {
    for (const code of ['unauthorized', 'invalid_argument', 'bad_response', 'keychain'] as const)
      expect(await triesFor(code)).toBe(1);
  });

  it('recovers when a retry succeeds', async () => {
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(bridgeError('network', 'ECONNRESET'))
      .mockResolvedValue('answer');
    const { result } = renderHookWithApp(() => useQuery({ queryKey: ['probe'], queryFn }), {
      queryClient: appClient(),
    });

    await vi.waitFor(() => expect(result.current.data).toBe('answer'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('never retries a mutation, even after a network failure', async () => {
    const mutationFn = vi.fn(async () => Promise.reject(bridgeError('network', 'ECONNRESET')));
    const { result } = renderHookWithApp(() => useMutation({ mutationFn }), { queryClient: appClient() });

    act(() => result.current.mutate());

    await vi.waitFor(() => expect(result.current.isError).toBe(true));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('asks main for the app info again when a query fails with a keychain error', async () => {
    const bridge = createFakeBridge();
    const { result } = renderHookWithApp(
      () => ({
        info: useAppInfo(),
        probe: useQuery({
          queryKey: ['probe'],
          queryFn: () => Promise.reject(bridgeError('keychain', 'The OS keychain is locked')),
        }),
      }),
      { bridge, queryClient: appClient() },
    );
    await vi.waitFor(() => expect(result.current.probe.isError).toBe(true));

    await vi.waitFor(() => expect(bridge.app.info).toHaveBeenCalledTimes(2));
  });

  it('asks main for the app info again when a mutation fails with a keychain error, and not for other errors', async () => {
    const bridge = createFakeBridge();
    const { result } = renderHookWithApp(
      () => ({
        info: useAppInfo(),
        save: useMutation({ mutationFn: (code: 'keychain' | 'network') => Promise.reject(bridgeError(code, code)) }),
      }),
      { bridge, queryClient: appClient() },
    );
    await vi.waitFor(() => expect(result.current.info.isSuccess).toBe(true));

    act(() => result.current.save.mutate('network'));
    await vi.waitFor(() => expect(result.current.save.isError).toBe(true));
    expect(bridge.app.info).toHaveBeenCalledTimes(1);

    act(() => result.current.save.mutate('keychain'));
    await vi.waitFor(() => expect(bridge.app.info).toHaveBeenCalledTimes(2));
  });
});
