import { fetchChainListing } from '../chains/chains-client.ts';
import { serviceUrls } from '../connection.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function chainsHandlers(ctx: ServiceContext): Handlers['chains'] {
  return {
    list: async (profileId) => {
      const profile = ctx.profile(profileId);
      const urls = serviceUrls(profile, ctx.sandbox);
      return profile.chainAuth === 'apiKey'
        ? fetchChainListing({
            auth: {
              kind: 'apiKey',
              apiKey: await ctx.requireSecret(profile, 'apiKey', 'API key'),
              translateUrl: urls.translateUrl,
            },
            timeoutMs: ctx.timeouts?.chainsMs,
          })
        : fetchChainListing({
            auth: {
              kind: 'partnerBearer',
              token: await ctx.requireSecret(profile, 'partnerToken', 'marketplace-partner token'),
              partnerUrl: urls.partnerUrl,
            },
            timeoutMs: ctx.timeouts?.chainsMs,
          });
    },
  };
}
