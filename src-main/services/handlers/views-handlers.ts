import type { LinksHost } from '../links/links-host.ts';
import type { OnFirstUse } from '../on-first-use.ts';
import type { Handlers } from './dispatch.ts';

/** Links and recent views (docs/links.md), loaded on first use. */
export function viewsHandlers(links: OnFirstUse<LinksHost>): Handlers['views'] {
  return {
    recent: async () => (await links.get()).recent(),
    record: async (target) => (await links.get()).record(target),
  };
}
