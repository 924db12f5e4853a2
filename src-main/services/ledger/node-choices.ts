import type { NodeChoices } from '../../../src-shared/contract/transfers.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Validator nodes to offer in the node selector. The spec has no listing of nodes, so a remote
 * profile offers its own default only; the sandbox profile offers the local network's three.
 */
export async function nodeChoices(ctx: ServiceContext, profileId: string): Promise<NodeChoices> {
  const profile = ctx.profile(profileId);
  if (profile.kind === 'sandbox') {
    const nodes = (await ctx.sandbox.start())?.validatorNodes ?? [];
    return {
      defaultNodeId: profile.defaultNodeId,
      known: nodes.map((n) => ({
        id: n.id,
        note: n.state === 'quarantined' ? 'quarantined' : n.default ? 'deployment default' : null,
      })),
    };
  }
  return {
    defaultNodeId: profile.defaultNodeId,
    known: profile.defaultNodeId ? [{ id: profile.defaultNodeId, note: 'profile default' }] : [],
  };
}
