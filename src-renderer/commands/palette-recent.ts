// The palette's recent views: each titled as it was, with a saved party's label in place of its
// short id, and when it was opened.
import type { SavedParty } from '../../src-shared/contract/schemas.ts';
import type { RecentView } from '../../src-shared/contract/views.ts';
import { shortParty } from '../../src-shared/links/view-title.ts';
import type { PaletteItem } from './palette-item.ts';
import { openRecentView, partyOfRecent } from './recent-source.ts';

export function recentItems(recent: readonly RecentView[], saved: readonly SavedParty[]): PaletteItem[] {
  return recent.map((view) => ({
    id: `recent:${view.link}`,
    group: 'Recent views',
    label: titleWithLabel(view.title, partyOfRecent(view), saved),
    detail: localMinute(view.at),
    keywords: [view.kind, 'recent'],
    run: () => openRecentView(view),
  }));
}

/** A recent view's title with the party's saved label in place of its short id, when it has one. */
function titleWithLabel(title: string, party: string | null, saved: readonly SavedParty[]): string {
  const label = party ? saved.find((p) => p.party === party)?.label : undefined;
  if (!party || !label) return title;
  return title.replace(shortParty(party), label);
}

/** 2026-11-24 10:59, local time: the app's own date style (ISO order, 24-hour). */
function localMinute(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
