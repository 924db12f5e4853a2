import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChainsScreen } from '../../../../src-renderer/features/chains/chains-screen.tsx';
import { useUiStore } from '../../../../src-renderer/ui-store.ts';
import type { ChainListing } from '../../../../src-shared/contract/schemas.ts';
import { formatEffectiveTime } from '../../../../src-shared/time/time-display.ts';
import { bridgeError, createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const LISTING: ChainListing = {
  chains: [
    { name: 'ethereum', fields: { name: 'ethereum', chainId: 1, nativeCurrency: { symbol: 'ETH' } } },
    { name: 'polygon', fields: { name: 'polygon', chainId: 137, nativeCurrency: { symbol: 'POL' } } },
    { name: 'arbitrum', fields: { name: 'arbitrum', chainId: 42161, nativeCurrency: { symbol: 'ETH' } } },
  ],
  fetchedAt: '2025-03-01T10:15:30.000Z',
  source: 'https://chains.example/v1/chains',
};

// The app's one time formatter, in the default zone (local): "2025-03-01 10:15:30.000" in UTC.
const FETCHED_AT = formatEffectiveTime(LISTING.fetchedAt, { zone: 'local' });

const names = () =>
  within(screen.getByRole('table', { name: 'Chains' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('ChainsScreen', () => {
  beforeEach(() => {
    useUiStore.setState(useUiStore.getInitialState(), true);
  });

  it("lists the active profile's chains and says where and when they came from", async () => {
    const bridge = createFakeBridge({ chains: { list: async () => structuredClone(LISTING) } });
    renderWithApp(<ChainsScreen />, { bridge });

    expect(
      await screen.findByText(`3 chains from https://chains.example/v1/chains, fetched ${FETCHED_AT}`),
    ).toBeTruthy();
    expect(names()).toEqual(['ethereum', 'polygon', 'arbitrum']);
    expect(bridge.chains.list).toHaveBeenCalledExactlyOnceWith('sandbox');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters the listing as the user types', async () => {
    const bridge = createFakeBridge({ chains: { list: async () => structuredClone(LISTING) } });
    const { user } = renderWithApp(<ChainsScreen />, { bridge });
    const search = await screen.findByRole('searchbox', { name: 'Search chains' });

    await user.type(search, 'eth');
    // By name and by the currency in the details.
    expect(names()).toEqual(['ethereum', 'arbitrum']);

    await user.type(search, 'x');
    expect(names()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No chain matches “ethx”.');

    await user.clear(search);
    expect(names()).toHaveLength(3);
    // The listing was asked for once: filtering is local.
    expect(bridge.chains.list).toHaveBeenCalledOnce();
  });

  it("shows main's error when the listing fails, and no table", async () => {
    const bridge = createFakeBridge();
    failWith(bridge.chains.list, 'unauthorized', 'HTTP 401: the partner token was refused');
    renderWithApp(<ChainsScreen />, { bridge });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The chain listing failed. [unauthorized] HTTP 401: the partner token was refused',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('a 429 says the service is limiting requests and when to try again', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.chains.list, 'rate_limited', 'HTTP 429', { retryAfterSeconds: 3 });
    renderWithApp(<ChainsScreen />, { bridge });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is limiting requests; try again in 3 s. The chain listing failed. [rate_limited] HTTP 429',
    );
  });

  it('refreshes on request and keeps the last listing, saying when it was fetched, if the refresh fails', async () => {
    const bridge = createFakeBridge({ chains: { list: async () => structuredClone(LISTING) } });
    const { user } = renderWithApp(<ChainsScreen />, { bridge });
    await screen.findByText(/^3 chains from/);
    let fail: (reason: unknown) => void = () => {};
    bridge.chains.list.mockImplementation(() => new Promise((_, reject) => (fail = reject)));

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    const loading = await screen.findByRole('button', { name: 'Loading…' });
    expect(loading).toHaveProperty('disabled', true);
    fail(bridgeError('service_error', 'HTTP 500: upstream unavailable'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      `The chain listing failed; the list below is the one fetched at ${FETCHED_AT}. [service_error] HTTP 500: upstream unavailable`,
    );
    expect(names()).toEqual(['ethereum', 'polygon', 'arbitrum']);
    expect(bridge.chains.list).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false));
  });

  it('opens the RPC console on a chain through the app’s UI store', async () => {
    const bridge = createFakeBridge({ chains: { list: async () => structuredClone(LISTING) } });
    const { user } = renderWithApp(<ChainsScreen />, { bridge });
    expect(useUiStore.getState().section).toBe('transfers');

    await user.click(await screen.findByRole('button', { name: 'Open polygon in the RPC console' }));

    expect(useUiStore.getState()).toMatchObject({ section: 'rpc', consoleTarget: { chain: 'polygon' } });
    const first = useUiStore.getState().consoleTarget;

    // Asking for the same chain again is a new request, so the console follows it again.
    await user.click(screen.getByRole('button', { name: 'Open polygon in the RPC console' }));
    expect(useUiStore.getState().consoleTarget).toEqual({ chain: 'polygon' });
    expect(useUiStore.getState().consoleTarget).not.toBe(first);
  });
});
