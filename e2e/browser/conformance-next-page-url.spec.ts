// A service that leaves out the nullable nextPageUrl on its last page (spec 2.2) instead of
// sending null: the Transfers screen shows that page and offers no Next, exactly as with null.
import { expect, test } from '../support/web-app.ts';
import { armVariation, variedRequests } from './conformance-support.ts';
import { expectPage, fetchLegsOverHttp, legRows, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000, faults: true } });

test('the last page without a nextPageUrl key is shown, with no Next', async ({ app, page }) => {
  // A party with a few pages of 25: the last one comes without the key.
  let party: string | null = null;
  let legs = 0;
  for (const candidate of app.sandbox.parties) {
    legs = (await fetchLegsOverHttp(app, candidate)).legs.length;
    if (legs > 25 && legs <= 150) {
      party = candidate;
      break;
    }
  }
  if (!party) throw new Error('no sandbox party with 26 to 150 legs');
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
