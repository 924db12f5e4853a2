// A page request abandoned by TanStack Query (newer filters replace older ones) is cancelled in
// main too, under the same requestId, and its late answer never lands on the newer filters.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransferPage, retryDelayTransfers, retryTransfers } from '../../../src-renderer/data/transfers.ts';
import type { TransferFilters, TransferPage, TransferPageRequest } from '../../../src-shared/contract/transfers.ts';

const filters = (party: string): TransferFilters => ({
  party,
  asset: { kind: 'all' },
  effectiveAfter: null,
  effectiveBefore: null,
  orderDesc: true,
  pageSize: 25,
  nodeId: null,
});
const page = (party: string): TransferPage => ({
  party,
  legs: [],
  count: 0,
  hasNextPage: false,
  next: null,
  unknownFields: [],
  nodeId: null,
  elapsedMs: 1,
});

/** A fake window.ledger whose page calls answer only when the test says so. */
function fakeBridge() {
  const calls: Array<{ request: TransferPageRequest; answer: (p: TransferPage) => void }> = [];
  const cancel = vi.fn(async (_requestId: string) => true);
  const ledger = {
    app: { cancel },
    transfers: {
      page: (request: TransferPageRequest) =>
        new Promise<TransferPage>((resolve) => calls.push({ request, answer: resolve })),
    },
  };
  (globalThis as unknown as { window: unknown }).window = { ledger };
  return { calls, cancel };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('fetchTransferPage', () => {
  it('sends a fresh request id each call, and tells main to cancel that id when aborted', async () => {
    const { calls, cancel } = fakeBridge();
    const controller = new AbortController();
    void fetchTransferPage('sandbox', filters('a::1'), null, controller.signal);
    void fetchTransferPage('sandbox', filters('a::1'), null, new AbortController().signal);
    expect(calls[0].request.requestId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(calls[0].request.requestId).not.toBe(calls[1].request.requestId);
    controller.abort();
    expect(cancel).toHaveBeenCalledWith(calls[0].request.requestId);
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('when the filters change under a query, the old call is cancelled and its late answer is not shown', async () => {
    const { calls, cancel } = fakeBridge();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const optionsFor = (party: string) => ({
      queryKey: ['transfers', 'sandbox', party],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTransferPage('sandbox', filters(party), null, signal),
    });
    const observer = new QueryObserver(client, optionsFor('old::1'));
    const seen: Array<string | null | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data?.party));
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    observer.setOptions(optionsFor('new::1'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(cancel).toHaveBeenCalledWith(calls[0].request.requestId);

    calls[0].answer(page('old::1')); // late
    calls[1].answer(page('new::1'));
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.party).toBe('new::1'));
    expect(seen).not.toContain('old::1');
    unsubscribe();
    client.clear();
  });
});

describe('retries', () => {
  const error = (code: string, details?: Record<string, unknown>) => ({
    name: 'BridgeError',
    code,
    message: code,
    details,
  });

  it('retries only a service that is starting, after the Retry-After it gave', () => {
    expect(retryTransfers(1, error('service_starting', { retryAfterSeconds: 3 }))).toBe(true);
    expect(retryDelayTransfers(1, error('service_starting', { retryAfterSeconds: 3 }))).toBe(3000);
    expect(retryDelayTransfers(1, error('service_starting'))).toBe(2000);
    for (const code of ['forbidden', 'unauthorized', 'not_found', 'node_quarantined', 'network', 'bad_request'])
      expect(retryTransfers(1, error(code))).toBe(false);
  });

  it('gives up on start-up eventually', () => {
    expect(retryTransfers(300, error('service_starting', { retryAfterSeconds: 1 }))).toBe(false);
  });
});
