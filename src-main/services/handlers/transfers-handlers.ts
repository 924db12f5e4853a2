import type { Handlers } from '../dispatch.ts';
import { knownParties } from '../ledger/known-parties.ts';
import { nodeChoices } from '../ledger/node-choices.ts';
import { tokenInfoOf } from '../ledger/token-info.ts';
import { transferPage } from '../ledger/transfer-fetch.ts';
import { onFirstUse } from '../on-first-use.ts';
import type { ServiceContext } from '../service-context.ts';

export function transfersHandlers(ctx: ServiceContext): Handlers['transfers'] {
  const nodeCompare = onFirstUse(() => import('../ledger/node-compare.ts'));
  return {
    page: (request) => transferPage(ctx, request),
    tokenInfo: (profileId) => tokenInfoOf(ctx, profileId),
    nodes: (profileId) => nodeChoices(ctx, profileId),
    knownParties: (profileId) => knownParties(ctx, profileId),
    compareNodes: async (request) => (await nodeCompare.get()).compareNodes(ctx, request),
  };
}
