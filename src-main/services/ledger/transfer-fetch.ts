// Where a profile's transfers come from: its ledger-data address, its ledger JWT and where that
// travels, its default validator node. Resolved once per call, shared by paging and export, so the
// two can never disagree about which service, secret or node a party's legs are read from. Main
// only: this is where the JWT meets the network.
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { serviceUrls } from '../connection.ts';
import { requireSecret, secretFor } from '../credentials/profile-secrets.ts';
import { ServiceError, withoutSecrets } from '../errors.ts';
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

/** A page error the ledger engine met reading the bytes, with the profile's JWT taken out of its words (they may quote the answer). */
export async function scrubbedTransferError(
  ctx: ServiceContext,
  profileId: string,
  error: { code: ServiceError['code']; message: string; details?: Record<string, unknown> },
): Promise<{ code: ServiceError['code']; message: string; details?: Record<string, unknown> }> {
  const jwt = await secretFor(ctx, ctx.profile(profileId), 'ledgerJwt').catch(() => null);
  const clean = withoutSecrets(new ServiceError(error.code, error.message, error.details), {
    jwt: jwt ?? undefined,
  }) as ServiceError;
  return { code: clean.code, message: clean.message, ...(clean.details ? { details: clean.details } : {}) };
}
