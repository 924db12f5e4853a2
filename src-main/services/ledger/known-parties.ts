import type { KnownParties } from '../../../src-shared/contract/transfers.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Parties to offer by name, so a new user has something to pick: the sandbox profile's are the
 * local network's own. The spec has no listing of parties, so a remote profile offers none.
 */
export async function knownParties(ctx: ServiceContext, profileId: string): Promise<KnownParties> {
  if (ctx.profile(profileId).kind !== 'sandbox') return { source: null, parties: [] };
  const network = await ctx.sandbox.start();
  return {
    source: 'sandbox',
    parties: (network?.parties ?? []).map((party) => ({ party, name: party.split('::')[0] })),
  };
}
