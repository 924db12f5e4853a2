// Helpers for the local-ledger browser tests: open the screen, choose a party, sync it to done.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../support/web-app.ts';

/** Opens "Local ledger" and chooses `party` by typing its id. */
export async function openLocalParty(page: Page, party: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await page.getByLabel('Or a party id').fill(party);
  await page.getByRole('button', { name: 'Use party' }).click();
}

/**
 * Unfolds the Local ledger header's Options (node, sync range, Sync all my parties, Open a lake,
 * Copy CLI command); a no-op when they are open.
 */
export async function openSyncOptions(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Options', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** Chooses the sandbox's default (healthy) validator node for the sync; returns its id. */
export async function chooseDefaultNode(page: Page): Promise<string> {
  await openSyncOptions(page);
  const select = page.getByLabel('Node');
  const option = select.locator('option', { hasText: 'deployment default' });
  const value = (await option.getAttribute('value')) as string;
  await select.selectOption(value);
  return value;
}

/**
 * A new user's way in: "Try a sample party" on Transfers, then the Local ledger (which carries the
 * party over) synced to done. Returns the party's id.
 */
export async function syncSampleParty(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expect(page.getByRole('heading', { name: /^Transfers of / })).toBeVisible();
  const party = await page.getByLabel('Party id').inputValue();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await syncToDone(page);
  return party;
}

/**
 * Waits for what moves the Transfers tab's layout after its first rows: the filters' boxes of
 * choices (Instruments, Status: they come with the facets, after the rows, and push everything
 * below them down) and the table's count. A layout read before them passes or fails by chance;
 * read its geometry after this, with expect.poll or toPass (a line past the table's edge, or a
 * scrollbar, may still come).
 */
export async function localLayoutSettled(page: Page): Promise<void> {
  const filters = page.getByRole('form', { name: 'Local filters' });
  await expect(filters.getByRole('group', { name: 'Instruments' })).toBeVisible();
  await expect(filters.getByRole('group', { name: 'Status' })).toBeVisible();
  await expect(page.getByTestId('local-count')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('local-count')).toHaveText(/legs? match(es)?$/);
}

/** Presses "Sync now" and waits for the sync to finish. */
export async function syncToDone(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('sync-panel')).toHaveAttribute('data-state', 'done');
}

const CLI = resolve(import.meta.dirname, '../../src-main/cli/cli.ts');

/**
 * `npm run cli -- sync` on the app's folder, by the party's id or name, as a scheduler would run it.
 * `transfers`: the size of the CLI's own in-process sandbox (the app's seed: give the app's size so
 * both hold the same ledger).
 */
export function runCliSync(
  userDataDir: string,
  party: string,
  transfers: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCli(userDataDir, ['sync', '--profile', 'sandbox', '--party', party], transfers);
}

/** `npm run cli -- <args>` on the folder's profiles with its own in-process sandbox of `transfers`. */
export function runCli(
  userDataDir: string,
  args: string[],
  transfers: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      ...args,
      '--user-data-dir',
      userDataDir,
      '--sandbox-transfers',
      String(transfers),
      '--keychain-service',
      `ledger-explorer-e2e-cli-${randomBytes(4).toString('hex')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: join(userDataDir, 'cli-home') } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

/**
 * Replaces the SQL editor's text by typing it line by line (Enter in the editor may indent: each
 * new line is cleared to column 0 first, so header lines and SQL start where they are written).
 */
export async function typeIntoSqlEditor(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  for (const [i, line] of text.split('\n').entries()) {
    if (i > 0) {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Delete');
    }
    await page.keyboard.type(line);
  }
}
