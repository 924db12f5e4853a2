import { appInfo } from '../app-info.ts';
import type { Handlers } from '../dispatch.ts';
import { ServiceError } from '../errors.ts';
import type { LinksHost } from '../links/links-host.ts';
import type { OnFirstUse } from '../on-first-use.ts';
import type { ServiceContext } from '../service-context.ts';

export function appHandlers(ctx: ServiceContext, links: OnFirstUse<LinksHost>, userDataDir: string): Handlers['app'] {
  return {
    info: async () => appInfo(ctx, userDataDir),
    cancel: async (requestId) => ctx.requests.cancel(requestId),
    nextEvent: async () => (await links.get()).nextEvent(),
    reveal: async (target) => (await import('../desktop/reveal.ts')).revealFolder(ctx, userDataDir, target),
    download: async (path) => {
      if (!ctx.downloads) {
        throw new ServiceError(
          'unsupported',
          'The desktop app saves a file where you choose: there is nothing to download.',
        );
      }
      return ctx.downloads.offer(path);
    },
  };
}
