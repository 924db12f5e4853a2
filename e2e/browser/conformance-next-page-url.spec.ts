// nextPageUrl in the forms another service may give (spec 2.2 and rule 7, its form not shown):
// left out on the last page instead of null, a relative reference, another origin. The Transfers
// screen pages through the first two as with an absolute URL, and never follows the third.
import { expect, test, type WebApp } from '../support/web-app.ts';
import { armVariation, variedRequests } from './conformance-support.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000, faults: true } });

/** A party with a few pages of 25 (26 to 150 legs), and its legs. */
async function partyOfFewPages(app: WebApp): Promise<{ party: string; legs: number }> {
  for (const candidate of app.sandbox.parties) {
    const legs = (await fetchLegsOverHttp(app, candidate)).legs.length;
    if (legs > 25 && legs <= 150) return { party: candidate, legs };
  }
  throw new Error('no sandbox party with 26 to 150 legs');
}

test('the last page without a nextPageUrl key is shown, with no Next', async ({ app, page }) => {
  // The last page comes without the key.
  const { party, legs } = await partyOfFewPages(app);
  const pages = Math.ceil(legs / 25);
  const onLastPage = legs - 25 * (pages - 1);
  await armVariation(app, 'ledger', ['omit-next-page-url'], { match: '/tokenTransfers' });

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  for (let n = 2; n <= pages; n++) {
    await page.getByRole('button', { name: 'Next page →' }).click();
    await expectPage(page, n);
  }
  await expect(page.getByTestId('page-status')).toHaveText(
    `Page ${pages} · ${onLastPage} ${onLastPage === 1 ? 'leg' : 'legs'} · last page`,
  );
  await expect(page.getByTestId('row-count')).toHaveText(`${onLastPage} rows`);
  await expect(legRows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page →' })).toBeDisabled();
  await expect(page.getByTestId('transfer-problem')).toHaveCount(0);
  await expect(page.getByText('cannot read')).toHaveCount(0);

  // The screen met the variation: the last page came without the key.
  const varied = (await variedRequests(app)).filter((r) => r.path.endsWith('/tokenTransfers'));
  expect(varied.length).toBeGreaterThanOrEqual(pages);
  expect(varied.every((r) => r.status === 200 && r.variations.includes('omit-next-page-url'))).toBe(true);
});

test('a relative nextPageUrl ("tokenTransfers?…") is followed to the last page', async ({ app, page }) => {
  const { party, legs } = await partyOfFewPages(app);
  const pages = Math.ceil(legs / 25);
  await armVariation(app, 'ledger', ['next-page-url-relative-path', 'verbatim-cursor'], { match: '/tokenTransfers' });

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  for (let n = 2; n <= pages; n++) {
    await page.getByRole('button', { name: 'Next page →' }).click();
    await expectPage(page, n);
  }
  await expect(page.getByTestId('page-status')).toContainText('last page');
  await expect(page.getByTestId('transfer-problem')).toHaveCount(0);
  const varied = (await variedRequests(app)).filter((r) => r.path.endsWith('/tokenTransfers'));
  expect(varied.length).toBeGreaterThanOrEqual(pages);
  expect(varied.every((r) => r.status === 200)).toBe(true);
});

test('a nextPageUrl at another origin: page 1 is shown, Next says where it pointed, nothing is sent there', async ({
  app,
  page,
}) => {
  const { party } = await partyOfFewPages(app);
  await armVariation(app, 'ledger', ['next-page-url-other-origin'], { match: '/tokenTransfers' });

  await app.open(page);
  await showParty(page, party);
  await expectPage(page, 1);
  await expect(legRows(page).first()).toBeVisible();
  const before = (await variedRequests(app)).length;
  await page.getByRole('button', { name: 'Next page →' }).click();
  const problem = page.getByTestId('transfer-problem');
  await expect(problem).toContainText('The next page is on another server: not followed, the JWT stays here.');
  const base = new URL(app.sandbox.baseUrl);
  const other = `http://${base.hostname === 'localhost' ? '127.0.0.1' : 'localhost'}:${base.port}`;
  await expect(problem).toContainText(`another origin (${other})`);
  // The other origin is this sandbox under another name: a request sent there would be in its log.
  expect((await variedRequests(app)).length).toBe(before);
});
