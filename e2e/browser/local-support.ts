// Helpers for the local-ledger browser tests: open the screen, choose a party, sync it to done.
import type { Page } from '@playwright/test';
import { expect } from '../support/web-app.ts';

/** Opens "Local ledger" and chooses `party` by typing its id. */
export async function openLocalParty(page: Page, party: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await page.getByLabel('Or a party id').fill(party);
  await page.getByRole('button', { name: 'Use party' }).click();
}

/** Chooses the sandbox's default (healthy) validator node for the sync; returns its id. */
export async function chooseDefaultNode(page: Page): Promise<string> {
  const select = page.getByLabel('Node');
  const option = select.locator('option', { hasText: 'deployment default' });
  const value = (await option.getAttribute('value')) as string;
  await select.selectOption(value);
  return value;
}

/** Presses "Sync now" and waits for the sync to finish. */
export async function syncToDone(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'done');
}
