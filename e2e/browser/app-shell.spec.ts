import { expect, test } from '../support/web-app.ts';

test('opens on the local sandbox network with the five sections, reachable by keyboard', async ({ app, page }) => {
  await app.open(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const name of ['Transfers', 'Local ledger', 'Chains', 'RPC console', 'Settings']) {
    await expect(nav.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox network');
  await expect(page.getByRole('heading', { name: 'Transfers' })).toBeVisible();

  // Keyboard only: focus the Chains entry and press Enter.
  await nav.getByRole('button', { name: 'Transfers', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'Local ledger', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'Chains', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Chains' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Chains', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('lists the sandbox chains with no account: main calls the chain listing with the built-in key', async ({
  app,
  page,
}) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  const table = page.getByRole('table', { name: 'Chains' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('ethereum');
  await expect(table).toContainText('chainId: 31338');
  await expect(page.getByText(`3 chains from ${app.sandbox.translateUrl}/evm/chains`)).toBeVisible();
});

test('keeps secrets in the OS keychain when one is available, with no warning', async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByText('Stored in the OS keychain.')).toBeVisible();
  await expect(page.getByTestId('session-secrets-banner')).toHaveCount(0);
});

test.describe('without a Secret Service', () => {
  test.use({ appOptions: { env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } } });

  test('warns on every screen that secrets last only until quit', async ({ app, page }) => {
    await app.open(page);
    const banner = page.getByTestId('session-secrets-banner');
    await expect(banner).toContainText('Secrets are kept only until you quit');
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
    await expect(banner).toBeVisible();
  });
});

test.describe('with a corrupt settings file', () => {
  test.use({
    appOptions: {
      prepare: async (dir) => {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(`${dir}/settings.json`, '{"version": 1, "profiles": [tru');
      },
    },
  });

  test('starts on defaults, keeps the bad file as a backup and says where', async ({ app, page }) => {
    await app.open(page);
    const banner = page.getByTestId('settings-problem-banner');
    await expect(banner).toContainText('The settings file was not usable (not valid JSON');
    await expect(banner).toContainText(`${app.userDataDir}/settings.json.corrupt-`);
    await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox network');
  });
});

test('switches between light and dark and remembers the choice', async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Open the app again (a restart of the renderer): the choice comes back from the settings file.
  await app.open(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
});
