// No session bus to reach a keychain (D-Bus unreachable): the banner names that cause, on the
// sandbox profile (no secret at stake) in one line with the advice and the system's text behind
// Details, and Dismiss hides it for this profile until its cause changes: across a reload and a
// restart (it came back after each reload).
import { expect, test } from '../support/web-app.ts';

test.use({ appOptions: { env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } } });

test('the keychain banner: the actual cause in one line on the sandbox profile, details on demand, dismissed until its cause changes', async ({
  app,
  page,
}) => {
  await app.open(page);
  const banner = page.getByTestId('session-secrets-banner');
  await expect(banner).toContainText(
    'Secrets are kept only until you quit: no D-Bus session bus. The sandbox profile needs none.',
  );
  // Not the advice for another cause, and no advice at all until asked for.
  await expect(banner).not.toContainText('GNOME Keyring (Debian');
  await expect(banner).not.toContainText('dbus-run-session');
  // One line: as tall as its buttons and padding, not a paragraph (it was ~100 px on every screen).
  const box = await banner.boundingBox();
  expect(box?.height).toBeLessThan(44);
  const details = banner.getByRole('button', { name: 'Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(banner.getByTestId('session-secrets-reason')).toHaveCount(0);
  await details.click();
  await expect(banner).toContainText('there is no D-Bus session bus, so no keychain can be reached.');
  await expect(banner).toContainText('dbus-run-session -- npm start');
  await expect(banner.getByTestId('session-secrets-reason')).toContainText('Could not connect');

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  // Dismissed for the session: other screens do not bring it back...
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(
    page.getByText('The OS keychain is unavailable: secrets are kept in memory until you quit.'),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);

  // ...nor a reload, nor a restart: the cause is the same. (Settings saying where secrets are is
  // the sign the app knows the keychain's state, so the banner's absence is not "not loaded yet".)
  const knowsTheKeychain = async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(
      page.getByText('The OS keychain is unavailable: secrets are kept in memory until you quit.'),
    ).toBeVisible();
  };
  await app.open(page);
  await knowsTheKeychain();
  await expect(banner).toHaveCount(0);
  await app.stopServer();
  await app.startServer();
  await app.open(page);
  await knowsTheKeychain();
  await expect(banner).toHaveCount(0);
});
