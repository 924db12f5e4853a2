// Links opened inside the app (the fragment, the OS through main's inbox, the palette): a good link
// shows its view, a bad one shows why and changes nothing, a menu command reaches its owner.
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/app-shell.tsx';
import { useRpcConsoleStore } from '../../../src-renderer/features/rpc/rpc-console-store.ts';
import { useTransfersStore } from '../../../src-renderer/features/transfers/transfers-store.ts';
import { openLink, useLinkRequests } from '../../../src-renderer/navigation/link-requests.ts';
import { useUiStore } from '../../../src-renderer/ui-store.ts';
import type { ShellEvent } from '../../../src-shared/contract/shell-events.ts';
import { formatViewLink } from '../../../src-shared/links/view-link.ts';
import { acmeProfileInput } from '../../fixtures/acme-profile.ts';
import { createFakeBridge } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const PARTY = `alice::1220${'ab'.repeat(32)}`;
const FILTERS = {
  party: PARTY,
  asset: { kind: 'ledgerCoin' as const },
  effectiveAfter: '2025-01-01T00:00:00Z',
  effectiveBefore: null,
  orderDesc: false,
  pageSize: 100,
  nodeId: 'validator-2',
};

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', consoleTarget: null, chainFocus: null, localTarget: null });
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  useLinkRequests.setState({ queue: [], problem: null });
});

describe('LinkRouter', () => {
  it('opens a transfers link: the filters are searched and the view is recorded', async () => {
    const { bridge } = renderWithApp(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    act(() => openLink(formatViewLink({ kind: 'transfers', profile: 'sandbox', source: 'live', filters: FILTERS })));
    await vi.waitFor(() => expect(useTransfersStore.getState().view?.filters).toEqual(FILTERS));
    expect(useTransfersStore.getState().draft).toMatchObject({ party: PARTY, asset: 'ledgerCoin', orderDesc: false });
    await vi.waitFor(() => expect(bridge.transfers.page).toHaveBeenCalled());
    expect(bridge.transfers.page.mock.calls[0][0]).toMatchObject({ profileId: 'sandbox', filters: FILTERS });
    await vi.waitFor(() =>
      expect(bridge.views.record).toHaveBeenCalledWith(
        formatViewLink({ kind: 'transfers', profile: 'sandbox', source: 'live', filters: FILTERS }),
      ),
    );
  });

  it('fills the RPC console from a link and sends nothing', async () => {
    const { bridge } = renderWithApp(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    const link = formatViewLink({
      kind: 'rpc',
      profile: 'sandbox',
      chain: 'eth',
      nodeType: 'archive',
      method: 'eth_getBalance',
      params: '["0x0000000000000000000000000000000000000001","latest"]',
    });
    act(() => openLink(link));
    expect(await screen.findByRole('heading', { level: 1, name: 'RPC console' })).toBeTruthy();
    expect(useRpcConsoleStore.getState()).toMatchObject({
      chain: 'eth',
      nodeType: 'archive',
      mode: 'single',
      method: 'eth_getBalance',
      paramsText: '["0x0000000000000000000000000000000000000001","latest"]',
    });
    expect(bridge.rpc.call).not.toHaveBeenCalled();
  });

  it('records the console request as a recent view when the user sends it', async () => {
    const { bridge, user } = renderWithApp(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    const target = { kind: 'rpc' as const, profile: 'sandbox', chain: 'eth', nodeType: 'full' as const };
    act(() => openLink(formatViewLink({ ...target, method: 'eth_blockNumber', params: '[]' })));
    await screen.findByRole('heading', { level: 1, name: 'RPC console' });
    bridge.views.record.mockClear();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(bridge.rpc.call).toHaveBeenCalledTimes(1));
    expect(bridge.views.record).toHaveBeenCalledWith(
      formatViewLink({ ...target, method: 'eth_blockNumber', params: '[]' }),
    );
  });

  it.each([
    ['javascript:alert(1)', 'it is a javascript: link, not ledger-explorer://'],
    ['ledger-explorer://chain?profile=elsewhere&chain=eth', 'it names the profile "elsewhere", which does not exist'],
    ['ledger-explorer://transfers?profile=sandbox&party=alice', 'party'],
  ])('refuses %s with a banner, and nothing is queried', async (link, why) => {
    const { bridge, user } = renderWithApp(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    act(() => openLink(link));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('This link could not be opened: ');
    expect(banner.textContent).toContain(why);
    expect(banner.textContent).toContain('Nothing was sent.');
    expect(bridge.transfers.page).not.toHaveBeenCalled();
    expect(bridge.settings.setActiveProfile).not.toHaveBeenCalled();
    expect(useUiStore.getState().section).toBe('transfers');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/This link could not be opened/)).toBeNull();
  });

  it('asks before opening a link on another profile: nothing switched or queried until Open', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.saveProfile({ ...acmeProfileInput('Acme production'), id: 'acme' });
    const { user } = renderWithApp(<App />, { bridge });
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    const link = formatViewLink({ kind: 'transfers', profile: 'acme', source: 'live', filters: FILTERS });

    act(() => openLink(link));
    const banner = await screen.findByRole('region', { name: 'Link to another profile' });
    expect(banner.textContent).toMatch(
      /This link opens Transfers on profile "Acme production" \(you are on "[^"]+"\)\./,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Link to another profile' })).toBeNull();
    expect(bridge.settings.setActiveProfile).not.toHaveBeenCalled();
    expect(bridge.transfers.page).not.toHaveBeenCalled();
    expect(useTransfersStore.getState().view).toBeNull();

    act(() => openLink(link));
    await user.click(await screen.findByRole('button', { name: 'Open on Acme production' }));
    await vi.waitFor(() => expect(bridge.transfers.page).toHaveBeenCalled());
    expect(bridge.settings.setActiveProfile).toHaveBeenCalledExactlyOnceWith('acme');
    expect(bridge.transfers.page.mock.calls[0][0]).toMatchObject({ profileId: 'acme', filters: FILTERS });
  });

  it('takes links and menu commands from main (app:nextEvent)', async () => {
    const events: ShellEvent[] = [
      { kind: 'link', url: 'ledger-explorer://chain?profile=sandbox&chain=eth' },
      { kind: 'command', command: 'show-settings' },
    ];
    let answered = 0;
    const waiting: Array<() => void> = [];
    const bridge = createFakeBridge({
      app: {
        nextEvent: () =>
          new Promise((resolve) => {
            const event = events[answered++];
            if (event) waiting.push(() => resolve(event));
          }),
      },
    });
    renderWithApp(<App />, { bridge });
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    act(() => waiting.shift()?.());
    expect(await screen.findByRole('heading', { level: 1, name: 'Chains' })).toBeTruthy();
    expect(useUiStore.getState().chainFocus).toEqual({ chain: 'eth' });
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    act(() => waiting.shift()?.());
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });
});
