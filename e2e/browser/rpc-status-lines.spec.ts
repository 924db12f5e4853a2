// Status lines describe the request they were made for (issue 27): "Copied as …" and "Saved …" go as soon as
// the request changes (the params edited, another mode chosen), instead of staying beside a request they no
// longer describe. The copy note does not fade on its own, so its going here is the edit's doing.
import { SANDBOX_DEPLOYER } from '../../src-shared/abi/sandbox-contracts.ts';
import { expect, test } from '../support/web-app.ts';
import { openConsole, setParams, writeCall } from './rpc-support.ts';

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

test('"Copied as …" and "Saved …" clear when the request they describe changes', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  await writeCall(page, 'eth_getBalance', [SANDBOX_DEPLOYER, 'latest']);

  const copied = page.getByTestId('rpc-curl-status');
  await page.getByRole('combobox', { name: 'Copy as language' }).selectOption({ label: 'JavaScript fetch' });
  await page.getByRole('button', { name: 'Copy as JavaScript fetch' }).click();
  await expect(copied).toContainText('Copied as JavaScript fetch');
  await setParams(page, JSON.stringify([SANDBOX_DEPLOYER, '0x1']));
  await expect(copied).toHaveCount(0);

  // Copied again, then another mode: the note was about the single call.
  await page.getByRole('button', { name: 'Copy as JavaScript fetch' }).click();
  await expect(copied).toContainText('Copied as JavaScript fetch');
  await page.getByRole('radio', { name: 'Batch' }).check();
  await expect(copied).toHaveCount(0);
  await page.getByRole('radio', { name: 'Single call' }).check();

  // Saved into a collection: the note goes when the params change.
  const collections = page.getByRole('region', { name: 'Collections' });
  await collections.getByRole('textbox', { name: 'Name for the request' }).fill('balance');
  await collections.getByRole('button', { name: 'Save request' }).click();
  const saved = collections.getByTestId('rpc-collections-status');
  await expect(saved).toHaveText(/^Saved "balance" into /);
  await setParams(page, JSON.stringify([SANDBOX_DEPLOYER, 'latest']));
  await expect(saved).toHaveCount(0);
});
