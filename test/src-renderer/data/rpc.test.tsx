// RPC console hooks: every send becomes the console's last answer in the cache (a failure too,
// keeping the last answer that did arrive), the history is re-read after a send, and saved
// requests and a cleared history are main's answers put straight into the cache.
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../src-renderer/data/query-keys.ts';
import {
  type ConsoleAnswer,
  curlCommand,
  type SendInput,
  useClearHistory,
  useCompareCalls,
  useConsoleAnswer,
  useRpcCall,
  useRpcEndpoint,
  useRpcHistory,
} from '../../../src-renderer/data/rpc.ts';
import type { RpcCallResult, RpcHistoryView } from '../../../src-shared/contract/rpc.ts';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import { acmeProfile } from '../../fixtures/acme-profile.ts';
import { bridgeError, createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const BODY = { jsonrpc: '2.0' as const, id: 1, method: 'eth_blockNumber', params: [] };
const SEND: SendInput = {
  requestId: 'rq-0000000001',
  profileId: 'sandbox',
  chain: 'eth-mainnet',
  nodeType: 'full',
  body: BODY,
  timeoutSeconds: 30,
};
const RESULT: RpcCallResult = {
  address: 'http://127.0.0.1:4013/eth-mainnet_full',
  status: 200,
  elapsedMs: 12,
  sizeBytes: 40,
  contentType: 'application/json',
  text: '{"jsonrpc":"2.0","id":1,"result":"0x10"}',
  outcome: 'result',
  errorCount: 0,
  entry: null,
};
const HISTORY: RpcHistoryView = { entries: [], total: 3, problem: null };

const ACME: Profile = acmeProfile();

describe('useRpcCall', () => {
  it('makes each answer the last answer, numbered, and re-reads the history', async () => {
    const bridge = createFakeBridge({ rpc: { call: async () => RESULT } });
    const { result, queryClient } = renderHookWithApp(() => ({ call: useRpcCall(), answer: useConsoleAnswer() }), {
      bridge,
    });
    queryClient.setQueryData(queryKeys.rpc.history('eth'), HISTORY);
    await vi.waitFor(() => expect(result.current.answer.isSuccess).toBe(true));
    expect(result.current.answer.data).toBeNull();

    act(() => result.current.call.mutate(SEND));
    await vi.waitFor(() => expect(result.current.answer.data?.seq).toBe(1));
    act(() => result.current.call.mutate(SEND));
    await vi.waitFor(() => expect(result.current.answer.data?.seq).toBe(2));

    expect(result.current.answer.data).toEqual({
      seq: 2,
      chain: 'eth-mainnet',
      nodeType: 'full',
      body: BODY,
      result: RESULT,
      error: null,
      previous: null,
    });
    expect(bridge.rpc.call).toHaveBeenCalledWith(SEND);
    expect(queryClient.getQueryState(queryKeys.rpc.history('eth'))?.isInvalidated).toBe(true);
  });

  it('makes a failure the last answer too, keeping the last answer that arrived (one level deep)', async () => {
    const bridge = createFakeBridge({ rpc: { call: async () => RESULT } });
    const { result } = renderHookWithApp(() => ({ call: useRpcCall(), answer: useConsoleAnswer() }), { bridge });

    act(() => result.current.call.mutate(SEND));
    await vi.waitFor(() => expect(result.current.answer.data?.result).toEqual(RESULT));

    bridge.rpc.call.mockRejectedValue(bridgeError('timeout', 'no answer within 30 s'));
    act(() => result.current.call.mutate(SEND));
    await vi.waitFor(() => expect(result.current.answer.data?.seq).toBe(2));
    const failed = result.current.answer.data as ConsoleAnswer;
    expect(failed.result).toBeNull();
    expect(failed.error).toEqual(bridgeError('timeout', 'no answer within 30 s'));
    expect(failed.previous).toMatchObject({ seq: 1, result: RESULT, previous: null });
    // The call itself did not fail: the console stays usable.
    expect(result.current.call.isSuccess).toBe(true);

    // A second failure still keeps the answer from before the first, not the first failure.
    bridge.rpc.call.mockRejectedValue(new Error('socket hang up'));
    act(() => result.current.call.mutate(SEND));
    await vi.waitFor(() => expect(result.current.answer.data?.seq).toBe(3));
    expect(result.current.answer.data?.error).toMatchObject({ code: 'internal', message: 'socket hang up' });
    expect(result.current.answer.data?.previous).toMatchObject({ seq: 1, result: RESULT });
  });
});

describe('rpc queries', () => {
  it('asks for the endpoint only with a profile, under a key that follows its address', async () => {
    const { result, rerender, bridge } = renderHookWithApp((profile: Profile | null) => useRpcEndpoint(profile), {
      initialProps: null,
    });
    expect(result.current.fetchStatus).toBe('idle');

    rerender(ACME);
    await vi.waitFor(() => expect(result.current.data?.separator).toBe('_'));
    rerender({ ...ACME, rpcUrl: 'https://rpc2.acme.example' });
    await vi.waitFor(() => expect(bridge.rpc.endpoint).toHaveBeenCalledTimes(2));
    expect(bridge.rpc.endpoint).toHaveBeenCalledWith('acme');
  });

  it('searches the history, keeping the previous list on screen while the next search loads', async () => {
    let answer: (view: RpcHistoryView) => void = () => {};
    const bridge = createFakeBridge();
    bridge.rpc.history.mockResolvedValueOnce(HISTORY);
    const { result, rerender } = renderHookWithApp((search: string) => useRpcHistory(search), {
      bridge,
      initialProps: '',
    });
    await vi.waitFor(() => expect(result.current.data).toEqual(HISTORY));

    bridge.rpc.history.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    rerender('eth');
    await vi.waitFor(() => expect(bridge.rpc.history).toHaveBeenLastCalledWith({ search: 'eth', limit: 100 }));
    expect(result.current.data).toEqual(HISTORY);
    expect(result.current.isPlaceholderData).toBe(true);

    act(() => answer({ entries: [], total: 3, problem: null }));
    await vi.waitFor(() => expect(result.current.isPlaceholderData).toBe(false));
  });

  it("clears the history and puts main's answer under every search", async () => {
    const cleared: RpcHistoryView = { entries: [], total: 0, problem: null };
    const { result, queryClient } = renderHookWithApp(() => useClearHistory());
    queryClient.setQueryData(queryKeys.rpc.history(''), HISTORY);
    queryClient.setQueryData(queryKeys.rpc.history('eth'), HISTORY);

    act(() => result.current.mutate());

    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.rpc.history(''))).toEqual(cleared));
    expect(queryClient.getQueryData(queryKeys.rpc.history('eth'))).toEqual(cleared);
  });

  it('asks main for a curl command directly, never through the cache', async () => {
    const { queryClient, bridge } = renderHookWithApp(() => null);

    const curl = await curlCommand({
      chain: 'eth-mainnet',
      nodeType: 'full',
      body: BODY,
      profileId: 'sandbox',
      withKey: true,
    });

    expect(curl.command).toContain('eth-mainnet_full');
    expect(bridge.rpc.curl).toHaveBeenCalledWith(expect.objectContaining({ withKey: true }));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('cancels a comparison still on its way after the console was left and opened again', async () => {
    const bridge = createFakeBridge();
    const held: string[] = [];
    bridge.rpc.call = vi.fn((request: { requestId: string }) => {
      held.push(request.requestId);
      return new Promise<never>(() => {});
    }) as unknown as typeof bridge.rpc.call;
    const first = renderHookWithApp(() => useCompareCalls(), { bridge });
    const target = { profileId: 'sandbox', chain: 'ethereum', nodeType: 'full' as const };
    act(() => first.result.current.start([target, { ...target, nodeType: 'archive' }], BODY, 30));
    await vi.waitFor(() => expect(held).toHaveLength(2));
    first.unmount();

    const again = renderHookWithApp(() => useCompareCalls(), { bridge, queryClient: first.queryClient });
    expect(again.result.current.pending).toBe(true);
    act(() => again.result.current.cancel());
    await vi.waitFor(() => expect(bridge.app.cancel).toHaveBeenCalledTimes(2));
    expect(vi.mocked(bridge.app.cancel).mock.calls.map(([id]) => id)).toEqual(held);
  });
});
