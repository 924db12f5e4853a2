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
