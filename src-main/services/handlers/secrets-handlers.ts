import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function secretsHandlers(ctx: ServiceContext): Handlers['secrets'] {
  return {
    status: (profileId) => ctx.secretStatus(profileId),
    set: async (profileId, kind, value) => {
      await ctx.credentials.set(ctx.profile(profileId).id, kind, value);
      return ctx.secretStatus(profileId);
    },
    clear: async (profileId, kind) => {
      await ctx.credentials.delete(ctx.profile(profileId).id, kind);
      return ctx.secretStatus(profileId);
    },
  };
}
