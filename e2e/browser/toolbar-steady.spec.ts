// The transfers view's toolbar stays where it is while its actions report: "Link copied" floats
// under its button and a saved report's path takes a line of its own, so a second click aimed at
// "Compare nodes" or "Save case report" lands on it.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test.beforeEach(async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
});

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

test('"Link copied" and a saved report path do not move the toolbar', async ({ app, page }) => {
  await app.open(page);
  await showParty(page, app.sandbox.parties[0]);
  await expect(page.getByTestId('page-status')).toHaveText(/^Page 1 · \d+ legs?/);
  const compare = page.getByRole('button', { name: 'Compare nodes' });
  const report = page.getByRole('button', { name: 'Save case report' });
  const before = { compare: await box(compare), report: await box(report) };

  await page.getByRole('button', { name: 'Copy link to this transfers view' }).click();
  const copied = page.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(copied).toBeVisible();
  expect(await box(compare)).toEqual(before.compare);
  expect(await box(report)).toEqual(before.report);

  await report.click();
  const saved = page.getByTestId('case-report-status');
  await expect(saved).toHaveText(/^Report saved to /);
  expect(await box(compare)).toEqual(before.compare);
  expect(await box(report)).toEqual(before.report);
  // Under the buttons, not beside them.
  expect((await box(saved)).y).toBeGreaterThan(before.report.y + before.report.height - 1);
});
