// The JSON tree's scrolling: its rows virtualised in the scroll box, and the row brought to the
// middle of it when the search moves to a match or a focus is asked for (Side by side's difference).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { useTreeExpansion } from './use-tree-expansion.ts';

export const ROW_HEIGHT = 22;

/** `focus`: a path to open the way to and scroll into view; a new `seq` asks again for the same path. */
export function useTreeScroll(tree: ReturnType<typeof useTreeExpansion>, focus: { path: string; seq: number } | null) {
  const { rows, currentMatch } = tree;
  const scroller = useRef<HTMLElement>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
  });

  useEffect(() => {
    if (!currentMatch) return;
    const index = rows.findIndex((row) => row.path === currentMatch);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [currentMatch, rows, virtualizer]);

  // A focus asked for: open the way once per request, then scroll once the row exists.
  const { revealPath } = tree;
  const toScroll = useRef<string | null>(null);
  const focusSeq = focus?.seq;
  const focusPath = focus?.path ?? null;
  useEffect(() => {
    if (focusSeq === undefined || focusPath === null) return;
    toScroll.current = focusPath;
    revealPath(focusPath);
  }, [focusSeq, focusPath, revealPath]);
  useEffect(() => {
    if (toScroll.current === null) return;
    const index = rows.findIndex((row) => row.path === toScroll.current);
    if (index >= 0) {
      toScroll.current = null;
      virtualizer.scrollToIndex(index, { align: 'center' });
    }
  }, [rows, virtualizer]);

  return { scroller, virtualizer, focusPath };
}
