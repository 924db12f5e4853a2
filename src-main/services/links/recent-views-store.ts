// The last 50 views the user opened: recent-views.json in the user-data folder, newest first, one
// entry per link, written atomically and coalesced (settings/coalesced-write.ts). Every entry read
// back is parsed again as a link: a hand-edited file cannot smuggle in a link the app would refuse.
// A file that cannot be used is set aside (.corrupt-<time>) and the list starts empty.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_LINK_CHARS } from '../../../src-shared/contract/view-target.ts';
import type { RecentView } from '../../../src-shared/contract/views.ts';
import { parseViewLink } from '../../../src-shared/links/view-link.ts';
import { MAX_RECENT_VIEWS } from '../../../src-shared/links/view-target-check.ts';
import { moveAside, removeStaleTemps } from '../../files/atomic-write.ts';
import { CoalescedWrite } from '../settings/coalesced-write.ts';

export const RECENT_VIEWS_FILE = 'recent-views.json';

const RecentViewSchema = z.strictObject({
  link: z.string().max(MAX_LINK_CHARS),
  title: z.string().max(500),
  kind: z.enum(['transfers', 'chain', 'rpc']),
  profile: z.string(),
  at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<RecentView>;

export class RecentViewsStore {
  private views: RecentView[];
  private readonly writer: CoalescedWrite;

  private constructor(path: string, views: RecentView[]) {
    this.views = views;
    this.writer = new CoalescedWrite(path, 'The recent views', null, () => ({ version: 1, views: this.views }));
  }

  static async open(userDataDir: string): Promise<RecentViewsStore> {
    await mkdir(userDataDir, { recursive: true, mode: 0o700 });
    const path = join(userDataDir, RECENT_VIEWS_FILE);
    await removeStaleTemps(path);
    let text: string | null = null;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      // Missing or unreadable: recent views are a convenience, start with none.
    }
    const views = text === null ? [] : readViews(text);
    if (views === null) await moveAside(path, 'corrupt');
    return new RecentViewsStore(path, views ?? []);
  }

  list(): RecentView[] {
    return this.views.map((view) => ({ ...view }));
  }

  /** Puts the view first (an older entry with the same link goes) and keeps the newest 50. */
  async record(view: RecentView): Promise<RecentView[]> {
    this.views = [view, ...this.views.filter((v) => v.link !== view.link)].slice(0, MAX_RECENT_VIEWS);
    await this.writer.flush();
    return this.list();
  }

  flushed(): Promise<void> {
    return this.writer.flushed();
  }
}

/** The usable entries, or null when the file is not a recent-views file at all. */
function readViews(text: string): RecentView[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const list = (data as { views?: unknown } | null)?.views;
  if (!Array.isArray(list)) return null;
  const seen = new Set<string>();
  const views: RecentView[] = [];
  for (const entry of list) {
    const parsed = RecentViewSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.link)) continue;
    const link = parseViewLink(parsed.data.link);
    if (!link.ok || link.target.kind !== parsed.data.kind || link.target.profile !== parsed.data.profile) continue;
    seen.add(parsed.data.link);
    views.push(parsed.data);
  }
  return views.slice(0, MAX_RECENT_VIEWS);
}
