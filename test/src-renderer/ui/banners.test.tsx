// The notices every screen carries: secrets only in memory (in plain words, what to do, the system's
// own text on demand, dismissable for the session; shown again should the keychain go away
// mid-session), a settings file that could not be used, a sandbox that did not start.
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../../src-main/services/settings/default-settings.ts';
import { useAppInfo } from '../../../src-renderer/data/app.ts';
import { useSecretStatus } from '../../../src-renderer/data/secrets.ts';
import { useSettings } from '../../../src-renderer/data/settings.ts';
import { Banners } from '../../../src-renderer/ui/banners.tsx';
import type { AppInfo } from '../../../src-shared/contract/schemas.ts';
import { acmeProfile, acmeProfileInput } from '../../fixtures/acme-profile.ts';
import { createFakeBridge, FAKE_APP_INFO } from '../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../support/render-with-app.tsx';

const SESSION_INFO: AppInfo = {
  ...FAKE_APP_INFO,
  secretStorage: { backend: 'session', reason: 'no Secret Service on the session bus', cause: 'no-secret-service' },
};

const HEADLINE = 'Secrets you save are kept only until you quit: this system has no keychain service running.';

/** A remote profile active: its secrets are at stake, so the banner says what to do in full. */
const onRemoteProfile = {
  get: async () => {
    const settings = defaultSettings();
    return {
      settings: { ...settings, profiles: [...settings.profiles, acmeProfile()], activeProfileId: 'acme' },
      loadProblem: null,
    };
  },
};

afterEach(() => {
  vi.useRealTimers();
});

/** "loaded" once both answers the banners read are on screen (so an absence is not "not loaded yet"). */
function LoadedProbe() {
  const info = useAppInfo().data;
  const settings = useSettings().data;
  return <span data-testid="probe">{info && settings ? 'loaded' : '…'}</span>;
}

