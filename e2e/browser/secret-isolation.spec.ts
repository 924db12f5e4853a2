// Proof that secrets stay in main: a secret saved through the bridge is used by main for a real
// call, and the secret string appears nowhere the renderer can see, nor in any file the app wrote.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rendererVisibleText } from '../support/renderer-scan.ts';
import { expect, test } from '../support/web-app.ts';
import { createProfileOnSandbox } from './profile-support.ts';

async function allFilesText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
  );
  return texts.join('\n');
}

for (const chainAuth of ['apiKey', 'partnerBearer'] as const) {
  test(`a ${chainAuth} saved through the bridge is used by main and never reaches the renderer or disk`, async ({
    app,
    page,
  }) => {
    const secret = chainAuth === 'apiKey' ? app.sandbox.apiKey : app.sandbox.partnerToken;
    const kind = chainAuth === 'apiKey' ? 'apiKey' : 'partnerToken';
    await app.open(page);
    await createProfileOnSandbox(page, app, { chainAuth });

    const row = page.getByTestId(`secret-${kind}`);
    await expect(page.getByTestId(`secret-${kind}-status`)).toHaveText('not set');
    await row.getByRole('textbox').or(row.locator('input')).first().fill(secret);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId(`secret-${kind}-status`)).toHaveText(
      `saved in keychain · ends in ${secret.slice(-4)}`,
    );
    await expect(row.locator('input')).toHaveValue('');

    // Main uses it: the chain listing of the new profile answers (the sandbox checks the key).
    await page.getByRole('listitem').filter({ hasText: 'Staging' }).getByRole('button', { name: 'Use' }).click();
    await expect(page.getByTestId('active-profile')).toHaveText('Staging');
    await page.getByRole('button', { name: 'Chains', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Chains' })).toContainText('polygon');

    // ...and the renderer never saw it after it was sent, nor did any file the app wrote.
    const seen = await rendererVisibleText(page);
    expect(seen).toContain('polygon'); // the scan reads the page...
    // ...and the query cache: fetchedAt is kept there as ISO text but shown only as a local time.
    expect(seen).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(seen).not.toContain(secret);
    const files = await allFilesText(app.userDataDir);
    expect(files).toContain('Staging'); // the settings file was written and read
    expect(files).not.toContain(secret);
    expect(app.log()).not.toContain(secret);
  });
}

test("a wrong key is refused by the service and the server's message is shown", async ({ app, page }) => {
  await app.open(page);
  await createProfileOnSandbox(page, app, { chainAuth: 'apiKey' });
  const row = page.getByTestId('secret-apiKey');
  await row.locator('input').fill('sbx_key_this-one-is-wrong');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-apiKey-status')).toContainText('ends in rong');
  await page.getByRole('listitem').filter({ hasText: 'Staging' }).getByRole('button', { name: 'Use' }).click();
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('[unauthorized] Chain listing: HTTP 401 — invalid apiKey header');
});
