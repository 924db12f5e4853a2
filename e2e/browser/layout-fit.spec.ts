// Issue 37, item 16, in a 1280x800 window: the RPC console's collection file input stays inside its
// panel, and in the Local ledger's filters "Amount at most" sits beside "Amount at least", not on a
// line of its own. (The portfolio members' boxes are the Local ledger header's: scope/.)
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { openConsole } from './rpc-support.ts';

test.use({ appOptions: { transfers: 600 } });

/** `inner`'s box against `outer`'s: how far it sticks out on the left and on the right (px). */
async function overhang(inner: Locator, outer: Locator): Promise<{ left: number; right: number }> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) throw new Error('not laid out');
  return { left: Math.max(0, b.x - a.x), right: Math.max(0, a.x + a.width - (b.x + b.width)) };
}

test('the collection file input stays inside its panel', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  const panel = page.getByRole('region', { name: 'Collections' });
  const input = panel.getByLabel(/Import a collection/);
  await expect(input).toBeVisible();
  expect(await overhang(input, panel)).toEqual({ left: 0, right: 0 });
});

test('the local filters keep Amount at least and Amount at most on one line', async ({ app, page }) => {
  await app.open(page);
  await openLocalParty(page, app.sandbox.parties[0]);
  await syncToDone(page);
  const filters = page.getByRole('form', { name: 'Local filters' });
  // The boxes of choices come with the facets and move the fields below them: measured after.
  await expect(filters.getByRole('group', { name: 'Status' })).toBeVisible();
  const tops = await filters.evaluate((form) =>
    ['Amount at least', 'Amount at most'].map((label) => {
      const input = Array.from(form.querySelectorAll('label'))
        .find((l) => l.textContent === label)
        ?.control?.getBoundingClientRect();
      return input ? Math.round(input.top) : null;
    }),
  );
  expect(tops[0]).not.toBeNull();
  expect(tops[1], 'both bounds on one line').toBe(tops[0]);
  expect(await overhang(filters.getByLabel('Amount at most'), filters)).toEqual({ left: 0, right: 0 });
});
