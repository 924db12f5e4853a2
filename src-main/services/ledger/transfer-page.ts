// A transfer page's answer, read from its bytes: strict UTF-8 JSON (json-answer.ts), checked against
// the spec's shapes (transfer-responses.ts), as the TransferPage every reader uses. Pure: no network,
// no secrets. Main fetches the bytes (ledger-client.ts, the one place that holds the JWT); whoever
// stores the page reads them here: main for the explorer's screen, the ledger engine for a sync
// (docs/architecture.md, "The ledger engine").
import type { TransferPage } from '../../../src-shared/contract/transfers.ts';
import { ServiceError } from '../errors.ts';
import { checkAnswer, NOT_JSON, strictText } from '../json-answer.ts';
import { describeZodIssue, knownLeg, TransferListSchema, unknownFields } from './transfer-responses.ts';

export const WHAT = 'Transfers';

/** A 200 answer of the transfers interface as main fetched it: its bytes, unread, and what the reader needs beside them. */
export interface TransferBody {
  bytes: Uint8Array;
  /** The address asked, without any JWT (a relative nextPageUrl resolves against it). */
  url: string;
  /** The node asked (the filters' or the profile's default), or null. */
  nodeId: string | null;
  elapsedMs: number;
  status: number;
  contentType: string | null;
  /** Content-Length as the service declared it, or null. */
  declaredBytes: number | null;
}

/** The page in a TransferBody, or the bad_response that says what is wrong with it. */
export function parseTransferPage(body: TransferBody): TransferPage {
  const requested = new URL(body.url);
  const target = `${requested.origin}${requested.pathname}`;
  const text = strictText(body.bytes, WHAT, target, body.status);
  const json = checkAnswer(text, body.contentType, WHAT, target, {
    status: body.status,
    received: body.bytes.byteLength,
    declared: body.declaredBytes,
  });
  if (json === NOT_JSON) {
    throw new ServiceError('bad_response', `${WHAT}: the answer is not JSON (${text.slice(0, 120)})`);
  }
  const parsed = TransferListSchema.safeParse(json);
  if (!parsed.success) {
    throw new ServiceError(
      'bad_response',
      `${WHAT}: the answer does not match the interface (${describeZodIssue(parsed.error)})`,
    );
  }
  const list = parsed.data;
  const legs = list.transfers ?? [];
  return {
    party: list.party,
    legs: legs.map(knownLeg),
    count: list.count,
    hasNextPage: list.hasNextPage,
    next: list.hasNextPage && list.nextPageUrl ? withoutJwt(list.nextPageUrl, requested) : null,
    unknownFields: unknownFields(list as Record<string, unknown>, legs as Array<Record<string, unknown>>),
    nodeId: body.nodeId,
    elapsedMs: Math.round(body.elapsedMs),
  };
}

/**
 * Removes the named parameters from the query, keeping every other pair exactly as written: the
 * cursor (spec rule 7: opaque) goes back byte for byte. URLSearchParams would re-encode the whole
 * query (`~` becomes `%7E`, `%20` becomes `+`), which a server comparing raw cursors refuses.
 */
export function dropParams(url: URL, names: readonly string[]): void {
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !names.includes(paramName(pair)));
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
}

function paramName(pair: string): string {
  const raw = pair.split('=', 1)[0];
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * nextPageUrl as the renderer may see it: any URI reference (spec rule 7 does not show its form:
 * absolute, path-absolute, relative path or query only) resolved per RFC 3986 against the URL of
 * the request that returned it, without any JWT the service may have echoed. Where it points is
 * checked when it is followed (ledger-client.ts, nextUrl).
 */
export function withoutJwt(url: string, requested?: URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url, requested);
  } catch {
    throw new ServiceError('bad_response', `The service's nextPageUrl is not a URL (${url.slice(0, 120)}).`);
  }
  dropParams(parsed, ['jwt']);
  return parsed.toString();
}
