// Checks for issue 24's "exact amounts are never cut" and "tables fit 1280 px", read from the
// laid-out page: where each amount's text is drawn against its cell, and whether the screen's
// content box has to scroll sideways (a table may scroll in its own box; the page may not).
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/web-app.ts';

export interface DrawnAmount {
  text: string;
  /** Digits in the text (the whole amount is in the DOM and drawn). */
  digits: number;
  /** Pixels of the text outside its cell (0: inside, whole). */
  outside: number;
}

/** Every amount drawn in `scope` (ui/amount-cell.tsx's text), with how far it sticks out of its cell. */
export async function drawnAmounts(scope: Locator): Promise<DrawnAmount[]> {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('.amount-text'), (text) => {
      const cell = text.closest('td') as HTMLElement;
      const t = text.getBoundingClientRect();
      const c = cell.getBoundingClientRect();
      return {
        text: text.textContent ?? '',
        digits: (text.textContent ?? '').replace(/[^0-9]/g, '').length,
        outside: Math.max(0, c.left - t.left, t.right - c.right),
      };
    }),
  );
}

/** Every amount in `scope` is drawn whole inside its cell; returns them, at least `atLeast`. */
export async function expectWholeAmounts(scope: Locator, atLeast = 1): Promise<DrawnAmount[]> {
  const amounts = await drawnAmounts(scope);
  expect(amounts.length).toBeGreaterThanOrEqual(atLeast);
  expect(amounts.filter((a) => a.outside > 0.5 || a.text.includes('…'))).toEqual([]);
  return amounts;
}

/** The screen's content does not scroll sideways: nothing runs off the right edge of the window. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const content = document.querySelector('.content') as HTMLElement;
    return {
      content: content.scrollWidth - content.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(overflow).toEqual({ content: 0, page: 0 });
}

/** `table` is as wide as its box at most: it fits without scrolling sideways. */
export async function expectTableFits(table: Locator): Promise<void> {
  const fit = await table.evaluate((t) => {
    const box = (t.closest('.table-scroll') ?? t.parentElement) as HTMLElement;
    return {
      table: Math.ceil(t.getBoundingClientRect().width),
      box: box.clientWidth,
      overflow: box.scrollWidth - box.clientWidth,
    };
  });
  expect(fit.overflow, `table ${fit.table}px in a box of ${fit.box}px`).toBeLessThanOrEqual(0);
}

export interface DrawnCell {
  /** The cell's text as drawn (buttons and text for screen readers only left out). */
  text: string;
  /** Pixels of content the cell hides (wider than its box, or drawn outside it). */
  hidden: number;
  /** Lines the text takes. */
  lines: number;
  /** The full value a shortened text stands for (data-full-text), if the cell names one. */
  full: string | null;
}

/**
 * Every body cell under a header matching `header` (rows with one cell per header: a "Loading…"
 * row is left out), as drawn: its text, how much of it is hidden and on how many lines.
 */
export async function drawnCells(table: Locator, header: RegExp): Promise<DrawnCell[]> {
  return table.evaluate(
    (t, [source, flags]) => {
      const pattern = new RegExp(source, flags);
      const heads = Array.from(t.querySelectorAll('thead th'));
      const columns = heads.flatMap((th, i) => (pattern.test((th.textContent ?? '').trim()) ? [i] : []));
      const out: DrawnCell[] = [];
      for (const row of Array.from(t.querySelectorAll<HTMLTableRowElement>('tbody tr'))) {
        if (row.cells.length !== heads.length) continue;
        for (const i of columns) {
          const cell = row.cells[i];
          const box = cell.getBoundingClientRect();
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          let text = '';
          const tops = new Set<number>();
          let outside = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement as HTMLElement;
            // A Copy button's word, and text for screen readers only, are not the value.
            if (parent.closest('.copy-button, .visually-hidden, [hidden]')) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of Array.from(range.getClientRects())) {
              if (r.width === 0) continue;
              tops.add(Math.round(r.top / 4));
              outside = Math.max(outside, box.left - r.left, r.right - box.right);
            }
            text += node.textContent ?? '';
          }
          out.push({
            text: text.trim(),
            hidden: Math.max(outside, cell.scrollWidth - cell.clientWidth),
            lines: tops.size,
            full: cell.querySelector('[data-full-text]')?.getAttribute('data-full-text') ?? null,
          });
        }
      }
      return out;
    },
    [header.source, header.flags] as const,
  );
}

/** Every time under `header` is whole: on one line, nothing hidden, no "…"; returns them. */
export async function expectWholeTimes(table: Locator, header: RegExp, atLeast = 1): Promise<DrawnCell[]> {
  const cells = (await drawnCells(table, header)).filter((c) => c.text !== '—');
  expect(cells.length, `times under ${header}`).toBeGreaterThanOrEqual(atLeast);
  expect(cells.filter((c) => c.hidden > 0.5 || c.lines > 1 || c.text.includes('…'))).toEqual([]);
  return cells;
}

