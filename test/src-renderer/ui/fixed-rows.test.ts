// The local table's windowing: the rows drawn for a scroll position, at any count (ten million legs
// included: past the height a browser lays out, the scroll position is scaled to the rows).
import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_PX, rowsInView, scrollTopFor } from '../../../src-renderer/ui/fixed-rows.ts';

const ROW = 30;

describe('rowsInView', () => {
  it('draws the rows under the view and the overscan, at their own offsets, for a table that fits', () => {
    const { rows, height } = rowsInView(1000, ROW, 2, 3000, 300);
    expect(height).toBe(30_000);
    expect(rows.map((r) => r.index)).toEqual([98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112]);
    expect(rows.every((r) => r.top === r.index * ROW)).toBe(true);
  });

  it('draws nothing for no rows, and never past the last row', () => {
    expect(rowsInView(0, ROW, 6, 0, 600)).toEqual({ rows: [], height: 0 });
    const end = rowsInView(10, ROW, 6, 10_000, 600);
    expect(end.rows.at(-1)?.index).toBe(9);
    expect(end.rows[0].index).toBe(0);
  });

  it('reaches the last of ten million rows: the box stays under the browsers\u2019 limit and the scroll is scaled', () => {
    const count = 10_000_000;
    const view = 600;
    const top = rowsInView(count, ROW, 0, 0, view);
    expect(top.height).toBe(MAX_SCROLL_PX);
    expect(top.rows[0]).toEqual({ index: 0, top: 0 });
    // Scrolled to the bottom: the last row sits at the box's bottom edge.
    const bottom = rowsInView(count, ROW, 0, MAX_SCROLL_PX - view, view);
    expect(bottom.rows.at(-1)).toEqual({ index: count - 1, top: MAX_SCROLL_PX - ROW });
    // Half way down the scroll bar is half way through the rows, and the rows in view are contiguous, a row apart.
    const middle = rowsInView(count, ROW, 0, (MAX_SCROLL_PX - view) / 2, view);
    const first = middle.rows[0];
    expect(Math.abs(first.index - (count - view / ROW) / 2)).toBeLessThanOrEqual(1);
    expect(middle.rows.length).toBeGreaterThanOrEqual(view / ROW);
    for (let i = 1; i < middle.rows.length; i++) {
      expect(middle.rows[i].index).toBe(first.index + i);
      expect(middle.rows[i].top - middle.rows[i - 1].top).toBe(ROW);
    }
    // The rows drawn cover the view: the first starts at or above its top, the last ends at or below its bottom.
    const scrollTop = (MAX_SCROLL_PX - view) / 2;
    expect(first.top).toBeLessThanOrEqual(scrollTop);
    const last = middle.rows.at(-1) as { top: number };
    expect(last.top + ROW).toBeGreaterThanOrEqual(scrollTop + view);
  });
});

describe('scrollTopFor', () => {
  it('puts the row in the middle of the view, and the view inside the table at its ends', () => {
    expect(scrollTopFor(500, 1000, ROW, 600)).toBe(500 * ROW - 285);
    expect(scrollTopFor(0, 1000, ROW, 600)).toBe(0);
    expect(scrollTopFor(999, 1000, ROW, 600)).toBe(1000 * ROW - 600);
  });

  it('draws the row it scrolls to, at any count (the capped box of ten million rows too)', () => {
    for (const [count, index] of [
      [1000, 777],
      [10_000_000, 9_999_999],
      [10_000_000, 4_321_987],
    ]) {
      const top = scrollTopFor(index, count, ROW, 600);
      const { rows } = rowsInView(count, ROW, 0, top, 600);
      expect(rows.map((r) => r.index)).toContain(index);
    }
  });
});
