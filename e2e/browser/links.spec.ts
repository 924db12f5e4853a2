// ledger-explorer:// links in Chromium against the sandbox (docs/links.md): the browser tier opens
// the view a link names from the URL fragment (`open=`), the RPC console is filled and never sends,
// a hostile or malformed link gets a clear message and no request, and a copied link round-trips.
import type { Page } from '@playwright/test';
import { formatViewLink } from '../../src-shared/links/view-link.ts';
import { expect, test, type WebApp } from '../support/web-app.ts';
import { bridgeCalls } from './rpc-support.ts';
import { openFilters } from './transfers-support.ts';

test.use({ appOptions: { transfers: 3000 } });

/** Loads the app with a link to open, as a shared URL or a desktop hand-over would. */
async function openWith(app: WebApp, page: Page, link: string): Promise<void> {
  // A full load: a second goto that changes only the fragment would not restart the app.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`${app.url}&open=${encodeURIComponent(link)}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

test('a transfers link opens that view: party, asset, order, page size and node, and runs it', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[0];
  const pages = bridgeCalls(page, 'transfers:page');
  const filters = {
    party,
    asset: { kind: 'ledgerCoin' as const },
    effectiveAfter: null,
    effectiveBefore: null,
    orderDesc: false,
    pageSize: 25,
    nodeId: 'validator-2',
  };
  await openWith(app, page, formatViewLink({ kind: 'transfers', profile: 'sandbox', source: 'live', filters }));

  await expect(page.getByRole('heading', { name: /^Transfers of / })).toBeVisible();
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(party);
  await expect(page.getByRole('radio', { name: 'Canton Coin' })).toBeChecked();
  await expect(page.getByLabel('Order')).toHaveValue('asc');
  await expect(page.getByLabel('Page size')).toHaveValue('25');
  await expect(page.getByTestId('page-status')).toBeVisible();
  await expect.poll(() => pages.length).toBeGreaterThan(0);
  expect(pages[0].postDataJSON()[0]).toMatchObject({ profileId: 'sandbox', filters });
});

