// The app shell: the sidebar switches screens, the page says when it is ready (tests and the
// Electron tier wait on data-ready, never on sleeps), the theme follows the stored preference, and
// the banners and a settings problem show on every screen.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src-renderer/app-shell.tsx';
import { useTransfersStore } from '../../src-renderer/features/transfers/transfers-store.ts';
import { useUiStore } from '../../src-renderer/ui-store.ts';
import type { AppInfo } from '../../src-shared/contract/schemas.ts';
import type { NodeChoices } from '../../src-shared/contract/transfers.ts';
import { createFakeBridge, FAKE_APP_INFO, failWith } from '../fixtures/fake-bridge.ts';
import { renderWithApp } from './support/render-with-app.tsx';

const sidebar = () => within(screen.getByRole('navigation', { name: 'Sections' }));

beforeEach(() => {
  // The UI store is module state: every test starts on Transfers, the way the app starts.
  useUiStore.setState({ section: 'transfers', consoleTarget: null });
  // So is the transfers store (which profile's filter form has everything it is laid out from).
  useTransfersStore.setState(useTransfersStore.getInitialState(), true);
  delete document.documentElement.dataset.theme;
});

describe('App', () => {
  it('opens on Transfers and switches screens from the sidebar, marking the current one', async () => {
    const { user } = renderWithApp(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    expect(sidebar().getByRole('button', { name: 'Transfers' }).getAttribute('aria-current')).toBe('page');

    await user.click(sidebar().getByRole('button', { name: 'Chains' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chains' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Transfers' })).toBeNull();
    expect(sidebar().getByRole('button', { name: 'Chains' }).getAttribute('aria-current')).toBe('page');
    expect(sidebar().getByRole('button', { name: 'Transfers' }).getAttribute('aria-current')).toBeNull();

    await user.click(sidebar().getByRole('button', { name: 'RPC console' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RPC console' })).toBeTruthy();

    await user.click(sidebar().getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();

    await user.click(sidebar().getByRole('button', { name: 'Transfers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
  });

  it('sets data-ready only once both the settings and the app info have arrived', async () => {
    let answerInfo: (info: AppInfo) => void = () => {};
    const bridge = createFakeBridge({
      app: { info: () => new Promise<AppInfo>((resolve) => (answerInfo = resolve)) },
    });
    const { container } = renderWithApp(<App />, { bridge });
    const shell = container.querySelector('.app') as HTMLElement;

    await vi.waitFor(() => expect(screen.getByTestId('active-profile').textContent).toBe('Local sandbox network'));
    expect(shell.dataset.ready).toBeUndefined();

    answerInfo(FAKE_APP_INFO);
    await vi.waitFor(() => expect(shell.dataset.ready).toBe('true'));
  });

  it('sets data-ready only once the Transfers form has everything it is laid out from (a click at once stays)', async () => {
    let answerNodes: (nodes: NodeChoices) => void = () => {};
    const bridge = createFakeBridge({
      transfers: { nodes: () => new Promise<NodeChoices>((resolve) => (answerNodes = resolve)) },
    });
    const { container } = renderWithApp(<App />, { bridge });
    const shell = container.querySelector('.app') as HTMLElement;

    // Settings, app info, the JWT's parties and the sandbox's parties are in; the node choices are not.
    expect(await sidebar().findByText('v0.0.0-test · browser')).toBeTruthy();
    await vi.waitFor(() => expect(bridge.transfers.tokenInfo).toHaveBeenCalled());
    await vi.waitFor(() => expect(bridge.transfers.knownParties).toHaveBeenCalled());
    expect(await screen.findByLabelText('Sandbox parties')).toBeTruthy();
    expect(shell.dataset.ready).toBeUndefined();
    expect(screen.getByRole('form', { name: 'Transfer filters' }).hasAttribute('inert')).toBe(true);

    answerNodes({ defaultNodeId: 'node-a', known: [] });
    await vi.waitFor(() => expect(shell.dataset.ready).toBe('true'));
    expect(screen.getByRole('form', { name: 'Transfer filters' }).hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('option', { name: 'Default (node-a)' })).toBeTruthy();
  });

  it('names the active profile, the version and the transport in the sidebar', async () => {
    const bridge = createFakeBridge({ app: { info: async () => ({ ...FAKE_APP_INFO, transport: 'electron' }) } });
    renderWithApp(<App />, { bridge });

    expect(await sidebar().findByText('v0.0.0-test · desktop')).toBeTruthy();
    expect(screen.getByTestId('active-profile').textContent).toBe('Local sandbox network');
  });

  it('says browser when the bridge is the loopback test bridge', async () => {
    renderWithApp(<App />);

    expect(await sidebar().findByText('v0.0.0-test · browser')).toBeTruthy();
  });

  it('applies the stored theme to the document, and a new choice at once', async () => {
    const bridge = createFakeBridge();
    await bridge.settings.savePreferences({ theme: 'dark' });
    const { user } = renderWithApp(<App />, { bridge });
    // Before the settings arrive: follow the OS.
    expect(document.documentElement.dataset.theme).toBe('system');

    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));

    await user.click(sidebar().getByRole('button', { name: 'Settings' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Theme' }), 'light');
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(bridge.settings.savePreferences).toHaveBeenLastCalledWith({ theme: 'light' });
  });

  it('shows the banners on every screen', async () => {
    const bridge = createFakeBridge({
      app: { info: async () => ({ ...FAKE_APP_INFO, secretStorage: { backend: 'session', reason: 'locked' } }) },
    });
    const { user } = renderWithApp(<App />, { bridge });

    expect(await screen.findByTestId('session-secrets-banner')).toBeTruthy();
    await user.click(sidebar().getByRole('button', { name: 'Chains' }));
    await screen.findByRole('heading', { level: 1, name: 'Chains' });
    expect(screen.getByTestId('session-secrets-banner')).toBeTruthy();
  });

  it('says when the settings could not be loaded, above whatever screen is open', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.settings.get, 'settings', 'settings.json: permission denied');
    const { container } = renderWithApp(<App />, { bridge });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Settings could not be loaded. [settings] settings.json: permission denied');
    expect(screen.getByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    expect(screen.getByTestId('active-profile').textContent).toBe('…');
    expect((container.querySelector('.app') as HTMLElement).dataset.ready).toBeUndefined();
  });
});
