// Where a profile's transfers come from: its ledger-data address, its ledger JWT and where that
// travels, its default validator node. Resolved once per call, shared by paging and export, so the
// two can never disagree about which service, secret or node a party's legs are read from. Main
// only: this is where the JWT meets the network.
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { serviceUrls } from '../connection.ts';
import { requireSecret } from '../credentials/profile-secrets.ts';
import type { ServiceContext } from '../service-context.ts';
import { fetchTransferBody, fetchTransferPage, type TransferPageCall } from './ledger-client.ts';
import type { TransferBody } from './transfer-page.ts';
import type { TransferSource } from './transfer-source.ts';

/** The profile's call to its transfers interface, less the page's own parts. */
async function pageCall(
  ctx: ServiceContext,
  profileId: string,
): Promise<Omit<TransferPageCall, 'filters' | 'next' | 'signal'>> {
  const profile = ctx.profile(profileId);
  const { baseUrl } = await serviceUrls(profile, ctx.sandbox);
  const jwt = await requireSecret(ctx, profile, 'ledgerJwt', 'ledger JWT');
  return {
    baseUrl,
    jwt,
    placement: profile.ledgerAuthPlacement,
    defaultNodeId: profile.defaultNodeId,
    timeoutMs: ctx.timeouts?.transfersMs,
  };
}

export async function openTransferSource(ctx: ServiceContext, profileId: string): Promise<TransferSource> {
  const call = await pageCall(ctx, profileId);
  return { fetchPage: (filters, next, signal) => fetchTransferPage({ ...call, filters, next, signal }) };
}

/** One page's bytes for the ledger engine (engine/engine-client.ts), which reads them itself. */
export async function transferBody(
  ctx: ServiceContext,
  request: { profileId: string; filters: TransferFilters; next: string | null },
  signal: AbortSignal,
): Promise<TransferBody> {
  const call = await pageCall(ctx, request.profileId);
  return fetchTransferBody({ ...call, filters: request.filters, next: request.next, signal });
}

/** One page for the explorer, abandoned when the renderer cancels `requestId` (a newer filter). */
export async function transferPage(
  ctx: ServiceContext,
  request: { requestId: string; profileId: string; filters: TransferFilters; next: string | null },
): Promise<TransferPage> {
  const source = await openTransferSource(ctx, request.profileId);
  return ctx.requests.run(request.requestId, (signal) => source.fetchPage(request.filters, request.next, signal));
}
