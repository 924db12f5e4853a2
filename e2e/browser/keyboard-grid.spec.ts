// Each data table is one Tab stop with the arrow keys inside (ui/keyboard-grid.ts; docs/accessibility.md,
// "Each table is one Tab stop"), in Chromium against the sandbox: from "Compare nodes" to the tables
// in a few presses of Tab, cell to cell with the arrows, out in one Tab and back to the same cell
// with Shift+Tab, and through virtualized rows that are not drawn yet to the last leg.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/web-app.ts';
import { openLocalParty, syncToDone } from './local-support.ts';
import { expectPage, fetchLegsOverHttp, showParty } from './transfers-support.ts';

// Enough legs for validator-2 to lag behind validator-1 (node-compare.spec.ts) and for a local
// table far taller than its view.
test.use({ appOptions: { transfers: 20_000 } });

/** Where the keyboard focus is: the table and cell it is in (row by aria-rowindex when set, else place). */
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const cell = el?.closest('td, th') as HTMLTableCellElement | null;
    const row = cell?.parentElement as HTMLTableRowElement | undefined;
    return {
      table: cell?.closest('table')?.getAttribute('aria-label') ?? null,
      row: row ? Number(row.getAttribute('aria-rowindex') ?? row.rowIndex + 1) - 1 : null,
      col: cell ? cell.cellIndex : null,
      /** The focused element: the cell itself or its control. */
      what: el === cell ? 'cell' : (el?.tagName.toLowerCase() ?? null),
      name: el?.getAttribute('aria-label') ?? null,
      text: cell?.innerText.trim() ?? null,
    };
  });

/** Presses Tab until the focus is inside `table`; returns the presses it took (fails past `limit`). */
async function tabsInto(page: Page, table: Locator, limit = 100): Promise<number> {
  const handle = await table.elementHandle();
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((t) => !!t?.contains(document.activeElement), handle)) return presses;
  }
  throw new Error(`${table} not reached with ${limit} presses of Tab`);
}

test('from Compare nodes to the tables in a few Tabs; arrows move cell to cell; Tab leaves, Shift+Tab comes back', async ({
  app,
  page,
}) => {
  await app.open(page);
  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  const compare = page.getByRole('button', { name: 'Compare nodes' });
  await compare.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Node comparison' });
  await expect(panel.getByRole('status')).toContainText(/^validator-2 lacks \d+ legs?/);
  const differences = panel.getByRole('table', { name: 'Legs not on every node' });
  const firstMissing = await differences.locator('tbody tr').first().locator('td').first().innerText();

  // Compare nodes -> Case report, Run again, Hide -> the nodes table -> the differences table:
  // each table one stop (the differences table alone had a Copy button per amount, party and id).
  await compare.focus();
  expect(await tabsInto(page, panel.getByRole('table', { name: 'Validator nodes' }))).toBe(4);
  await expect.poll(() => focusedCell(page)).toMatchObject({ table: 'Validator nodes', row: 0, col: 0, text: 'Node' });
  expect(await tabsInto(page, differences)).toBe(1);
  await expect.poll(() => focusedCell(page)).toMatchObject({ table: 'Legs not on every node', row: 0, col: 0 });

  // Down into the first leg, then along its row: a cell with one control focuses the control.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 1, col: 0, what: 'cell', text: firstMissing });
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => focusedCell(page))
    .toMatchObject({
      row: 1,
      col: 1,
      what: 'button',
      name: expect.stringMatching(/^Copy amount /),
    });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 1, col: 2, what: 'cell', text: 'validator-2' });
  await page.keyboard.press('End');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 1, col: 7, what: 'button', name: 'Copy update id' });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 0, col: 6, what: 'cell', text: 'Status' });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const here = await focusedCell(page);
  expect(here).toMatchObject({ table: 'Legs not on every node', row: 2, col: 6, what: 'cell' });

  // One Tab out of the table, one Shift+Tab back to the same cell.
  await page.keyboard.press('Tab');
  expect((await focusedCell(page)).table).not.toBe('Legs not on every node');
  expect(await differences.evaluate((t) => t.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focusedCell(page)).toEqual(here);

  // Ctrl+Home: the first cell of the table.
  await page.keyboard.press('Control+Home');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 0, col: 0, text: 'Effective at' });
});

