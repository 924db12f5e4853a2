// The legs of a view a windowed table draws: the first window (whose answer counts the view), the
// window under the top row and the next when the view spans two, and which rows are in view.
import type { RefObject } from 'react';
import type { LocalLeg, LocalLegsPage } from '../../../../src-shared/contract/local-ledger.ts';
import { type LegsView, useLegsWindow } from '../../../data/local-ledger.ts';
import { useFixedRows } from '../../../ui/fixed-rows.ts';

const WINDOW = 100;
export const ROW_HEIGHT = 30;

function legAt(page: LocalLegsPage | undefined, index: number): LocalLeg | undefined {
  if (!page) return undefined;
  return page.legs[index - page.offset];
}

export function useLegsWindows(
  profileId: string,
  party: string,
  view: LegsView,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const first = useLegsWindow(profileId, party, view, { offset: 0, limit: WINDOW, enabled: true });
  // The row count comes from the view's own answer; a previous view's (placeholder) keeps the height meanwhile.
  const total = first.data?.total ?? 0;
  const { rows: items, height } = useFixedRows({ count: total, rowHeight: ROW_HEIGHT, overscan: 6, scrollRef });
  const top = items[0]?.index ?? 0;
  const bottom = items.at(-1)?.index ?? 0;
  const base = Math.floor(top / WINDOW) * WINDOW;
  const here = useLegsWindow(profileId, party, view, { offset: base, limit: WINDOW, enabled: base > 0 });
  const next = useLegsWindow(profileId, party, view, {
    offset: base + WINDOW,
    limit: WINDOW,
    enabled: bottom >= base + WINDOW,
  });
  const pages = [first, here, next].filter((q) => q.data && !q.isPlaceholderData).map((q) => q.data);
  return {
    first,
    total,
    items,
    height,
    /** The legs of the windows fetched (what the columns are sized to). */
    loaded: pages.flatMap((p) => p?.legs ?? []),
    /** The leg at a row, if a window holding it has come. */
    legAt: (index: number) => pages.map((p) => legAt(p, index)).find((l) => l !== undefined),
    counted: first.data && !first.isPlaceholderData,
    error: first.error ?? here.error ?? next.error,
  };
}
