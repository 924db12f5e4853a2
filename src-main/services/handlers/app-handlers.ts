import { appInfo } from '../app-info.ts';
import type { LinksHost } from '../links/links-host.ts';
import type { OnFirstUse } from '../on-first-use.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function appHandlers(ctx: ServiceContext, links: OnFirstUse<LinksHost>): Handlers['app'] {
  return {
    info: async () => appInfo(ctx),
    cancel: async (requestId) => ctx.requests.cancel(requestId),
    nextEvent: async () => (await links.get()).nextEvent(),
  };
}
