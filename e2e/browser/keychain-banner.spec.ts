// No Secret Service at all (D-Bus unreachable): the banner says so in plain words with what to
// install, keeps the system's text behind Details, and Dismiss hides it for this session only.
import { expect, test } from '../support/web-app.ts';

test.use({ appOptions: { env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } } });

test('the keychain banner: plain words, what to install, details on demand, dismissed until the next start', async ({
  app,
  page,
}) => {
  await app.open(page);
  const banner = page.getByTestId('session-secrets-banner');
  await expect(banner).toContainText(
    'Secrets you save are kept only until you quit: this system has no keychain service running.',
  );
  await expect(banner).toContainText(
    'Install and start a Secret Service such as GNOME Keyring (Debian/Ubuntu: gnome-keyring, libsecret-1-0)',
  );
  const details = banner.getByRole('button', { name: 'Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(banner.getByTestId('session-secrets-reason')).toHaveCount(0);
  await details.click();
  await expect(banner.getByTestId('session-secrets-reason')).not.toBeEmpty();

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

  // ...the next start does.
  await app.open(page);
  await expect(banner).toContainText('Secrets you save are kept only until you quit');
});
