// Typing over a selection in the app's two code editors (the SQL editor of the Local ledger, the RPC
// console's params), as people do: select the example and type your own query, select part of a line
// and type over it. Chromium, replacing a selection that starts on a coloured token, writes a style
// attribute on the text it inserts to keep the deleted token's colour; the renderer's CSP
// (style-src 'self') refuses it and logs "Applying inline style violates …" (issue 37, item 5). The
// fixture fails a test on that console error; each test also checks the text is what was typed.
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { openConsole } from './rpc-support.ts';

test.use({ appOptions: { transfers: 1000 } });

test('the SQL editor: a query typed over the selected example, over part of a line, and composed over the line, runs as typed', async ({
  app,
  page,
}) => {
  await app.open(page);
  await openLocalParty(page, app.sandbox.parties[0]);
  await syncToDone(page);
  await page.getByRole('tab', { name: 'SQL' }).click();

  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await expect(editor).toContainText('FROM instrument_totals');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type("SELECT symbol, 'all' AS scope FROM instrument_totals ORDER BY symbol");
  await expect(editor).toHaveText("SELECT symbol, 'all' AS scope FROM instrument_totals ORDER BY symbol");

  // The start of the line up to the table, selected from the keyword on, typed over.
  await page.keyboard.press('Home');
  for (let i = 0; i < 'SELECT symbol, '.length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('SELECT DISTINCT symbol, ');
  await expect(editor).toHaveText("SELECT DISTINCT symbol, 'all' AS scope FROM instrument_totals ORDER BY symbol");

  // The line typed again with an input method on (a Japanese or Chinese IME composes even Latin
  // letters; so does a dead key): the composition starts over the selected line.
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  const ime = await page.context().newCDPSession(page);
  await ime.send('Input.imeSetComposition', { text: 'SELECT', selectionStart: 6, selectionEnd: 6 });
  await ime.send('Input.insertText', { text: 'SELECT' });
  await page.keyboard.type(" DISTINCT symbol, 'each' AS scope FROM instrument_totals ORDER BY symbol");
  await expect(editor).toHaveText("SELECT DISTINCT symbol, 'each' AS scope FROM instrument_totals ORDER BY symbol");

  await page.keyboard.press('ControlOrMeta+Enter');
  const table = page.getByRole('table', { name: 'Query results' });
  await expect(table.getByRole('columnheader')).toHaveText([/^symbol/, /^scope/]);
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText('each');
});

test('the RPC console: params typed over a selection of two lines are the params', async ({ app, page }) => {
  await app.open(page);
  await openConsole(page);
  await page.getByLabel('Method', { exact: true }).fill('eth_getBalance');
  const editor = page.getByRole('textbox', { name: 'Params (JSON array)' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('"0x0000000000000000000000000000000000000001",\n"latest"');

  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+Shift+End');
  await page.keyboard.type('["0x0000000000000000000000000000000000000002", "latest"]');
  await expect(editor).toHaveText('["0x0000000000000000000000000000000000000002", "latest"]');
  await expect(page.getByTestId('rpc-draft-error')).toHaveCount(0);
});
