// Transfer hooks as the screen uses them: a page is asked for only once filters, credential and
// paged mode are there; the next page of the same listing keeps the current one on screen while
// it loads, new filters never show the old rows; Load all asks for the largest pages and can be
// stopped (main drops the HTTP call).
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  LOAD_ALL_PAGE_SIZE,
  type PageRequest,
  useAllTransfers,
  useCancelLoadAll,
  useNodeChoices,
  useTokenInfo,
  useTransferPage,
} from '../../../src-renderer/data/transfers.ts';
import type { TransferFilters, TransferPage, TransferPageRequest } from '../../../src-shared/contract/transfers.ts';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const ALICE = `alice::1220${'ab'.repeat(32)}`;
const BOB = `bob::1220${'cd'.repeat(32)}`;
const filters = (party: string): TransferFilters => ({
  party,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
});
const page = (party: string, next: string | null, count = 1): TransferPage => ({
  party,
  legs: [],
  count,
  hasNextPage: next !== null,
  next,
  unknownFields: [],
  nodeId: null,
  elapsedMs: 1,
});

/** A bridge whose page calls wait until the test answers them. */
function heldPages() {
  const calls: Array<{ request: TransferPageRequest; answer: (p: TransferPage) => void }> = [];
  const bridge = createFakeBridge({
    transfers: {
      page: (request) => new Promise<TransferPage>((resolve) => calls.push({ request, answer: resolve })),
    },
  });
  return { bridge, calls };
}

describe('useTransferPage', () => {
  it('asks for nothing until there are filters, a known credential and paged mode', async () => {
    const { bridge } = renderHookWithApp(() => [
      useTransferPage('acme', 'keychain:abcd', { filters: null, cursor: null, active: true }),
      useTransferPage('acme', undefined, { filters: filters(ALICE), cursor: null, active: true }),
      useTransferPage('acme', 'keychain:abcd', { filters: filters(ALICE), cursor: null, active: false }),
    ]);

    await act(async () => {});
    expect(bridge.transfers.page).not.toHaveBeenCalled();
  });

  it('keeps the current page on screen while the next page of the same listing loads', async () => {
    const { bridge, calls } = heldPages();
    const { result, rerender } = renderHookWithApp(
      (request: PageRequest) => useTransferPage('acme', 'keychain:abcd', request),
      { bridge, initialProps: { filters: filters(ALICE), cursor: null, active: true } },
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0].answer(page(ALICE, 'cursor-2', 25)));
    await vi.waitFor(() => expect(result.current.data?.next).toBe('cursor-2'));

    rerender({ filters: filters(ALICE), cursor: 'cursor-2', active: true });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].request).toMatchObject({ profileId: 'acme', next: 'cursor-2', filters: filters(ALICE) });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.next).toBe('cursor-2');

    act(() => calls[1].answer(page(ALICE, null, 3)));
    await vi.waitFor(() => expect(result.current.data?.count).toBe(3));
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('starts blank for new filters: the old rows are never taken for the new answer', async () => {
    const { bridge, calls } = heldPages();
    const { result, rerender } = renderHookWithApp(
      (request: PageRequest) => useTransferPage('acme', 'keychain:abcd', request),
      { bridge, initialProps: { filters: filters(ALICE), cursor: null, active: true } },
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0].answer(page(ALICE, null)));
    await vi.waitFor(() => expect(result.current.data?.party).toBe(ALICE));

    rerender({ filters: filters(BOB), cursor: null, active: true });

    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(true);
  });
});

describe('useAllTransfers', () => {
  it('asks for the largest pages and follows each next link', async () => {
    const bridge = createFakeBridge();
    bridge.transfers.page
      .mockResolvedValueOnce(page(ALICE, 'cursor-2', 1000))
      .mockResolvedValueOnce(page(ALICE, null, 10));
    const { result } = renderHookWithApp(
      () => useAllTransfers('acme', 'keychain:abcd', { filters: filters(ALICE), active: true }),
      { bridge },
    );
    await vi.waitFor(() => expect(result.current.hasNextPage).toBe(true));

    await act(() => result.current.fetchNextPage());

    await vi.waitFor(() => expect(result.current.data?.pages.map((p) => p.count)).toEqual([1000, 10]));
    expect(result.current.hasNextPage).toBe(false);
    const requests = bridge.transfers.page.mock.calls.map(([request]) => request);
    expect(requests.map((r) => r.next)).toEqual([null, 'cursor-2']);
    expect(requests.every((r) => r.filters.pageSize === LOAD_ALL_PAGE_SIZE)).toBe(true);
  });

  it('does not start while Load all is off', async () => {
    const { bridge } = renderHookWithApp(() =>
      useAllTransfers('acme', 'keychain:abcd', { filters: filters(ALICE), active: false }),
    );

    await act(async () => {});
    expect(bridge.transfers.page).not.toHaveBeenCalled();
  });

  it('stops the page in flight when cancelled: main is told to drop that very request', async () => {
    const { bridge, calls } = heldPages();
    const { result } = renderHookWithApp(
      () => ({
        all: useAllTransfers('acme', 'keychain:abcd', { filters: filters(ALICE), active: true }),
        cancel: useCancelLoadAll('acme', 'keychain:abcd'),
      }),
      { bridge },
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    act(() => result.current.cancel());

    await vi.waitFor(() => expect(bridge.app.cancel).toHaveBeenCalledExactlyOnceWith(calls[0].request.requestId));
  });
});

describe('token info and node choices', () => {
  it('asks for token info once the credential is known, and for the node choices of the profile', async () => {
    const { result, rerender, bridge } = renderHookWithApp(
      (credential: string | undefined) => ({
        token: useTokenInfo('acme', credential),
        nodes: useNodeChoices('acme'),
      }),
      { initialProps: undefined },
    );
    await vi.waitFor(() => expect(result.current.nodes.data).toEqual({ defaultNodeId: null, known: [] }));
    expect(bridge.transfers.nodes).toHaveBeenCalledWith('acme');
    expect(bridge.transfers.tokenInfo).not.toHaveBeenCalled();

    rerender('keychain:abcd');

    await vi.waitFor(() => expect(result.current.token.data?.present).toBe(false));
    expect(bridge.transfers.tokenInfo).toHaveBeenCalledExactlyOnceWith('acme');
  });
});