/**
 * Every id under `header` is on one line with nothing hidden; one shortened with "…" names the full
 * id it stands for (shown on focus, copied whole). Returns them.
 */
export async function expectWholeIds(table: Locator, header: RegExp, atLeast = 1): Promise<DrawnCell[]> {
  const cells = (await drawnCells(table, header)).filter((c) => c.text !== '—');
  expect(cells.length, `ids under ${header}`).toBeGreaterThanOrEqual(atLeast);
  expect(cells.filter((c) => c.hidden > 0.5 || c.lines > 1)).toEqual([]);
  expect(cells.filter((c) => c.text.includes('…') && (c.full === null || c.full.length <= c.text.length))).toEqual([]);
  return cells;
}

/**
 * `table` fits its box, or scrolls sideways inside a box of its own that says how it continues: no
 * taller than the window (its scrollbar is on screen with its top), scrolling up and down itself,
 * under a header row that stays in view. The page never scrolls sideways. Returns which it is.
 */
export async function expectFitsOrScrollsInBox(page: Page, table: Locator): Promise<'fits' | 'scrolls'> {
  await expectNoSidewaysScroll(page);
  const look = await table.evaluate((t) => {
    let box = t.parentElement as HTMLElement;
    while (box.parentElement && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
      box = box.parentElement;
    }
    const head = t.querySelector('thead') as HTMLElement;
    const sticky = [head, ...Array.from(head.querySelectorAll('tr, th'))].some(
      (el) => getComputedStyle(el).position === 'sticky',
    );
    return {
      own: !box.matches('.content, body, html'),
      overflow: box.scrollWidth - box.clientWidth,
      height: box.getBoundingClientRect().height,
      window: window.innerHeight,
      scrollsDown: ['auto', 'scroll'].includes(getComputedStyle(box).overflowY),
      sticky,
    };
  });
  expect(look.own, 'the table is in a box of its own').toBe(true);
  expect(look.sticky, 'the header row stays in view').toBe(true);
  if (look.overflow <= 0) return 'fits';
  expect(look.scrollsDown, 'the box scrolls up and down itself').toBe(true);
  expect(look.height, 'the box is no taller than the window').toBeLessThanOrEqual(look.window);
  return 'scrolls';
}

/**
 * On keyboard focus, the cell's shortened id shows whole (a tooltip), and Ctrl+C copies it whole.
 * Needs clipboard permissions on the page's origin.
 */
export async function expectFullOnFocusAndCopy(page: Page, cell: Locator): Promise<string> {
  const full = (await cell.locator('[data-full-text]').first().getAttribute('data-full-text')) as string;
  expect(full.length).toBeGreaterThan(0);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  // Focus by keyboard: to the cell, one step away and back.
  await cell.evaluate((td) => (td.querySelector<HTMLElement>('button, a[href]') ?? (td as HTMLElement)).focus());
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const tip = page.getByRole('tooltip');
  await expect(tip).toHaveText(full);
  await expect(tip).toBeInViewport();
  await page.keyboard.press('ControlOrMeta+c');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(full);
  return full;
}

/** The names of `table`'s header cells that lie (partly) past the right edge of its scrolling box. */
async function headersPastRight(table: Locator): Promise<string[]> {
  return table.evaluate((t) => {
    let box = t.parentElement as HTMLElement;
    while (box.parentElement && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
    const row = t.querySelector('thead tr') as HTMLElement;
    return Array.from(row.querySelectorAll<HTMLElement>('th'))
      .filter((th) => th.getBoundingClientRect().right > edge + 2)
      .map((th) => (th.textContent ?? '').replace(/[▲▼]/g, '').trim());
  });
}

/**
 * A table wider than its box says how it continues, on screen with the table's top (the box's own
 * scrollbar may be below the window's edge): `cue` names the columns past the right edge, and its
 * button brings the first of them into the box. Returns the names it gave.
 */
export async function expectSaysHowItContinues(table: Locator, cue: Locator): Promise<string[]> {
  const hidden = await headersPastRight(table);
  expect(hidden.length, 'columns past the box edge').toBeGreaterThan(0);
  const more = cue.getByRole('button', { name: /more columns?: .* →$/ });
  await expect(more).toBeVisible();
  await expect(more).toBeInViewport();
  for (const name of hidden.slice(0, 3)) await expect(more).toContainText(name);
  await more.click();
  await expect.poll(() => headersPastRight(table)).not.toContain(hidden[0]);
  // The way back names what went out of view on the left.
  await expect(cue.getByRole('button', { name: /^← / })).toBeVisible();
  return hidden;
}
