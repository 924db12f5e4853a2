// Issue 37, item 16, in a 1280x800 window: the RPC console's collection file input stays inside its
// panel, and in the Local ledger's filters "Amount at most" sits beside "Amount at least", not on a
// line of its own. (The portfolio members' boxes are the Local ledger header's: scope/.)
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { localLayoutSettled, openLocalParty, syncToDone } from './local-support.ts';
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
  // The boxes of choices come with the facets and move the fields below them, and the table's
  // count comes after: measured once all are drawn, and read until the layout holds (one read made
  // once measured the two bounds 97 px apart).
  await localLayoutSettled(page);
  const tops = () =>
    filters.evaluate((form) =>
      ['Amount at least', 'Amount at most'].map((label) => {
        const input = Array.from(form.querySelectorAll('label'))
          .find((l) => l.textContent === label)
          ?.control?.getBoundingClientRect();
        return input ? Math.round(input.top) : null;
      }),
    );
  // How far below Amount at least the top of Amount at most sits (px): 0 on one line.
  await expect
    .poll(async () => {
      const [least, most] = await tops();
      return least === null || most === null ? 'not laid out' : most - least;
    }, 'both bounds on one line')
    .toBe(0);
  await expect.poll(() => overhang(filters.getByLabel('Amount at most'), filters)).toEqual({ left: 0, right: 0 });
});
