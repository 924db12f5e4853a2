import { serviceUrls } from '../connection.ts';
import { fetchTransferPage } from '../ledger/ledger-client.ts';
import { readTokenInfo } from '../ledger/token-info.ts';
import { VALIDATOR_NODES } from '../sandbox/ledger/validator-nodes.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function transfersHandlers(ctx: ServiceContext): Handlers['transfers'] {
  return {
    page: async ({ requestId, profileId, filters, next }) => {
      const profile = ctx.profile(profileId);
      const { baseUrl } = serviceUrls(profile, ctx.sandbox);
      const jwt = await ctx.requireSecret(profile, 'ledgerJwt', 'ledger JWT');
      return ctx.requests.run(requestId, (signal) =>
        fetchTransferPage({
          baseUrl,
          jwt,
          placement: profile.ledgerAuthPlacement,
          filters,
          defaultNodeId: profile.defaultNodeId,
          next,
          signal,
          timeoutMs: ctx.timeouts?.transfersMs,
        }),
      );
    },
    tokenInfo: async (profileId) => readTokenInfo(await ctx.secretFor(ctx.profile(profileId), 'ledgerJwt')),
    nodes: async (profileId) => {
      const profile = ctx.profile(profileId);
      if (profile.kind === 'sandbox') {
        return {
          defaultNodeId: profile.defaultNodeId,
          known: VALIDATOR_NODES.map((n) => ({
            id: n.id,
            note: n.state === 'quarantined' ? 'quarantined' : n.default ? 'deployment default' : null,
          })),
        };
      }
      return {
        defaultNodeId: profile.defaultNodeId,
        known: profile.defaultNodeId ? [{ id: profile.defaultNodeId, note: 'profile default' }] : [],
      };
    },
  };
}
