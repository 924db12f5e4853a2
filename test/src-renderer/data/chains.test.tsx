// The chain listing: one cached query per profile, asked for only once a profile is known, and
// tried once more only after a dropped connection.
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nativeSymbol, useChainListing } from '../../../src-renderer/data/chains.ts';
import { createQueryClient } from '../../../src-renderer/data/query-client.ts';
import type { ChainListing } from '../../../src-shared/contract/schemas.ts';
import { createFakeBridge, failWith } from '../../fixtures/fake-bridge.ts';
import { renderHookWithApp } from '../support/render-hook-with-app.tsx';

const LISTING: ChainListing = {
  chains: [{ name: 'canton-mainnet', fields: { nativeCurrency: { symbol: 'CC', decimals: 10 } } }],
  fetchedAt: '2025-01-01T00:00:00.000Z',
  source: 'translate_url',
};

/** The app's client (with its own retry rule), without the wait between tries. */
const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

function appClient() {
  const client = createQueryClient();
  clients.push(client);
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  return client;
}

describe('useChainListing', () => {
  it('waits for a profile, then asks main for that profile', async () => {
    const bridge = createFakeBridge({ chains: { list: async () => LISTING } });
    const { result, rerender } = renderHookWithApp((profileId: string | undefined) => useChainListing(profileId), {
      bridge,
      initialProps: undefined,
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(bridge.chains.list).not.toHaveBeenCalled();

    rerender('acme');

    await vi.waitFor(() => expect(result.current.data).toEqual(LISTING));
    expect(bridge.chains.list).toHaveBeenCalledExactlyOnceWith('acme');
  });

  it('tries a dropped connection once more', async () => {
    const bridge = createFakeBridge();
    bridge.chains.list.mockRejectedValueOnce({ name: 'BridgeError', code: 'network', message: 'ECONNRESET' });
    bridge.chains.list.mockResolvedValue(LISTING);
    const { result } = renderHookWithApp(() => useChainListing('acme'), { bridge, queryClient: appClient() });

    await vi.waitFor(() => expect(result.current.data).toEqual(LISTING));
    expect(bridge.chains.list).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second dropped connection, and at once on a timeout or an error the service gave', async () => {
    for (const [code, tries] of [
      ['network', 2],
      ['timeout', 1],
      ['unauthorized', 1],
    ] as const) {
      const bridge = createFakeBridge();
      failWith(bridge.chains.list, code);
      const { result, unmount } = renderHookWithApp(() => useChainListing('acme'), {
        bridge,
        queryClient: appClient(),
      });
      await vi.waitFor(() => expect(result.current.error).toMatchObject({ code }));
      expect(bridge.chains.list, code).toHaveBeenCalledTimes(tries);
      unmount();
    }
  });

  it('does not ask again when the certificate is not trusted (it stays untrusted)', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.chains.list, 'network', 'the certificate of 127.0.0.1:1 is not trusted', {
      certificateError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    const { result } = renderHookWithApp(() => useChainListing('acme'), { bridge, queryClient: appClient() });

    await vi.waitFor(() => expect(result.current.error).toMatchObject({ code: 'network' }));
    expect(bridge.chains.list).toHaveBeenCalledTimes(1);
  });
});

describe('nativeSymbol', () => {
  it("reads the listing's native-currency symbol when it gives one", () => {
    expect(nativeSymbol(LISTING.chains[0])).toBe('CC');
  });

  it('is null for a missing chain, a missing currency, or a symbol that is not text', () => {
    expect(nativeSymbol(undefined)).toBeNull();
    expect(nativeSymbol({ name: 'x', fields: {} })).toBeNull();
    expect(nativeSymbol({ name: 'x', fields: { nativeCurrency: 'CC' } })).toBeNull();
    expect(nativeSymbol({ name: 'x', fields: { nativeCurrency: { symbol: 42 } } })).toBeNull();
  });
});
