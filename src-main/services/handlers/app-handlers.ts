import { appInfo } from '../app-info.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function appHandlers(ctx: ServiceContext): Handlers['app'] {
  return {
    info: async () => appInfo(ctx),
    cancel: async (requestId) => ctx.requests.cancel(requestId),
  };
}