test('a link pasted raw after open= (not percent-encoded) opens its view, every field of it', async ({ app, page }) => {
  const party = app.sandbox.parties[0];
  const link = formatViewLink({
    kind: 'transfers',
    profile: 'sandbox',
    source: 'live',
    filters: {
      party,
      asset: { kind: 'ledgerCoin' },
      effectiveAfter: null,
      effectiveBefore: null,
      orderDesc: false,
      pageSize: 25,
      nodeId: null,
    },
  });
  expect(link).toContain('&');
  await page.goto(`${app.url}&open=${link}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();

  await expect(page.getByRole('heading', { name: /^Transfers of / })).toBeVisible();
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(party);
  await expect(page.getByRole('radio', { name: 'Canton Coin' })).toBeChecked();
  await expect(page.getByLabel('Page size')).toHaveValue('25');
  await expect(page.getByText('it does not name a party')).toHaveCount(0);
});

test('an RPC link fills the console and sends nothing', async ({ app, page }) => {
  const calls = bridgeCalls(page, 'rpc:call');
  const params = `["${app.sandbox.evmAccounts[9]}", "latest"]`;
  await openWith(
    app,
    page,
    formatViewLink({
      kind: 'rpc',
      profile: 'sandbox',
      chain: 'ethereum',
      nodeType: 'archive',
      method: 'eth_getBalance',
      params,
    }),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'RPC console' })).toBeVisible();
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('ethereum');
  await expect(page.getByLabel('Method', { exact: true })).toHaveValue('eth_getBalance');
  await expect(page.locator('.rpc-request .cm-content').first()).toContainText(app.sandbox.evmAccounts[9]);
  await expect(page.getByRole('list', { name: 'History entries' }).locator('li')).toHaveCount(0);
  expect(calls).toHaveLength(0);
});

const HOSTILE: Array<[string, (app: WebApp) => string, RegExp]> = [
  ['javascript:', () => 'javascript:alert(document.domain)', /it is a javascript: link, not ledger-explorer:\/\//],
  ['another scheme', () => 'https://evil.example/transfers?profile=sandbox', /it is a https: link/],
  [
    'an unknown profile',
    (app) => `ledger-explorer://transfers?profile=acme&party=${app.sandbox.parties[0]}`,
    /the profile "acme", which does not exist/,
  ],
  [
    'a bad party',
    () => 'ledger-explorer://transfers?profile=sandbox&party=alice',
    /party: a party id looks like name::1220… \(the "::" is missing\)/,
  ],
  [
    'a key in the link',
    () => 'ledger-explorer://rpc?profile=sandbox&chain=ethereum&apiKey=abc',
    /never carries URLs, keys or tokens/,
  ],
  [
    '100 KB',
    (app) => `ledger-explorer://transfers?profile=sandbox&party=${app.sandbox.parties[0]}&id=${'x'.repeat(100_000)}`,
    /at most 64 KB/,
  ],
];

for (const [name, link, why] of HOSTILE) {
  test(`a hostile or malformed link (${name}) is refused with a message and sends nothing`, async ({ app, page }) => {
    const pages = bridgeCalls(page, 'transfers:page');
    const calls = bridgeCalls(page, 'rpc:call');
    const switches = bridgeCalls(page, 'settings:setActiveProfile');
    await openWith(app, page, link(app));
    const banner = page.getByRole('alert').filter({ hasText: 'This link could not be opened' });
    await expect(banner).toContainText(why);
    await expect(banner).toContainText('Nothing was sent.');
    await expect(page.getByText('Choose a party and press “Show transfers”.')).toBeVisible();
    expect([pages.length, calls.length, switches.length]).toEqual([0, 0, 0]);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
  });
}

test('Copy link copies the view without any secret, and the copied link opens the same view', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await app.open(page);
  await page.getByLabel('Party id').fill(app.sandbox.parties[1]);
  await page.getByLabel('Order').selectOption('asc');
  await page.getByLabel('Page size').selectOption('100');
  await page.getByRole('button', { name: 'Show transfers' }).click();
  await expect(page.getByTestId('page-status')).toBeVisible();

  const copy = page.getByRole('button', { name: 'Copy link to this transfers view' });
  await copy.click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(await copy.getAttribute('data-link')).toBe(link);
  expect(link).toMatch(/^ledger-explorer:\/\/transfers\?profile=sandbox&party=/);
  expect(link).toContain('order=asc&size=100');
  for (const secret of [app.sandbox.apiKey, app.sandbox.baseUrl, app.sandbox.rpcUrl, app.url.split('#bridge=')[1]]) {
    expect(link).not.toContain(secret);
    expect(decodeURIComponent(link)).not.toContain(secret);
  }

  // The same view in a fresh window (a colleague's app).
  const pages = bridgeCalls(page, 'transfers:page');
  await openWith(app, page, link);
  await openFilters(page);
  await expect(page.getByLabel('Party id')).toHaveValue(app.sandbox.parties[1]);
  await expect(page.getByLabel('Order')).toHaveValue('asc');
  await expect(page.getByLabel('Page size')).toHaveValue('100');
  await expect.poll(() => pages.length).toBeGreaterThan(0);
  expect(pages[0].postDataJSON()[0].filters).toMatchObject({
    party: app.sandbox.parties[1],
    orderDesc: false,
    pageSize: 100,
  });
});

test('a chain link brings the chain into view on the Chains screen; each row copies its own link', async ({
  app,
  page,
}) => {
  await openWith(app, page, 'ledger-explorer://chain?profile=sandbox&chain=polygon');
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();
  const row = page.locator('tr.focused-row');
  await expect(row).toHaveAttribute('data-chain', 'polygon');
  await expect(row.getByRole('button', { name: /in the RPC console/ })).toBeFocused();
  const copy = row.getByRole('button', { name: 'Copy link to chain polygon' });
  await copy.click();
  await expect(copy).toHaveAttribute('data-link', 'ledger-explorer://chain?profile=sandbox&chain=polygon');
});
