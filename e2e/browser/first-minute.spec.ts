// A new user's first minute, from a fresh user-data folder, without typing an id by hand: open the
// app, try a sample party, see its legs, narrow them to the ledger coin, then open the RPC console
// and send eth_getBalance from its template (issue 16, "done when").
import { expect, test } from '../support/web-app.ts';
import { answerPane, openConsole, send } from './rpc-support.ts';
import { expectPage, legRows, openFilters } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

test('the first minute: sample party, rows, a filter changed, then eth_getBalance from its template', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);

  // Nothing to type: the sandbox offers a party to try.
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expectPage(page, 1);
  await expect(legRows(page).first()).toBeVisible();
  const party = await page.getByLabel('Party id').inputValue();
  expect(app.sandbox.parties).toContain(party);

  // Change a filter: only the ledger coin. Every leg on screen is then the coin's.
  await openFilters(page);
  await page.getByRole('radio', { name: 'Canton Coin' }).check();
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expect(page.getByTestId('filter-bar')).toContainText('Canton Coin');
  await expectPage(page, 1);
  const symbols = await legRows(page).locator('td[data-column="symbol"]').allInnerTexts();
  expect(symbols.length).toBeGreaterThan(0);
  expect(new Set(symbols)).toEqual(new Set(['CC']));

  // The RPC console: typing the method brings its template; Enter accepts the name.
  await openConsole(page);
  const method = page.getByLabel('Method', { exact: true });
  await method.fill('');
  await method.pressSequentially('eth_getBalance');
  await method.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Params (JSON array)' })).toHaveText(
    /^\["0x[0-9a-fA-F]{40}","latest"\]$/,
  );

  await send(page);
  const pane = answerPane(page);
  await expect(pane.getByTestId('rpc-status')).toHaveText('HTTP 200');
  await expect(pane.locator('.json-row[data-path="/result"]')).toContainText(/"result": "0x[0-9a-f]+"/);
});
