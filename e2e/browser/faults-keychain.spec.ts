// The keychain disappears while the app is open: the app (main's services with the real keytar,
// on a private D-Bus session with its own gnome-keyring) keeps working, and a banner appears that
// says secrets now live in memory until quit. The shared keyring of the other tests is untouched.
import { type PrivateKeyring, startPrivateKeyring } from '../../test/faults/private-keyring.ts';
import { expect, startWebApp, test, type WebApp } from '../support/web-app.ts';
import { expectPage, legRows, showParty } from './transfers-support.ts';

let keyring: PrivateKeyring;
let app: (WebApp & { stop(): Promise<void> }) | undefined;

test.beforeEach(async () => {
  keyring = await startPrivateKeyring();
  app = await startWebApp({ env: keyring.env, transfers: 2000 });
});
test.afterEach(async () => {
  await app?.stop();
  await keyring.stop();
});

test('the Secret Service stops mid-session: the app keeps working on the session store, and says so', async ({
  page,
}) => {
  const web = app as WebApp;
  await web.open(page);
  const banner = page.getByTestId('session-secrets-banner');
  await expect(banner).toHaveCount(0);

  // Settings: a key the user saves goes to the keychain.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('secret-apiKey');
  await row.locator('input').fill(web.sandbox.apiKey);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toContainText('saved in keychain');

  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await showParty(page, web.sandbox.parties[0]);
  await expectPage(page, 1);

  await keyring.stopKeyring();

  // The banner appears by itself (no call has to fail for it) and says what happened: in plain
  // words, and the system's own account under Details.
  await expect(banner).toContainText('Secrets are kept only until you quit: no keychain service running.', {
    timeout: 20_000,
  });
  await banner.getByRole('button', { name: 'Details' }).click();
  await expect(banner.getByTestId('session-secrets-reason')).toHaveText(
    /^the OS keychain went away while the app was running \(the OS keychain refused a read: .+\); secrets saved from now on are kept only until you quit$/,
  );

  // Transfers still page (the sandbox's built-in JWT)...
  await page.getByRole('button', { name: 'Next page →' }).click();
  await expectPage(page, 2);
  await expect(legRows(page).first()).toBeVisible();
  // ...the chain listing still uses the key the user saved (now from memory)...
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // ...and Settings tells the same story.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toContainText('saved for this session');
  await expect(
    page.getByText('The OS keychain is unavailable: secrets are kept in memory until you quit.'),
  ).toBeVisible();
  await expect(banner).toBeVisible();
});
