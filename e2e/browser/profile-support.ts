// Makes a profile on the test's sandbox through the Settings form, as a user would.
import type { Page } from '@playwright/test';
import { expect, type WebApp } from '../support/web-app.ts';

export async function createProfileOnSandbox(
  page: Page,
  app: WebApp,
  options: {
    chainAuth: 'apiKey' | 'partnerBearer';
    rpcKeyPlacement?: 'header' | 'query';
    ledgerAuthPlacement?: 'header' | 'query';
    /** Addresses other than the sandbox's plain ones (e.g. some of `app.sandbox.tlsUrls`). */
    urls?: Partial<Pick<WebApp['sandbox'], 'baseUrl' | 'translateUrl' | 'partnerUrl' | 'rpcUrl'>>;
  },
): Promise<void> {
  const urls = { ...app.sandbox, ...options.urls };
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'New profile…' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name', { exact: true }).fill('Staging');
  await form.getByLabel('Ledger-data base URL').fill(urls.baseUrl);
  await form.getByLabel('Chain listing URL').fill(urls.translateUrl);
  await form.getByLabel('Marketplace-partner URL').fill(urls.partnerUrl);
  await form.getByLabel('Node access URL').fill(urls.rpcUrl);
  await form.getByLabel('Chain listing authentication').selectOption(options.chainAuth);
  if (options.rpcKeyPlacement) await form.getByLabel('Node access key placement').selectOption(options.rpcKeyPlacement);
  if (options.ledgerAuthPlacement) {
    await form.getByLabel('Ledger JWT and node id sent as').selectOption(options.ledgerAuthPlacement);
  }
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('region', { name: 'Profile Staging' })).toBeVisible();
}
