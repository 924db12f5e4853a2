// Counterparty drill-down: the same filters for the other party, Back to exactly where the user
// was, and a plain 403 message when the token cannot read the counterparty.
import type { Page } from '@playwright/test';
import { shortenParty } from '../../src-renderer/ui/party-format.ts';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { expectPage, fetchPageOverHttp, legRows, openFilters, showParty } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

const DAML_CLAIM = 'https://daml.com/ledger-api';

/** A sandbox party whose own token lists it in custom claims (readAs), not through an audience. */
function claimsToken(app: WebApp): { party: string; token: string } {
  for (const party of app.sandbox.parties) {
    const token = app.sandbox.tokens.byParty[party];
    if (!token) continue;
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    if (payload[DAML_CLAIM]?.readAs?.includes(party)) return { party, token };
  }
  throw new Error('no claims-form token in the sandbox');
}

async function setLedgerJwt(page: Page, token: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  const row = page.getByTestId('secret-ledgerJwt');
  await row.getByLabel('Ledger JWT (transfers)').fill(token);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-ledgerJwt-status')).toContainText(token.slice(-4));
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Transfers' }).click();
}

test('a counterparty opens with the same filters, and Back returns to the same party, page and cursors', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  await app.open(page);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await showParty(page, party);
  await expectPage(page, 1);
  await page.getByRole('button', { name: 'Next page →' }).click();
  await expectPage(page, 2);
  const page2Rows = await legRows(page).allInnerTexts();

  const counterpartyButton = legRows(page).first().locator('button.link-button');
  const counterparty = (await counterpartyButton.getAttribute('title'))?.replace('Show the transfers of ', '') ?? '';
  const theirs = await fetchPageOverHttp(app, counterparty, { pageSize: '25', assetKind: 'ledger_coin' });
  await counterpartyButton.click();

  await expect(page.getByRole('heading', { name: /^Transfers of / })).toContainText(shortenParty(counterparty));
  await expectPage(page, 1);
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(counterparty);
  await expect(page.getByRole('radio', { name: 'Canton Coin' })).toBeChecked();
  await expect(legRows(page).first().locator('td[data-column="updateId"] .mono')).toHaveAttribute(
    'title',
    theirs.transfers[0].updateId as string,
  );
  const totals = page.getByRole('table', { name: 'Totals per instrument' }).locator('tbody tr');
  await expect(totals).toHaveCount(1);
  await expect(totals.first()).toContainText('CC');

  await page.getByRole('button', { name: `← Back to ${shortenParty(party)}` }).click();
  await expectPage(page, 2);
  await expect(page.getByLabel('Party id')).toHaveValue(party);
  expect(await legRows(page).allInnerTexts()).toEqual(page2Rows);
  await expect(page.getByRole('navigation', { name: 'Drill-down' })).toHaveCount(0);
  // The cursor history came back too.
  await page.getByRole('button', { name: '← Previous page' }).click();
  await expectPage(page, 1);
});

test('with a token for one party: its parties are offered, a counterparty it cannot read says so (403), Back works', async ({
  app,
  page,
}) => {
  const { party, token } = claimsToken(app);
  await app.open(page);
  await setLedgerJwt(page, token);

  const tokenParties = page.getByRole('list', { name: 'Parties in the ledger JWT' });
  await expect(tokenParties).toContainText(shortenParty(party));
  await expect(tokenParties).toContainText('readAs');
  await page.getByRole('button', { name: `Use ${party} (readAs)` }).click();
  await expect(page.getByLabel('Party id')).toHaveValue(party);
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expectPage(page, 1);

  const counterpartyButton = legRows(page)
    .locator('button.link-button')
    .filter({ hasNotText: shortenParty(party) })
    .first();
  const counterparty = (await counterpartyButton.getAttribute('title'))?.replace('Show the transfers of ', '') ?? '';
  await counterpartyButton.click();
  const problem = page.getByTestId('transfer-problem');
  await expect(problem).toContainText(`This token cannot read ${shortenParty(counterparty)}.`);
  await expect(problem).toContainText('[forbidden]');
  await expect(problem).toContainText('HTTP 403');

  await page.getByRole('button', { name: `← Back to ${shortenParty(party)}` }).click();
  await expectPage(page, 1);
  await expect(page.getByTestId('transfer-problem')).toHaveCount(0);
});