describe('Banners', () => {
  it('shows nothing when the keychain works, the settings loaded and the sandbox runs', async () => {
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

  it('says secrets last only until quit, and why, in plain words, with the system text only on demand', async () => {
    const bridge = createFakeBridge({ app: { info: async () => SESSION_INFO }, settings: onRemoteProfile });
    const { user } = renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(within(banner).getByText(HEADLINE)).toBeTruthy();
    expect(banner.textContent).toContain(
      'Install and start a Secret Service such as GNOME Keyring (Debian/Ubuntu: gnome-keyring, libsecret-1-0)',
    );
    // The technical reason waits behind Details.
    expect(banner.textContent).not.toContain('no Secret Service on the session bus');
    const details = within(banner).getByRole('button', { name: 'Details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');

    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(within(banner).getByTestId('session-secrets-reason').textContent).toBe(
      'no Secret Service on the session bus',
    );
    await user.click(details);
    expect(within(banner).queryByTestId('session-secrets-reason')).toBeNull();
  });

  it.each([
    ['darwin', 'macOS Keychain'],
    ['win32', 'Windows Credential Manager'],
    ['freebsd', "Start your system's keychain service"],
  ])("on %s, says what to check in that system's words, not the Linux packages", async (platform, advice) => {
    const bridge = createFakeBridge({
      app: { info: async () => ({ ...SESSION_INFO, platform }) },
      settings: onRemoteProfile,
    });
    renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    expect(within(banner).getByText(HEADLINE)).toBeTruthy();
    expect(banner.textContent).toContain(advice);
    expect(banner.textContent).not.toContain('gnome-keyring');
  });

  it('keytar missing (not the keychain service): says the module is not installed and which packages get it', async () => {
    const reason =
      "keytar, the module that reaches the OS keychain, is not installed (Cannot find package 'keytar' imported from /app/out/main/index.js)";
    const bridge = createFakeBridge({
      app: {
        info: async () => ({
          ...SESSION_INFO,
          secretStorage: { backend: 'session', reason, cause: 'keytar-not-loaded' },
        }),
      },
      settings: onRemoteProfile,
    });
    const { user } = renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    expect(
      within(banner).getByText(
        "Secrets you save are kept only until you quit: Ledger Explorer's keychain module (keytar) is not installed.",
      ),
    ).toBeTruthy();
    expect(banner.textContent).not.toContain('no keychain service running');
    expect(banner.textContent).toContain(
      'install libsecret and a Secret Service (Debian/Ubuntu: sudo apt install libsecret-1-dev gnome-keyring; Fedora: sudo dnf install libsecret-devel gnome-keyring), then run npm install again and restart Ledger Explorer.',
    );
    await user.click(within(banner).getByRole('button', { name: 'Details' }));
    expect(within(banner).getByTestId('session-secrets-reason').textContent).toBe(reason);
  });

  it.each<[string, AppInfo['secretStorage'], string, string]>([
    [
      'no session bus',
      { backend: 'session', reason: 'Cannot autolaunch D-Bus without X11 $DISPLAY', cause: 'no-session-bus' },
      'Secrets you save are kept only until you quit: there is no D-Bus session bus, so no keychain can be reached.',
      'Start Ledger Explorer from a desktop session (a terminal inside it), or give it a session bus with a Secret Service running in it: dbus-run-session -- npm start, with GNOME Keyring unlocked there.',
    ],
    [
      'a locked keychain',
      {
        backend: 'session',
        reason: 'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
        cause: 'locked',
      },
      'Secrets you save are kept only until you quit: the keychain is locked.',
      'Unlock your login keyring (log out and in again, or unlock "Login" in Passwords and Keys), then restart Ledger Explorer.',
    ],
    [
      'a cause that cannot be told',
      { backend: 'session', reason: 'the OS keychain did not answer within 5 s' },
      'Secrets you save are kept only until you quit: the OS keychain could not be used.',
      'Install and start a Secret Service such as GNOME Keyring',
    ],
  ])(
    'names the actual cause (%s) and the one thing to do, not "install GNOME Keyring" for all',
    async (_c, secretStorage, headline, advice) => {
      const bridge = createFakeBridge({
        app: { info: async () => ({ ...SESSION_INFO, secretStorage }) },
        settings: onRemoteProfile,
      });
      renderWithApp(<Banners />, { bridge });
      const banner = await screen.findByTestId('session-secrets-banner');
      expect(within(banner).getByText(headline)).toBeTruthy();
      expect(banner.textContent).toContain(advice);
      if (secretStorage.cause) expect(banner.textContent).not.toContain('such as GNOME Keyring (Debian');
    },
  );

  it('on the sandbox profile (no secret at stake) it is one line: the cause, the advice behind Details', async () => {
    const secretStorage: AppInfo['secretStorage'] = {
      backend: 'session',
      reason: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
      cause: 'no-session-bus',
    };
    const bridge = createFakeBridge({ app: { info: async () => ({ ...SESSION_INFO, secretStorage }) } });
    const { user } = renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    expect(banner.className).toContain('keychain-banner-line');
    expect(banner.querySelectorAll('p')).toHaveLength(1);
    expect(banner.textContent).toBe(
      'Secrets are kept only until you quit: no D-Bus session bus. The sandbox profile needs none.DetailsDismiss',
    );
    await user.click(within(banner).getByRole('button', { name: 'Details' }));
    expect(banner.textContent).toContain(
      'Secrets you save are kept only until you quit: there is no D-Bus session bus, so no keychain can be reached.',
    );
    expect(banner.textContent).toContain('dbus-run-session -- npm start');
    expect(within(banner).getByTestId('session-secrets-reason').textContent).toBe(
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
    );
  });

  it('Dismiss hides it for the session, and it comes back when the reason changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let info: AppInfo = SESSION_INFO;
    const bridge = createFakeBridge({ app: { info: async () => info } });
    const { user } = renderWithApp(<Banners />, { bridge });

    const banner = await screen.findByTestId('session-secrets-banner');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();

    // The next polls bring the same reason: it stays hidden.
    const polls = vi.mocked(bridge.app.info).mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await vi.waitFor(() => expect(vi.mocked(bridge.app.info).mock.calls.length).toBeGreaterThan(polls));
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();

    // A new reason (the keychain went away later) is news: shown again.
    info = {
      ...SESSION_INFO,
      secretStorage: { backend: 'session', reason: 'the OS keychain went away while the app was running (locked)' },
    };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const again = await screen.findByTestId('session-secrets-banner');
    await user.click(within(again).getByRole('button', { name: 'Details' }));
    expect(within(again).getByTestId('session-secrets-reason').textContent).toBe(
      'the OS keychain went away while the app was running (locked)',
    );
  });

  it('a dismissal is remembered per profile across a reload (it came back after each), and not for another profile', async () => {
    const bridge = createFakeBridge({ app: { info: async () => SESSION_INFO } });
    const first = renderWithApp(<Banners />, { bridge });
    await first.user.click(
      within(await screen.findByTestId('session-secrets-banner')).getByRole('button', { name: 'Dismiss' }),
    );
    await vi.waitFor(() => expect(bridge.settings.savePreferences).toHaveBeenCalled());
    first.unmount();

    // A reload: a new page over the same main. Once it knows the keychain's state, still nothing.
    const again = renderWithApp(
      <>
        <Banners />
        <LoadedProbe />
      </>,
      { bridge },
    );
    await vi.waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('loaded'));
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();
    again.unmount();

    // Another profile has its own secrets at stake: shown there.
    await bridge.settings.saveProfile(acmeProfileInput());
    await bridge.settings.setActiveProfile('acme');
    renderWithApp(<Banners />, { bridge });
    expect(within(await screen.findByTestId('session-secrets-banner')).getByText(HEADLINE)).toBeTruthy();
  });

  it('a dismissed banner comes back if the keychain returns and then goes away again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let info: AppInfo = SESSION_INFO;
    const bridge = createFakeBridge({ app: { info: async () => info } });
    const { user } = renderWithApp(<Banners />, { bridge });

    await user.click(
      within(await screen.findByTestId('session-secrets-banner')).getByRole('button', { name: 'Dismiss' }),
    );
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();

    info = FAKE_APP_INFO;
    const polls = vi.mocked(bridge.app.info).mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await vi.waitFor(() => expect(vi.mocked(bridge.app.info).mock.calls.length).toBeGreaterThan(polls));
    expect(screen.queryByTestId('session-secrets-banner')).toBeNull();

    info = SESSION_INFO;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByTestId('session-secrets-banner')).toBeTruthy();
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
