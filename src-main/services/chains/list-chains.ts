import type { ChainListing } from '../../../src-shared/contract/schemas.ts';
import { serviceUrls } from '../connection.ts';
import { requireSecret } from '../credentials/profile-secrets.ts';
import type { ServiceContext } from '../service-context.ts';
import { fetchChainListing } from './chains-client.ts';

/** The profile's chain listing, authenticated the way the profile says (API key, or partner bearer token). */
export async function listChains(ctx: ServiceContext, profileId: string): Promise<ChainListing> {
  const profile = ctx.profile(profileId);
  const urls = await serviceUrls(profile, ctx.sandbox);
  const timeoutMs = ctx.timeouts?.chainsMs;
  if (profile.chainAuth === 'apiKey') {
    const apiKey = await requireSecret(ctx, profile, 'apiKey', 'API key');
    return fetchChainListing({ auth: { kind: 'apiKey', apiKey, translateUrl: urls.translateUrl }, timeoutMs });
  }
  const token = await requireSecret(ctx, profile, 'partnerToken', 'marketplace-partner token');
  return fetchChainListing({ auth: { kind: 'partnerBearer', token, partnerUrl: urls.partnerUrl }, timeoutMs });
}
