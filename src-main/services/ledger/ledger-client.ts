// The ledger-data interface: GET {base_url}/api/v2/parties/{party}/tokenTransfers.
// The JWT comes from main's keychain (header by default, query when the profile says so), the
// nodeId from the filters or the profile. Every answer is checked against the spec's shapes and
// every error status becomes a typed error carrying the server's own words.
import type { TransferFilters, TransferPage } from '../../../src-shared/contract/transfers.ts';
import { ServiceError, withoutSecrets } from '../errors.ts';
import { type HttpResponse, httpRequest, parsedBody, statusError } from '../http/http-client.ts';
import { dropParams, parseTransferPage, type TransferBody, WHAT } from './transfer-page.ts';
import { looksQuarantined, QuarantinedNodeSchema, StartupStatusSchema } from './transfer-responses.ts';

export interface TransferPageCall {
  baseUrl: string;
  jwt: string;
  /** Where the JWT and nodeId go: headers (default) or query parameters. */
  placement: 'header' | 'query';
  filters: TransferFilters;
  /** The profile's default node, used when the filters name none. */
  defaultNodeId: string | null;
  /** A previous page's `next`, or null for page one. */
  next: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Connection failures are retried this many times, with backoff (default 2). */
  retries?: number;
}

/** The largest page main reads: a 1000-leg page (the most the spec allows) is about 1 MB. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/**
 * Page one's address. The party is one path segment as RFC 6570 expands `{party}` (`::` becomes
 * `%3A%3A`); query values are percent-encoded as RFC 3986 says (a space is `%20`, never `+`, which a
 * server that does not decode forms would read as a plus). Rules in docs/service-decisions.md.
 */
export function transfersUrl(baseUrl: string, filters: TransferFilters): URL {
  const url = new URL(`${baseUrl}/api/v2/parties/${encodeURIComponent(filters.party)}/tokenTransfers`);
  const p: Array<[string, string]> = [];
  if (filters.asset.kind === 'ledgerCoin') p.push(['assetKind', 'ledger_coin']);
  if (filters.asset.kind === 'instrument') {
    p.push(['instrumentAdmin', filters.asset.admin], ['instrumentId', filters.asset.id]);
  }
  p.push(['pageSize', String(filters.pageSize)], ['orderDesc', String(filters.orderDesc)]);
  if (filters.effectiveAfter) p.push(['effectiveAfter', filters.effectiveAfter]);
  if (filters.effectiveBefore) p.push(['effectiveBefore', filters.effectiveBefore]);
  for (const [name, value] of p) addParam(url, name, value);
  return url;
}

function addParam(url: URL, name: string, value: string): void {
  url.search = `${url.search ? `${url.search}&` : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * The URL for `next`: only a transfers address of this profile's own service is followed, so a
 * service (or a tampered renderer) cannot make main send the JWT somewhere else.
 */
function nextUrl(baseUrl: string, next: string): URL {
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    throw new ServiceError('invalid_argument', 'The next-page address is not a URL.');
  }
  const base = new URL(baseUrl);
  if (url.origin !== base.origin) {
    throw new ServiceError(
      'bad_response',
      `The service's next page is at another origin (${url.origin}) than this profile's service (${base.origin}); it was not followed, and the JWT was not sent there.`,
      { nextOrigin: url.origin },
    );
  }
  if (!url.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/api/v2/parties/`)) {
    throw new ServiceError(
      'bad_response',
      `The service's nextPageUrl points outside ${base.origin}${base.pathname}; it was not followed.`,
    );
  }
  return url;
}

/** One page, fetched and read here (the explorer's screen, exports, node compare). */
export async function fetchTransferPage(call: TransferPageCall): Promise<TransferPage> {
  try {
    return parseTransferPage(await fetchBody(call));
  } catch (error) {
    throw withoutSecrets(error, { jwt: call.jwt });
  }
}

/**
 * One page's answer as its bytes, unread: what main hands the ledger engine, which reads it with
 * the same parseTransferPage (transfer-page.ts). Error statuses are errors here, as for any page.
 */
export async function fetchTransferBody(call: TransferPageCall): Promise<TransferBody> {
  try {
    return await fetchBody(call);
  } catch (error) {
    throw withoutSecrets(error, { jwt: call.jwt });
  }
}

async function fetchBody(call: TransferPageCall): Promise<TransferBody> {
  const url = call.next ? nextUrl(call.baseUrl, call.next) : transfersUrl(call.baseUrl, call.filters);
  const nodeId = call.filters.nodeId ?? call.defaultNodeId;
  // A 500 may come as problem details (spec 7): both types are asked for.
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
  dropParams(url, ['jwt', 'nodeId']);
  if (call.placement === 'query') {
    addParam(url, 'jwt', call.jwt);
    if (nodeId) addParam(url, 'nodeId', nodeId);
  } else {
    headers.jwt = call.jwt;
    if (nodeId) headers.nodeId = nodeId;
  }

  const started = performance.now();
  const response = await withRetries(call, () =>
    httpRequest({
      url: url.toString(),
      headers,
      what: WHAT,
      signal: call.signal,
      timeoutMs: call.timeoutMs ?? 20_000,
      maxBytes: MAX_PAGE_BYTES,
      secretName: 'JWT',
      rawBody: true,
    }),
  );
  if (response.status !== 200) throw transferError(response);
  // The address as a reader may see it: no JWT (query placement puts it there).
  dropParams(url, ['jwt']);
  const declared = response.headers.get('content-length');
  return {
    bytes: response.bytes ?? new Uint8Array(),
    url: url.toString(),
    nodeId,
    elapsedMs: performance.now() - started,
    status: response.status,
    contentType: response.headers.get('content-type'),
    declaredBytes: declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null,
  };
}

async function withRetries(call: TransferPageCall, attempt: () => Promise<HttpResponse>): Promise<HttpResponse> {
  const retries = call.retries ?? 2;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      // A certificate that is not trusted stays untrusted: only a dropped connection is worth asking again.
      const retryable =
        error instanceof ServiceError && error.code === 'network' && !error.details?.certificateError && n < retries;
      if (!retryable || call.signal?.aborted) throw error;
      await pause(250 * 3 ** n, call.signal);
    }
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Every error status of the spec (section 7) as a typed error: the two 503 bodies first, then the common mapping. */
export function transferError(response: HttpResponse): ServiceError {
  const { status } = response;
  if (status === 503) {
    const body = parsedBody(response.text);
    const startup = StartupStatusSchema.safeParse(body);
    if (startup.success) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const s = startup.data;
      return new ServiceError(
        'service_starting',
        `${WHAT}: the service is still starting (phase ${s.phaseNumber} of ${s.totalPhases}${s.phase ? `: ${s.phase}` : ''})`,
        {
          status,
          startup: s,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) : 2,
        },
      );
    }
    const quarantined = looksQuarantined(body) ? QuarantinedNodeSchema.safeParse(body) : null;
    if (quarantined?.success) {
      const q = quarantined.data;
      return new ServiceError(
        'node_quarantined',
        `${WHAT}: validator node ${q.nodeId ?? '(unnamed)'} is quarantined${q.detail ? ` — ${q.detail}` : ''}`,
        { status, quarantine: q },
      );
    }
  }
  return statusError(response, WHAT);
}
