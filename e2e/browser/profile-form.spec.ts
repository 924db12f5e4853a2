import { readdir } from 'node:fs/promises';
import { expect, test } from '../support/web-app.ts';

test('bad profile input gets a message at the field and nothing is saved', async ({ app, page }) => {
  await app.open(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'New profile…' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Ledger-data base URL').fill('file:///etc/passwd');
  await form.getByLabel('Chain listing URL').fill('https://admin:hunter2@translate.example.com');
  await form.getByLabel('Marketplace-partner URL').fill('not a url');
  await form.getByLabel('Node access URL').fill('https://rpc.example.com/?apiKey=1');
  await form.getByRole('button', { name: 'Create profile' }).click();

  const fieldError = (label: string) =>
    form
      .locator('.field')
      .filter({ has: page.getByText(label, { exact: true }) })
      .getByRole('alert');
  await expect(fieldError('Name')).toHaveText('required');
  await expect(fieldError('Ledger-data base URL (base_url)')).toHaveText('only http and https are allowed, not file:');
  await expect(fieldError('Chain listing URL (translate_url)')).toContainText('remove the user name/password');
  await expect(fieldError('Marketplace-partner URL (partner_url)')).toContainText('not a URL');
  await expect(fieldError('Node access URL (rpc_url)')).toHaveText('a base URL cannot carry a query or fragment');
  // Nothing saved: the folder holds only the browser version's own address and lock (web-shell.*).
  expect(await appFiles(app.userDataDir)).toEqual([]);

  // Trailing spaces and slashes are forgiven; the profile saves.
  await form.getByLabel('Name', { exact: true }).fill('Production');
  await form.getByLabel('Ledger-data base URL').fill('  https://ledger.example.com/  ');
  await form.getByLabel('Chain listing URL').fill('https://translate.example.com');
  await form.getByLabel('Marketplace-partner URL').fill('https://partner.example.com');
  await form.getByLabel('Node access URL').fill('https://rpc.example.com');
  await form.getByRole('button', { name: 'Create profile' }).click();
  const saved = page.getByRole('region', { name: 'Profile Production' });
  await expect(saved.getByLabel('Ledger-data base URL')).toHaveValue('https://ledger.example.com');
  expect(await appFiles(app.userDataDir)).toEqual(['settings.json']);
});

/** What the app wrote in its user-data folder, beside the browser version's own address and lock. */
async function appFiles(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => !name.startsWith('web-shell.')).sort();
}
