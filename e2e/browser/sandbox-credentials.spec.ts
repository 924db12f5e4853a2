// The sandbox profile's built-in credentials can be seen in Settings when asked for (they protect
// nothing, and curl or Postman against the sandbox needs them); nothing fetches them before that,
// and a secret the user saved is never shown, whatever the page asks main.
import { rendererVisibleText } from '../support/renderer-scan.ts';
import { expect, test } from '../support/web-app.ts';
import { createProfileOnSandbox } from './profile-support.ts';

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

test("Settings shows the sandbox's API key on request, copies it and hides it again", async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('secret-apiKey');
  await expect(page.getByTestId('secret-apiKey-status')).toHaveText('built-in sandbox credential');
  // Not in the page nor the query cache until the user asks.
  expect(await rendererVisibleText(page)).not.toContain(app.sandbox.apiKey);

  await row.getByRole('button', { name: 'Show the built-in value' }).click();
  const value = row.getByRole('textbox', { name: 'Built-in value' });
  await expect(value).toHaveValue(app.sandbox.apiKey);
  // Named by what it is, described by its row: a screen reader says which secret this is.
  await expect(value).toHaveAccessibleDescription('API key (chain listing and node access)');
  await expect(row).toContainText('it protects nothing');
  await row.getByRole('button', { name: 'Copy the built-in value' }).click();
  await expect(row.getByRole('button', { name: 'Copy the built-in value' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(app.sandbox.apiKey);

  await row.getByRole('button', { name: 'Hide' }).click();
  await expect(value).toHaveCount(0);
  // The partner token's row has its own Show, and shows its own value.
  const partner = page.getByTestId('secret-partnerToken');
  await partner.getByRole('button', { name: 'Show the built-in value' }).click();
  await expect(partner.getByRole('textbox', { name: 'Built-in value' })).toHaveValue(app.sandbox.partnerToken);
});

test('a saved secret has no Show, and main refuses to hand it over when asked directly', async ({ app, page }) => {
  const secret = 'my-own-staging-key-7f3a9c2e';
  await app.open(page);
  await createProfileOnSandbox(page, app, { chainAuth: 'apiKey' });
  const row = page.getByTestId('secret-apiKey');
  await row.locator('input').first().fill(secret);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toHaveText(`saved in keychain · ends in ${secret.slice(-4)}`);
  await expect(row.getByRole('button', { name: /^Show/ })).toHaveCount(0);

  const profileId = await page.evaluate(async () => {
    const { settings } = await window.ledger.settings.get();
    return settings.profiles.find((p) => p.name === 'Staging')?.id ?? '';
  });
  const refused = await page.evaluate(
    (id) =>
      window.ledger.secrets.sandboxCredential(id, 'apiKey').then(
        (value) => ({ value, message: null }),
        (error: Error) => ({ value: null, message: error.message }),
      ),
    profileId,
  );
  expect(refused).toEqual({
    value: null,
    message: '"Staging" is not the sandbox profile: a secret you saved never leaves the main process.',
  });
});

test('the sandbox profile with a key the user saved in place of the built-in one shows no Show', async ({
  app,
  page,
}) => {
  const secret = 'my-own-sandbox-key-51d0e8aa';
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('secret-apiKey');
  await row.locator('input').first().fill(secret);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toHaveText(`saved in keychain · ends in ${secret.slice(-4)}`);
  await expect(row.getByRole('button', { name: /^Show/ })).toHaveCount(0);
  const refused = await page.evaluate(() =>
    window.ledger.secrets.sandboxCredential('sandbox', 'apiKey').then(
      () => 'handed over',
      (error: Error) => error.message,
    ),
  );
  expect(refused).toMatch(/^"[^"]+" uses the API key .* you saved, not the built-in one: a secret you saved never/);
  // The other built-in credentials are still the sandbox's, and still shown on request.
  await expect(page.getByTestId('secret-partnerToken').getByRole('button', { name: /^Show/ })).toBeVisible();
});
