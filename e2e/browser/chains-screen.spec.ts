// The Chains screen: the listing (apiKey or partner bearer), searched, cached with Refresh, and a
// way into the RPC console on any chain. A listing that is not a list of named chains says so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { answerPane, bridgeCalls, saveApiKeyInSettings, send, useRemoteProfile, writeCall } from './rpc-support.ts';

async function openChains(page: Page) {
  await page.getByRole('button', { name: 'Chains', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Chains' })).toBeVisible();
}

test('search the listing, then open a chain in the RPC console and call it', async ({ app, page }) => {
  await app.open(page);
  await openChains(page);
  const table = page.getByRole('table', { name: 'Chains' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Every field the listing gives is shown.
  const polygon = table.getByRole('row').filter({ hasText: 'polygon' });
  await expect(polygon).toContainText('displayName: Sandbox Polygon');
  await expect(polygon).toContainText('nativeCurrency: {"symbol":"POL","decimals":18}');
  await expect(polygon).toContainText('nodeTypes: ["full","archive"]');

  const search = page.getByLabel('Search chains');
  await search.fill('POLY');
  await expect(table.getByRole('row')).toHaveCount(2);
  await search.fill('31339'); // any field: the chain id
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('base');
  await search.fill('solana');
  await expect(table.getByRole('row')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'No chain matches “solana”.' })).toBeVisible();
  await search.fill('');
  await expect(table.getByRole('row')).toHaveCount(4);

  await table.getByRole('button', { name: 'Open polygon in the RPC console' }).click();
  await expect(page.getByRole('heading', { name: 'RPC console' })).toBeVisible();
  await expect(page.getByLabel('Chain', { exact: true })).toHaveValue('polygon');
  await expect(page.getByTestId('rpc-address')).toHaveText(`${app.sandbox.rpcUrl}/polygon_full`);
  await writeCall(page, 'eth_chainId', []);
  await send(page);
  await expect(answerPane(page).locator('.json-row[data-path="/result"]')).toContainText('"0x7a6a"= 31,338');
});

test('the listing is cached between visits; Refresh asks again', async ({ app, page }) => {
  await app.open(page);
  const lists = bridgeCalls(page, 'chains:list');
  await openChains(page);
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row')).toHaveCount(4);
  const fetched = page.getByText(/^3 chains from .*, fetched /);
  const firstTime = await fetched.textContent();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await openChains(page);
  await expect(fetched).toHaveText(firstTime ?? '');
  expect(lists).toHaveLength(1);

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => lists.length).toBe(2);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Chains' }).getByRole('row')).toHaveCount(4);
});

test('a marketplace-partner profile lists chains at partner_url with its bearer token', async ({ app, page }) => {
  await app.open(page);
  // The profile through the bridge, the partner token typed into Settings as a user does.
  await useRemoteProfile(page, app, { name: 'Partner', rpcUrl: app.sandbox.rpcUrl, chainAuth: 'partnerBearer' }, null);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const row = page.getByTestId('secret-partnerToken');
  await row.locator('input').fill(app.sandbox.partnerToken);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secret-partnerToken-status')).toContainText(
    `ends in ${app.sandbox.partnerToken.slice(-4)}`,
  );

  await openChains(page);
  await expect(page.getByText(`3 chains from ${app.sandbox.partnerUrl}/evm/chains`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Chains' });
  await expect(table).toContainText('ethereum');
  await expect(table).toContainText('base');
});

test.describe('a listing that is not a list of named chains', () => {
  let server: Server;
  let translateUrl: string;
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.startsWith('/object') ? '{"data":{"chains":3}}' : '[{"name":"ok"},{"id":7}]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    translateUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  for (const [kind, path, message] of [
    ['an object', '/object', 'Chain listing: expected a JSON array of chains, got an object with keys data'],
    ['an item without a name', '/items', 'Chain listing: item 1 has no string "name" (an object with keys id)'],
  ] as const) {
    test(`is ${kind}: the screen says what arrived, and the console still takes a typed chain`, async ({
      app,
      page,
    }) => {
      await app.open(page);
      await useRemoteProfile(
        page,
        app,
        { name: 'Odd listing', rpcUrl: app.sandbox.rpcUrl, translateUrl: `${translateUrl}${path}` },
        null,
      );
      await saveApiKeyInSettings(page, app.sandbox.apiKey);
      await openChains(page);
      await expect(page.getByRole('alert')).toHaveText(
        new RegExp(`^The chain listing failed\\. \\[bad_response\\] ${message.replace(/[()[\]{}"]/g, '\\$&')}`),
      );
      await page.getByRole('button', { name: 'RPC console', exact: true }).click();
      await expect(page.getByText('chain listing unavailable: type the chain name')).toBeVisible();
      await page.getByLabel('Chain', { exact: true }).fill('base');
      await writeCall(page, 'eth_chainId', []);
      await send(page);
      await expect(answerPane(page).getByTestId('rpc-status')).toHaveText('HTTP 200');
    });
  }
});
