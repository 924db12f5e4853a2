import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function appHandlers(ctx: ServiceContext): Handlers['app'] {
  return {
    info: async () => {
      // Checked in the background: if the keychain has gone, a later app:info says so.
      ctx.credentials.recheck();
      return {
        version: ctx.version,
        platform: process.platform,
        secretStorage: ctx.credentials.storageInfo(),
        sandbox: { running: ctx.sandbox !== null, baseUrl: ctx.sandbox?.urls.baseUrl ?? null, error: ctx.sandboxError },
        transport: ctx.transport,
      };
    },
    cancel: async (requestId) => ctx.requests.cancel(requestId),
  };
}
