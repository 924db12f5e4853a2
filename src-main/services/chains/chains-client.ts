// GET {translate_url}/evm/chains with the apiKey header, or {partner_url}/evm/chains with a
// partner bearer token. The spec does not show the response shape, so parsing is tolerant:
// an array of objects that each have a string `name`; every other field is kept for display.
import type { ChainListing, ChainSummary } from '../../../src-shared/contract/schemas.ts';
import { ServiceError, withoutSecrets } from '../errors.ts';
import { expectJson, httpRequest } from '../http/http-client.ts';

export interface ChainListingRequest {
  auth:
    | { kind: 'apiKey'; apiKey: string; translateUrl: string }
    | { kind: 'partnerBearer'; token: string; partnerUrl: string };
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The largest chain listing main reads: a few hundred chains are tens of KB. */
const MAX_LISTING_BYTES = 8 * 1024 * 1024;

export async function fetchChainListing(request: ChainListingRequest): Promise<ChainListing> {
  const { auth } = request;
  try {
    return await fetchListing(request);
  } catch (error) {
    throw withoutSecrets(error, auth.kind === 'apiKey' ? { apiKey: auth.apiKey } : { partnerToken: auth.token });
  }
}

async function fetchListing(request: ChainListingRequest): Promise<ChainListing> {
  const { auth } = request;
  const url = `${auth.kind === 'apiKey' ? auth.translateUrl : auth.partnerUrl}/evm/chains`;
  const headers: Record<string, string> =
    auth.kind === 'apiKey' ? { apiKey: auth.apiKey } : { Authorization: `Bearer ${auth.token}` };
  const what = 'Chain listing';
  const response = await httpRequest({
    url,
    headers,
    what,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    maxBytes: MAX_LISTING_BYTES,
    secretName: auth.kind === 'apiKey' ? 'API key' : 'partner token',
  });
  const body = expectJson(response, what);
  return { chains: parseChains(body), fetchedAt: new Date().toISOString(), source: url };
}

export function parseChains(body: unknown): ChainSummary[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { chains?: unknown }).chains)
      ? (body as { chains: unknown[] }).chains
      : null;
  if (!list) {
    throw new ServiceError('bad_response', `Chain listing: expected a JSON array of chains, got ${describeJson(body)}`);
  }
  return list.map((item, index) => {
    if (!item || typeof item !== 'object' || typeof (item as { name?: unknown }).name !== 'string') {
      throw new ServiceError(
        'bad_response',
        `Chain listing: item ${index} has no string "name" (${describeJson(item)})`,
      );
    }
    return { name: (item as { name: string }).name, fields: item as Record<string, unknown> };
  });
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? `an object with keys ${Object.keys(value).slice(0, 5).join(', ')}` : typeof value;
}
