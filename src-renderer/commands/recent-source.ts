// Where the palette gets recent views (data/views.ts, newest first) and how it opens one: through
// the link router with the view's own link, so it gets every check a pasted link gets (its profile
// still exists, nothing is sent).
import type { RecentView } from '../../src-shared/contract/views.ts';
import { parseViewLink } from '../../src-shared/links/view-link.ts';
import { useRecentViews } from '../data/views.ts';
import { openLink } from '../navigation/link-requests.ts';

export function useRecentViewList(): RecentView[] {
  return useRecentViews().data ?? [];
}

/** The party a recent transfers view is about (the title is for people, the link is exact). */
export function partyOfRecent(view: RecentView): string | null {
  if (view.kind !== 'transfers') return null;
  const parsed = parseViewLink(view.link);
  return parsed.ok && parsed.target.kind === 'transfers' ? parsed.target.filters.party : null;
}

export function openRecentView(view: RecentView): void {
  openLink(view.link);
}
