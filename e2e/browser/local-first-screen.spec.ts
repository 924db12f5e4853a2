// Issue 24, item 9 and the UI half of item 5, in a 1280x800 window: the Local ledger opens on the
// party on screen in Transfers and says so; before a sync it shows what Sync now does, with no
// empty tabs, filter boxes or tables; "Copy CLI command" puts on the clipboard a sync the CLI's
// own parser reads back as this profile, party and user-data folder; after a sync the relationship
// view fits the window (times on one line, its legs table without scrolling sideways); Settings
// shows the profile's id. Issue 37, item 9: the screen is a data view first: one compact header
// (one party picker, the provenance line, Sync now, the options folded away), and at 1280x800 the
// data tabs and the first rows of the Transfers tab are on screen without scrolling.

import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { parseCliArgs } from '../../src-main/cli/cli-args.ts';
import { CLI_PREFIX, commandLine } from '../../src-shared/cli/cli-command.ts';
import { expect, test } from '../support/web-app.ts';
import { localLayoutSettled, openSyncOptions, syncSampleParty, syncToDone } from './local-support.ts';
import { expectNoSidewaysScroll, expectTableFits } from './table-fit-support.ts';

test.use({ appOptions: { transfers: 3000 } });

const run = promisify(execFile);
const shots = join(resolve(import.meta.dirname, '../..'), 'docs/screenshots/issue-24');

/** The words /bin/sh hands the CLI for a copied command line (its `npm run cli --` prefix taken off). */
async function shellWords(line: string): Promise<string[]> {
  const prefix = `${commandLine(CLI_PREFIX)} `;
  expect(line.startsWith(prefix)).toBe(true);
  const { stdout } = await run('/bin/sh', ['-c', `printf '%s\\0' ${line.slice(prefix.length)}`]);
  return stdout.split('\0').slice(0, -1);
}

test('the first screen carries the party over from Transfers, shows nothing empty, and copies the CLI sync', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);
  await page.getByRole('button', { name: 'Try a sample party' }).click();
  await expect(page.getByRole('heading', { name: /^Transfers of / })).toBeVisible();
  const party = await page.getByLabel('Party id').inputValue();

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Local ledger' }).click();
  await expect(page.getByTestId('local-provenance')).toHaveText('Not synced yet');
  await expect(page.getByText('Carried over from Transfers')).toBeVisible();
  await expect(page.getByLabel('Party', { exact: true })).toHaveValue(party);
  await expect(page.getByRole('region', { name: 'Not synced yet' })).toContainText('Sync now copies its legs');
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Instruments' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Status' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(shots, 'after-local-ledger-first-screen.png') });

  await openSyncOptions(page);
  await page.getByRole('button', { name: 'Copy CLI command' }).click();
  const said = page.getByRole('status').filter({ hasText: 'Copied the sync of this party, node and range' });
  await expect(said).toContainText('what a scheduled job runs to keep this view fresh');
  const line = await page.evaluate(() => navigator.clipboard.readText());
  await expect(said.locator('code')).toHaveText(line);
  const words = await shellWords(line);
  expect(words).toEqual(['sync', '--profile', 'sandbox', '--party', party, '--user-data-dir', app.userDataDir]);
  // What the CLI's own parser makes of it: this profile, this party, this app's folder.
  expect(parseCliArgs(words)).toMatchObject({
    command: 'sync',
    profile: 'sandbox',
    party,
    node: null,
    after: null,
    before: null,
    userDataDir: app.userDataDir,
  });

  await syncToDone(page);
  await expect(page.getByRole('tablist', { name: 'Local views' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not synced yet' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Instruments' })).toBeVisible();
});

test('the relationship view fits 1280 px: times on one line, the legs table without scrolling sideways', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);
  await syncSampleParty(page);
  await page.getByRole('tab', { name: 'Counterparties' }).click();
  await page.locator('.local-counterparty-button').first().click();

  const legs = page.getByRole('table', { name: 'Legs between the parties' });
  await expect(legs.locator('tbody tr').first()).toBeVisible();
  await expectTableFits(legs);
  await expectNoSidewaysScroll(page);
  // Times (and the other cells of the legs) on one line: the text of each cell lays out as one line box.
  const lines = (cells: Element[]) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      // Boxes on one line start within a font size of each other (a button sits a little higher).
      const em = Number.parseFloat(getComputedStyle(cell).fontSize);
      const tops = Array.from(range.getClientRects(), (r) => r.top).sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1] > em).length;
    });
  const legLines = await legs.locator('tbody td').evaluateAll(lines);
  expect(legLines.length).toBeGreaterThan(5);
  expect(Math.max(...legLines)).toBe(1);
  const totals = page.getByRole('table', { name: 'Totals between the parties' });
  const seenLines = await totals.locator('tbody td:nth-child(7), tbody td:nth-child(8)').evaluateAll(lines);
  expect(seenLines.length).toBeGreaterThan(0);
  expect(Math.max(...seenLines)).toBe(1);
  if (process.env.SCREENSHOTS) {
    // As tall as the "before" shot (the content box scrolls, so a full-page shot would stop at 800 px).
    await page.setViewportSize({ width: 1280, height: 3000 });
    await page.screenshot({ path: join(shots, 'after-relationship.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  const profiles = page.getByRole('region', { name: 'Connection profiles' });
  await expect(profiles.locator('code', { hasText: /^sandbox$/ })).toBeVisible();
});

/** The element lies wholly inside the 1280x800 window as laid out, nothing scrolled. */
async function expectInWindow(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const view = page.viewportSize();
  expect(box, `${element} has no box`).not.toBeNull();
  if (!box || !view) return;
  expect(box.y, `${element} starts above the window`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${element} ends below the window (y ${box.y} + ${box.height})`).toBeLessThanOrEqual(
    view.height,
  );
}

test('after a sync at 1280x800 one compact header leaves the tabs and the first legs on screen, unscrolled', async ({
  app,
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open(page);
  await syncSampleParty(page);
  const table = page.getByRole('table', { name: 'Local legs' });
  await expect(table.locator('tbody tr').nth(2)).toBeVisible();
  // The facets' boxes come after the rows and push them down (65 px at 1280x800): measured after.
  await localLayoutSettled(page);

  // One party picker: the views' scope picker no longer chooses a party of its own.
  await expect(page.getByLabel('Party', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('View party', { exact: true })).toHaveCount(0);
  // The options are folded away until asked for.
  await expect(page.getByRole('button', { name: 'Sync all my parties' })).toBeHidden();
  await expect(page.getByRole('group', { name: 'Sync range' })).toBeHidden();

  // Nothing scrolled: the header, the done sync, the tabs and the first legs are all in the window,
  // as the layout ends up (read until it holds: a line past the table's edge may still come).
  await expect(async () => {
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
    expect(await page.locator('main.content').evaluate((el) => el.scrollTop)).toBe(0);
    await expectInWindow(page, page.getByRole('button', { name: 'Sync now' }));
    await expectInWindow(page, page.getByTestId('local-provenance'));
    await expectInWindow(page, page.getByRole('tablist', { name: 'Local views' }));
    await expectInWindow(page, table.getByRole('columnheader').first());
    for (const row of [0, 1, 2]) await expectInWindow(page, table.locator('tbody tr').nth(row));
  }).toPass({ timeout: 10_000 });

  // The options open in place, and fold again.
  await openSyncOptions(page);
  await expect(page.getByRole('group', { name: 'Sync range' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync all my parties' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open a lake…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy CLI command' })).toBeVisible();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(shots, 'after-local-options.png') });
});
