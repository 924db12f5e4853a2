import { listChains } from '../chains/list-chains.ts';
import type { Handlers } from '../dispatch.ts';
import type { ServiceContext } from '../service-context.ts';

export function chainsHandlers(ctx: ServiceContext): Handlers['chains'] {
  return {
    list: (profileId) => listChains(ctx, profileId),
  };
}
