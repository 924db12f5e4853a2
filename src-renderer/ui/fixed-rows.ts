// Windowing for a table whose rows all have one height and whose row count is the store's (up to
// ten million legs): the rows in view are worked out from the scroll position alone, in time that
// does not grow with the count. TanStack Virtual (kept for the tables of a few thousand rows)
// builds one measurement object per row whenever the count changes: 14 ms and a garbage
// collection per filter change at 1M legs (docs/performance.md, "Filter change painted").
// Browsers stop laying out an element near 33.5 million px (Chromium; 17.9 million in Firefox): a
// table taller than MAX_SCROLL_PX is drawn that tall and its scroll position is scaled to the rows,
// so the last of ten million legs can be scrolled to (a wheel step then moves more than a row).
import { type RefObject, useLayoutEffect, useState } from 'react';

export const MAX_SCROLL_PX = 15_000_000;

export interface FixedRow {
  index: number;
  /** Where the row is drawn, in px from the top of the rows' box. */
  top: number;
}

export interface FixedRowsWindow {
  rows: FixedRow[];
  /** The rows' box height: count x rowHeight, at most MAX_SCROLL_PX. */
  height: number;
}

/** The rows to draw for a scroll position (pure: what the hook renders, tested on its own). */
export function rowsInView(
  count: number,
  rowHeight: number,
  overscan: number,
  scrollTop: number,
  viewportPx: number,
  maxPx = MAX_SCROLL_PX,
): FixedRowsWindow {
  const full = count * rowHeight;
  const height = Math.min(full, maxPx);
  if (count === 0) return { rows: [], height: 0 };
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, height - viewportPx)));
  // Where the view's top is among the rows: the scroll position itself, or scaled when the box is capped.
  const virtualTop = full <= maxPx || height <= viewportPx ? top : (top * (full - viewportPx)) / (height - viewportPx);
  const first = Math.max(0, Math.floor(virtualTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((virtualTop + viewportPx) / rowHeight) + overscan);
  const rows: FixedRow[] = [];
  for (let index = first; index <= last; index++) rows.push({ index, top: index * rowHeight - virtualTop + top });
  return { rows, height };
}

/**
 * The scroll position that puts row `index` in the middle of a view `viewportPx` tall (the inverse
 * of rowsInView's scaling): where the keyboard grid scrolls to reach a row that is not drawn.
 */
export function scrollTopFor(
  index: number,
  count: number,
  rowHeight: number,
  viewportPx: number,
  maxPx = MAX_SCROLL_PX,
): number {
  const full = count * rowHeight;
  const height = Math.min(full, maxPx);
  const virtualTop = Math.max(0, Math.min(index * rowHeight - (viewportPx - rowHeight) / 2, full - viewportPx));
  if (full <= maxPx || height <= viewportPx) return virtualTop;
  return (virtualTop * (height - viewportPx)) / (full - viewportPx);
}

/** The rows in view of `scrollRef`'s element, following its scrolling and its size. */
export function useFixedRows({
  count,
  rowHeight,
  overscan,
  scrollRef,
}: {
  count: number;
  rowHeight: number;
  overscan: number;
  scrollRef: RefObject<HTMLElement | null>;
}): FixedRowsWindow {
  const [view, setView] = useState({ scrollTop: 0, viewportPx: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () =>
      setView((current) =>
        current.scrollTop === element.scrollTop && current.viewportPx === element.clientHeight
          ? current
          : { scrollTop: element.scrollTop, viewportPx: element.clientHeight },
      );
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resized = new ResizeObserver(read);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resized.disconnect();
    };
  }, [scrollRef]);
  return rowsInView(count, rowHeight, overscan, view.scrollTop, view.viewportPx);
}
