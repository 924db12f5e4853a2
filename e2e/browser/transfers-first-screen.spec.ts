// The first screen a new user sees on the sandbox profile: a party to try without typing an id.
import { expect, test } from '../support/web-app.ts';
import { expectPage, legRows } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('a fresh app: "Try a sample party" shows a sandbox party’s transfers without typing an id', async ({
  app,
  page,
}) => {
  await app.open(page);
  await expect(page.getByLabel('Party id')).toHaveValue('');

  await page.getByRole('button', { name: 'Try a sample party' }).click();

  await expectPage(page, 1);
  await expect(legRows(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Transfers of / })).toBeVisible();
  expect(app.sandbox.parties).toContain(await page.getByLabel('Party id').inputValue());
});

test('the sandbox’s parties are offered by name in the party picker', async ({ app, page }) => {
  await app.open(page);
  const picker = page.getByLabel('Sandbox parties');
  await expect(picker.locator('option')).toHaveCount(app.sandbox.parties.length + 1);
  const second = app.sandbox.parties[1];
  await picker.selectOption({ label: await picker.locator(`option[value="${second}"]`).innerText() });
  await expect(page.getByLabel('Party id')).toHaveValue(second);
});
