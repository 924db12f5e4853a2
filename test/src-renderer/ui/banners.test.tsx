// The notices every screen carries: secrets only in memory (and since when, should the keychain
// go away mid-session), a settings file that could not be used, a sandbox that did not start.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../src-main/services/settings/default-settings.ts';
import { useAppInfo } from '../../../src-renderer/data/app.ts';
import { useSecretStatus } from '../../../src-renderer/data/secrets.ts';
import { useSettings } from '../../../src-renderer/data/settings.ts';
import { Banners } from '../../../src-renderer/ui/banners.tsx';
import type { AppInfo } from '../../../src-shared/contract/schemas.ts';
import { createFakeBridge, FAKE_APP_INFO } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const SESSION_INFO: AppInfo = {
  ...FAKE_APP_INFO,
  secretStorage: { backend: 'session', reason: 'no Secret Service on the session bus' },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Banners', () => {
  it('shows nothing when the keychain works, the settings loaded and the sandbox runs', async () => {
    function LoadedProbe() {
      const info = useAppInfo().data;
      const settings = useSettings().data;
      return <span data-testid="probe">{info && settings ? 'loaded' : '…'}</span>;
    }
    renderWithApp(
      <>
        <Banners />
        <LoadedProbe />
      </>,
    );

    // Both answers are on screen (so the absence below is not just "not loaded yet").
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('loaded'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says secrets last only until quit, and why, when the keychain is unavailable', async () => {
    const bridge = createFakeBridge({ app: { info: async () => SESSION_INFO } });
    renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toBe(
      'Secrets are kept in memory only until you quit: the OS keychain is not available (no Secret Service on the session bus).',
    );
  });

  it('names the problem with the settings file', async () => {
    const message = 'settings.json could not be read; it was kept as settings.json.corrupt-1700000000000';
    const bridge = createFakeBridge({
      settings: {
        get: async () => ({
          settings: defaultSettings(),
          loadProblem: { message, backupPath: '/data/settings.json.corrupt-1700000000000' },
        }),
      },
    });
    renderWithApp(<Banners />, { bridge });

    expect((await screen.findByTestId('settings-problem-banner')).textContent).toBe(message);
  });

  it('shows why the sandbox did not start', async () => {
    const bridge = createFakeBridge({
      app: {
        info: async () => ({
          ...FAKE_APP_INFO,
          sandbox: { running: false, baseUrl: null, error: 'The sandbox could not listen on 127.0.0.1: EADDRINUSE' },
        }),
      },
    });
    renderWithApp(<Banners />, { bridge });

    expect((await screen.findByRole('status')).textContent).toBe(
      'The sandbox could not listen on 127.0.0.1: EADDRINUSE',
    );
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();
  });

  it('notices within seconds when the keychain goes away mid-session, and re-reads what Settings shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let info: AppInfo = FAKE_APP_INFO;
    const bridge = createFakeBridge({ app: { info: async () => info } });
    function SecretStatusProbe() {
      const status = useSecretStatus('acme').data;
      return <span data-testid="probe">{status ? 'loaded' : '…'}</span>;
    }
    renderWithApp(
      <>
        <Banners />
        <SecretStatusProbe />
      </>,
      { bridge },
    );
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('loaded'));
    expect(bridge.secrets.status).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();

    info = SESSION_INFO;
    await act(() => vi.advanceTimersByTimeAsync(5_000));

    expect(await screen.findByTestId('session-secrets-banner')).toBeTruthy();
    await vi.waitFor(() => expect(bridge.secrets.status).toHaveBeenCalledTimes(2));
  });
});