test('the transfers table: Ctrl+End reaches the last leg past the drawn rows; Enter on a cell opens it, Escape comes back', async ({
  app,
  page,
}) => {
  await app.open(page);
  await showParty(page, app.sandbox.parties[0]);
  await expectPage(page, 1);
  const table = page.getByRole('table', { name: 'Transfer legs' });
  const rowCount = Number(await table.getAttribute('aria-rowcount'));
  await table.getByRole('columnheader').first().getByRole('button').focus();
  await expect.poll(() => focusedCell(page)).toMatchObject({ table: 'Transfer legs', row: 0, col: 0, what: 'button' });
  // The last row is not drawn until the table scrolls to it (virtualized).
  await expect(table.locator(`tr[aria-rowindex="${rowCount}"]`)).toHaveCount(0);

  await page.keyboard.press('Control+End');
  const last = table.locator(`tr[aria-rowindex="${rowCount}"]`);
  await expect(last).toBeInViewport();
  await expect.poll(() => focusedCell(page)).toMatchObject({ table: 'Transfer legs', row: rowCount - 1 });
  await page.keyboard.press('Home');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: rowCount - 1, col: 0, what: 'cell' });
  await expect(last.locator('td').first()).toBeFocused();

  // Enter on a cell opens its leg; Escape closes it and the focus is back on that cell.
  await page.keyboard.press('Enter');
  const detail = page.getByRole('complementary', { name: 'Transfer leg details' });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(last.locator('td').first()).toBeFocused();
});

test('the local ledger table: ArrowDown, PageDown and Ctrl+End go past the drawn rows to the last leg', async ({
  app,
  page,
}) => {
  const party = app.sandbox.parties[2];
  const { legs } = await fetchLegsOverHttp(app, party);
  // The table's default order is newest first: its last row is the oldest leg.
  const oldest = legs.reduce((a, b) => (Date.parse(b.effectiveAt ?? '') < Date.parse(a.effectiveAt ?? '') ? b : a));
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.open(page);
  await openLocalParty(page, party);
  await syncToDone(page);
  await expect(page.getByTestId('local-count')).toHaveText(`${legs.length.toLocaleString('en')} legs match`);
  const table = page.getByRole('table', { name: 'Local legs' });
  const rowAt = (row: number) => table.locator(`tr[aria-rowindex="${row + 1}"]`);
  await expect(rowAt(1)).toHaveClass('local-leg-row');
  const drawn = await table.locator('tbody tr').count();

  await table.getByRole('button', { name: 'Direction' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedCell(page)).toMatchObject({ table: 'Local legs', row: 1, col: 0 });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: 1, col: 1, what: 'cell' });

  // PageDown by what the view shows, until past the rows drawn at the start; the focus stays in column 1.
  let row = 1;
  while (row <= drawn) {
    await page.keyboard.press('PageDown');
    // A row past the drawn ones is drawn first and focused when it is: wait for the focus to land there.
    const from = row;
    await expect
      .poll(async () => {
        const now = await focusedCell(page);
        return now.table === 'Local legs' && now.col === 1 && now.what === 'cell' && (now.row ?? 0) > from + 5;
      })
      .toBe(true);
    row = (await focusedCell(page)).row as number;
    await expect(rowAt(row).locator('td').nth(1)).toBeInViewport();
  }
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: row + 1, col: 1 });

  // Ctrl+End: the last leg (drawn as "Loading…" until its window comes, then its own cells),
  // focused in the last column and in view.
  await page.keyboard.press('Control+End');
  const last = rowAt(legs.length);
  await expect(last).toHaveClass('local-leg-row');
  await expect(last.locator('[data-column="instrumentId"]')).toBeFocused();
  await expect(last.locator('[data-column="instrumentId"]')).toBeInViewport();
  await expect(last.locator('[data-column="effectiveAt"] span')).toHaveAttribute('title', oldest.effectiveAt as string);

  // And Ctrl+Home back to the first cell, the Direction sort button.
  await page.keyboard.press('Control+Home');
  await expect(table.getByRole('button', { name: 'Direction' })).toBeFocused();
});
