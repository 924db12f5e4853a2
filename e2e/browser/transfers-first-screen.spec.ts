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
  // The first action on the screen: above the form, not under it.
  const sample = page.getByRole('button', { name: 'Try a sample party' });
  const [sampleBox, partyBox] = [await sample.boundingBox(), await page.getByLabel('Party id').boundingBox()];
  expect(sampleBox?.y).toBeLessThan(partyBox?.y ?? 0);

  await sample.click();

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

test('after the first query the filters fold into one line: on 1280x800 the first row starts in the upper half', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(page, 1);

  const bar = page.getByTestId('filter-bar');
  await expect(bar).toContainText('all assets');
  await expect(page.getByRole('form', { name: 'Transfer filters' })).toBeHidden();
  const box = await legRows(page).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box?.y).toBeLessThan(400);

  // Enter on the bar unfolds the form, the party that ran in it.
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Transfer filters' })).toBeVisible();
  expect(app.sandbox.parties).toContain(await page.getByLabel('Party id').inputValue());
});
