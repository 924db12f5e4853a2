// The command palette: what a support agent types (a label fragment, a few hex characters of a
// party's fingerprint, a misspelt chain) finds the item, Enter runs it, Escape closes and focus goes
// back where it was. Each kind of item does what its label says, through the app's UI store.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CommandDialogs } from '../../../src-renderer/commands/app-dialogs.tsx';
import { useRpcConsoleStore } from '../../../src-renderer/features/rpc/rpc-console-store.ts';
import { useTransfersStore } from '../../../src-renderer/features/transfers/transfers-store.ts';
import { useLinkRequests } from '../../../src-renderer/navigation/link-requests.ts';
import { useUiStore } from '../../../src-renderer/ui-store.ts';
import { formatViewLink } from '../../../src-shared/links/view-link.ts';
import { createFakeBridge, type FakeLedger, SAMPLE_PARTIES } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const ACME = `acme-treasury::1220${'3f9c'.repeat(16)}`;
const NORTH = `exchange-north::1220${'0d17'.repeat(16)}`;

async function bridgeWithData(): Promise<FakeLedger> {
  const bridge = createFakeBridge({
    chains: {
      list: async () => ({
        chains: [
          { name: 'ethereum-mainnet', fields: {} },
          { name: 'canton-coin', fields: {} },
        ],
        fetchedAt: '2026-11-01T00:00:00.000Z',
        source: 'test',
      }),
    },
  });
  await bridge.settings.saveParty({ party: ACME, label: 'Acme treasury' });
  await bridge.settings.saveParty({ party: NORTH, label: 'North exchange' });
  await bridge.settings.saveProfile({
    name: 'Staging',
    baseUrl: 'https://ledger.staging.example',
    translateUrl: 'https://translate.staging.example',
    partnerUrl: 'https://partner.staging.example',
    rpcUrl: 'https://rpc.staging.example',
    defaultNodeId: null,
    chainAuth: 'apiKey',
    rpcKeyPlacement: 'header',
    rpcSeparator: '_',
    ledgerAuthPlacement: 'header',
  });
  await bridge.workspace.editCollection({
    op: 'addRequest',
    collectionId: 'c000000000000001',
    request: {
      name: 'Head block',
      chain: 'ethereum-mainnet',
      nodeType: 'archive',
      method: 'eth_blockNumber',
      text: '[]',
    },
  });
  return bridge;
}

async function openPalette(bridge?: FakeLedger) {
  const rendered = renderWithApp(<CommandDialogs />, { bridge: bridge ?? (await bridgeWithData()) });
  useUiStore.getState().openDialog('palette');
  const input = await screen.findByRole('combobox');
  return { ...rendered, input };
}

/** The options' labels, in the order shown (best match first while searching). */
const options = () => screen.queryAllByRole('option').map((o) => o.querySelector('.palette-label')?.textContent);

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', dialog: null, consoleTarget: null, chainFocus: null, action: null });
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  useRpcConsoleStore.setState({ chain: '' });
  useLinkRequests.setState({ queue: [], problem: null });
});

describe('CommandPalette', () => {
  it('finds a saved party by a label fragment and opens its transfers on Enter', async () => {
    const { user, input } = await openPalette();
    await waitFor(() => expect(options()).toContain('Acme treasury'));

    await user.type(input, 'treas');
    expect(options()[0]).toBe('Acme treasury');
    await user.keyboard('{Enter}');

    expect(useUiStore.getState().dialog).toBeNull();
    expect(useUiStore.getState().section).toBe('transfers');
    expect(useTransfersStore.getState().draft.party).toBe(ACME);
    expect(useTransfersStore.getState().view?.filters.party).toBe(ACME);
  });

  it('finds a party by four hex characters of its fingerprint, ranked above scattered matches', async () => {
    const { user, input } = await openPalette();
    await waitFor(() => expect(options()).toContain('North exchange'));

    await user.type(input, '0d17');
    expect(options()[0]).toBe('North exchange');
    expect(options()).not.toContain('Acme treasury');
  });

  it('finds a chain typed with a typo and brings it into view on the Chains screen', async () => {
    const { user, input } = await openPalette();
    await waitFor(() => expect(options().some((o) => o === 'ethereum-mainnet')).toBe(true));

    await user.type(input, 'etherium');
    expect(options()[0]).toBe('ethereum-mainnet');
    await user.keyboard('{Enter}');

    expect(useUiStore.getState().section).toBe('chains');
    expect(useUiStore.getState().chainFocus).toEqual({ chain: 'ethereum-mainnet' });
  });

  it('opens the RPC console on a method with its params template, sending nothing', async () => {
    const { user, input, bridge } = await openPalette();
    await waitFor(() => expect(options().some((o) => o === 'eth_getBalance')).toBe(true));

    await user.type(input, 'eth_getBalance');
    await user.keyboard('{Enter}');

    expect(useUiStore.getState().section).toBe('rpc');
    expect(useUiStore.getState().consoleTarget).toEqual({
      chain: 'ethereum-mainnet',
      method: 'eth_getBalance',
      params: '["0x0000000000000000000000000000000000000000","latest"]',
    });
    expect(bridge.rpc.call).not.toHaveBeenCalled();
  });

  it('opens a saved request of a collection in the console', async () => {
    const { user, input } = await openPalette();
    await waitFor(() => expect(options().some((o) => o === 'Saved requests › Head block')).toBe(true));

    await user.type(input, 'head block');
    await user.keyboard('{Enter}');

    expect(useUiStore.getState().consoleTarget).toEqual({
      chain: 'ethereum-mainnet',
      nodeType: 'archive',
      method: 'eth_blockNumber',
      params: '[]',
    });
  });

  it('asks for app actions: sync, export, compare nodes, case report', async () => {
    for (const [typed, id, section] of [
      ['sync', 'local:sync', 'local'],
      ['export transfers', 'transfers:export', 'transfers'],
      ['compare nodes', 'transfers:compare-nodes', 'transfers'],
      ['case report', 'transfers:case-report', 'transfers'],
    ] as const) {
      const { user, input, unmount } = await openPalette();
      await user.type(input, typed);
      await user.keyboard('{Enter}');
      expect(useUiStore.getState().action?.id).toBe(id);
      expect(useUiStore.getState().section).toBe(section);
      unmount();
    }
  });

  it('switches profile and toggles the theme through Settings', async () => {
    const first = await openPalette();
    await waitFor(() => expect(options()).toContain('Switch profile to Staging'));
    await first.user.type(first.input, 'staging');
    await first.user.keyboard('{Enter}');
    await waitFor(() => expect(first.bridge.settings.setActiveProfile).toHaveBeenCalledWith('staging'));
    first.unmount();

    const second = await openPalette();
    await second.user.type(second.input, 'dark theme');
    await second.user.keyboard('{Enter}');
    await waitFor(() => expect(second.bridge.settings.savePreferences).toHaveBeenCalledWith({ theme: 'dark' }));
  });

  it('jumps to a Settings panel and to the address book', async () => {
    const { user, input } = await openPalette();
    await user.type(input, 'secrets');
    expect(options()[0]).toBe('Settings: Secrets');
    await user.keyboard('{Enter}');
    expect(useUiStore.getState().section).toBe('settings');

    useUiStore.getState().openDialog('palette');
    await user.type(await screen.findByRole('combobox'), 'address book');
    await user.keyboard('{Enter}');
    expect(useUiStore.getState().action?.id).toBe('settings:address-book');
  });

  it('moves with the arrow keys, says when nothing matches, and closes on Escape with focus back', async () => {
    const before = document.createElement('button');
    before.textContent = 'where I was';
    document.body.append(before);
    before.focus();
    const { user, input } = await openPalette();
    expect(document.activeElement).toBe(input);

    await user.type(input, 'zzzzqqqq');
    expect(options()).toEqual([]);
    expect(screen.getByText(/Nothing matches/)).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'go to');
    const selected = () => screen.getByRole('option', { selected: true }).textContent;
    const first = selected();
    await user.keyboard('{ArrowDown}');
    expect(selected()).not.toBe(first);

    await user.keyboard('{Escape}');
    expect(useUiStore.getState().dialog).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('on Mod+E lists recent views only, newest first; a recent party also shows under Parties', async () => {
    const bridge = await bridgeWithData();
    const CAROL = `carol::1220${'c4'.repeat(32)}`;
    await bridge.views.record(formatViewLink({ kind: 'chain', profile: 'sandbox', chain: 'ethereum-mainnet' }));
    await bridge.views.record(
      formatViewLink({
        kind: 'transfers',
        profile: 'sandbox',
        source: 'live',
        filters: {
          party: CAROL,
          asset: { kind: 'all' },
          effectiveAfter: null,
          effectiveBefore: null,
          orderDesc: true,
          pageSize: 25,
          nodeId: null,
        },
      }),
    );
    const recent = await bridge.views.recent();
    renderWithApp(<CommandDialogs />, { bridge });
    useUiStore.getState().openDialog('recent');

    expect(await screen.findByRole('dialog', { name: 'Recent views' })).toBeTruthy();
    await waitFor(() => expect(options()).toEqual(recent.map((v) => v.title)));

    useUiStore.getState().openDialog('palette');
    await waitFor(() => expect(options()).toContain('carol::1220c4…c4c4'));
  });

  it('opens a recent view through the link router (its own link, checked as a pasted one)', async () => {
    const bridge = await bridgeWithData();
    await bridge.views.record(formatViewLink({ kind: 'chain', profile: 'sandbox', chain: 'canton-coin' }));
    const [view] = await bridge.views.recent();
    const { user } = renderWithApp(<CommandDialogs />, { bridge });
    useUiStore.getState().openDialog('recent');
    await waitFor(() => expect(options()).toEqual([view.title]));

    await user.keyboard('{Enter}');
    expect(useLinkRequests.getState().queue).toEqual([view.link]);
    expect(useUiStore.getState().dialog).toBeNull();
  });

  it('on Mod+E with no recent views yet, says so', async () => {
    renderWithApp(<CommandDialogs />, { bridge: await bridgeWithData() });
    useUiStore.getState().openDialog('recent');

    expect(await screen.findByRole('dialog', { name: 'Recent views' })).toBeTruthy();
    expect(options()).toEqual([]);
    expect(screen.getByText(/No recent views yet/)).toBeTruthy();
  });

  it("finds the profile's own parties by name before anything is saved (the sandbox's alice)", async () => {
    const { user, input } = await openPalette();
    await waitFor(() => expect(options()).toContain('alice'));

    await user.type(input, 'alice');
    expect(options()[0]).toBe('alice');
    await user.keyboard('{Enter}');
    expect(useTransfersStore.getState().view?.filters.party).toBe(SAMPLE_PARTIES[0].party);
  });

  it('opens a pasted ledger-explorer:// link through the link router', async () => {
    const { user, input } = await openPalette();
    const link = formatViewLink({ kind: 'chain', profile: 'sandbox', chain: 'canton-coin' });
    await user.click(input);
    await user.paste(link);

    expect(options()[0]).toBe('Open this link');
    await user.keyboard('{Enter}');
    expect(useLinkRequests.getState().queue).toEqual([link]);
  });

  it('shows a recent view with the party label and the time in the app date style', async () => {
    const bridge = await bridgeWithData();
    await bridge.views.record(
      formatViewLink({
        kind: 'transfers',
        profile: 'sandbox',
        source: 'live',
        filters: {
          party: ACME,
          asset: { kind: 'all' },
          effectiveAfter: null,
          effectiveBefore: null,
          orderDesc: true,
          pageSize: 50,
          nodeId: null,
        },
      }),
    );
    renderWithApp(<CommandDialogs />, { bridge });
    useUiStore.getState().openDialog('recent');
    await waitFor(() => expect(options()).toEqual(['Transfers of Acme treasury · all assets']));
    const detail = screen.getByRole('option').querySelector('.palette-detail')?.textContent ?? '';
    expect(detail).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});
