// One place that turns HTTP outcomes into ServiceErrors carrying the server's own words, and the one
// place that meets a hostile or broken service: every interface (ledger data, chain listing, node
// access) reads its answers here, so each limit below holds for all three (docs/faults.md).
// - Size: an answer larger than the caller's cap is refused by its Content-Length before reading, or
//   cancelled as soon as the count passes the cap, so memory stays bounded whatever the service sends.
// - Redirects are never followed (same origin included): the credential is in the headers or the
//   query, and a redirect must never carry it to an address the user did not configure.
// - Answers are JSON: strict UTF-8, at most MAX_ANSWER_DEPTH levels deep (checked on the parsed value
//   before any caller gets it, so nothing downstream, zod or the renderer's tree, is ever handed
//   something deeper), and a 2xx HTML page (a proxy's sign-in page) is named as such.
// - Certificates are always checked; an untrusted one is named, never bypassed.
import { formatBytes } from '../../../src-shared/contract/rpc.ts';
import { ServiceError } from '../errors.ts';
import {
  checkAnswer,
  htmlPageSummary,
  looksLikeHtml,
  MAX_ANSWER_DEPTH,
  NOT_JSON,
  nestedDeeperThan,
  preview,
  safeTarget,
  strictText,
} from '../json-answer.ts';

// The answer checks live in json-answer.ts (pure: the ledger engine checks pages with them too).
export {
  htmlPageSummary,
  invalidUtf8Offset,
  jsonShape,
  looksLikeHtml,
  MAX_ANSWER_DEPTH,
  nestedDeeperThan,
  preview,
} from '../json-answer.ts';

import { pageBytes } from './page-buffers.ts';

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A 200 answer's body as its bytes, unread (`bytes`; `text` empty): for main to hand on to the
   * ledger engine, which checks it with the same rules (json-answer.ts). Any other status is read as always.
   */
  rawBody?: boolean;
  /** Used in messages: "chain listing", "transfers", ... */
  what: string;
  /** The largest answer read, in bytes (default DEFAULT_MAX_ANSWER_BYTES); each client sets its own. */
  maxBytes?: number;
  /** What the credential is called in messages ("JWT", "API key"): a refused redirect says it was not sent. */
  secretName?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /**
   * A 2xx answer that is JSON, parsed once here (with its depth checked) so callers need not parse
   * it again; absent when the answer is not JSON (callers then say so in their own words).
   */
  json?: unknown;
  /** A 200 answer's bytes, when the request asked for `rawBody`. */
  bytes?: Uint8Array;
}

const MB = 1024 * 1024;
/** For a caller that sets none: far above any page of any interface, far below what hurts main. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * MB;

const lenient = new TextDecoder();

export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const timeoutMs = request.timeoutMs ?? 15_000;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const target = safeTarget(request.url);
  const stopped = (): ServiceError | null => {
    if (request.signal?.aborted) return new ServiceError('cancelled', `${request.what}: request cancelled`);
    if (timeout.aborted) {
      return new ServiceError('timeout', `${request.what}: no answer from ${target} within ${timeoutMs / 1000} s`);
    }
    return null;
  };
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'manual',
    });
  } catch (error) {
    throw stopped() ?? noAnswer(error, request.what, request.url, target);
  }
  const { status } = response;
  if (status >= 300 && status <= 399) {
    await discard(response);
    throw redirected(response, request, target);
  }
  const declared = declaredLength(response.headers);
  if (declared !== null && declared > maxBytes) {
    await discard(response);
    throw tooLarge(request.what, target, maxBytes, declared, status);
  }
  // The status and headers arrived; the body may still stop short (a proxy or the service dying
  // mid-answer), trickle in, or never end: each is told apart from a connection that never answered.
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      received += part.value.byteLength;
      if (received > maxBytes) {
        await reader?.cancel().catch(() => {});
        throw tooLarge(request.what, target, maxBytes, null, status);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    if (request.signal?.aborted) throw stopped();
    if (timeout.aborted) throw trickled(request.what, target, received, timeoutMs, status);
    throw new ServiceError(
      'network',
      `${request.what}: the answer from ${target} was cut off: the connection closed after ${received}${declared ? ` of ${declared}` : ''} bytes`,
      { receivedBytes: received, ...(declared ? { expectedBytes: declared } : {}), headersStatus: status },
    );
  }
  const ok = status >= 200 && status <= 299;
  // A page for the ledger engine in a buffer that comes back once the engine has its copy (page-buffers.ts).
  const bytes = status === 200 && request.rawBody ? pageBytes(chunks, received) : Buffer.concat(chunks, received);
  if (status === 200 && request.rawBody) return { status, headers: response.headers, text: '', bytes };
  // An error page is shown for its status and words, even in a legacy charset; an answer must be UTF-8.
  const text = ok ? strictText(bytes, request.what, target, status) : lenient.decode(bytes);
  if (!ok) return { status, headers: response.headers, text };
  const json = checkAnswer(text, response.headers.get('content-type'), request.what, target, {
    status,
    received,
    declared,
  });
  return json === NOT_JSON
    ? { status, headers: response.headers, text }
    : { status, headers: response.headers, text, json };
}

/** Drops an answer that will not be read (a redirect, one too large): the connection is closed, not drained. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

function declaredLength(headers: Headers): number | null {
  const value = headers.get('content-length');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const length = Number(value);
  return length > 0 ? length : null;
}

function megabytes(bytes: number): string {
  return Number.isInteger(bytes / MB) ? `${bytes / MB} MB` : formatBytes(bytes);
}

function tooLarge(what: string, target: string, maxBytes: number, declared: number | null, status: number) {
  const said = declared === null ? '' : ` (its Content-Length says ${formatBytes(declared)})`;
  return new ServiceError(
    'bad_response',
    `${what}: the answer from ${target} is larger than ${megabytes(maxBytes)}${said}; Ledger Explorer stops reading at that size`,
    { status, maxBytes, ...(declared === null ? {} : { declaredBytes: declared }) },
  );
}

/** The headers came in time, the body did not: a service sending slowly is not one that never answered. */
function trickled(what: string, target: string, received: number, timeoutMs: number, status: number) {
  const seconds = timeoutMs / 1000;
  const message =
    received > 0
      ? `${what}: the answer from ${target} trickled in: ${received} byte${received === 1 ? '' : 's'} in ${seconds} s, then the time limit passed`
      : `${what}: the answer from ${target} began (HTTP ${status}) but none of its body arrived within ${seconds} s`;
  return new ServiceError('timeout', message, { status, receivedBytes: received });
}

function redirected(response: Response, request: HttpRequest, target: string): ServiceError {
  const location = response.headers.get('location');
  let where: string | null = null;
  try {
    where = location ? safeTarget(new URL(location, request.url).toString()) : null;
  } catch {
    where = null;
  }
  const secret = request.secretName ?? 'credentials';
  const message = where
    ? `${request.what}: the service redirected to ${where}; Ledger Explorer does not follow redirects, so your ${secret} was not sent there`
    : `${request.what}: the service at ${target} answered a redirect (HTTP ${response.status}) without a usable address; Ledger Explorer does not follow redirects`;
  return new ServiceError('service_error', message, {
    status: response.status,
    ...(where ? { redirectedTo: where } : {}),
  });
}

/** The answer's JSON: parsed once by httpRequest for a 2xx answer, else parsed here (throws when it is not JSON). */
export function answerJson(response: HttpResponse): unknown {
  if ('json' in response) return response.json;
  // An error status's body: not checked by httpRequest, so its depth is checked here.
  const json: unknown = JSON.parse(response.text);
  if (nestedDeeperThan(json, MAX_ANSWER_DEPTH))
    throw new SyntaxError(`nested more than ${MAX_ANSWER_DEPTH} levels deep`);
  return json;
}

/** The certificate errors Node's TLS reports, in words; the connection is refused, never retried without checks. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'issued by an authority this computer does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issued by an authority this computer does not trust',
  UNABLE_TO_GET_ISSUER_CERT: 'issued by an authority this computer does not trust',
  CERT_UNTRUSTED: 'issued by an authority this computer does not trust',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not valid yet',
  CERT_REVOKED: 'revoked',
  ERR_TLS_CERT_ALTNAME_INVALID: 'issued for another name',
};

/** Why a request got no answer at all: the address is unreachable, the certificate is not trusted, or the connection was reset or closed first. */
function noAnswer(error: unknown, what: string, url: string, target: string): ServiceError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  const certificate = CERTIFICATE_PROBLEMS[reason];
  if (certificate) {
    return new ServiceError(
      'network',
      `${what}: the certificate of ${hostOf(url)} is not trusted (${certificate}: ${reason}); Ledger Explorer does not bypass certificate checks`,
      { certificateError: reason },
    );
  }
  if (reason === 'ECONNRESET' || reason === 'EPIPE') {
    return new ServiceError(
      'network',
      `${what}: the connection to ${target} was reset before any answer arrived (${reason})`,
    );
  }
  if (reason === 'UND_ERR_SOCKET' || /other side closed/i.test(reason)) {
    return new ServiceError(
      'network',
      `${what}: the connection to ${target} closed before any answer arrived (${reason})`,
    );
  }
  return new ServiceError('network', `${what}: could not reach ${target} (${reason})`);
}

/** Parses a JSON answer of a 2xx response, or throws a ServiceError that quotes what the server said. */
export function expectJson(response: HttpResponse, what: string): unknown {
  if (response.status < 200 || response.status > 299) throw statusError(response, what);
  try {
    return answerJson(response);
  } catch {
    throw new ServiceError('bad_response', `${what}: the answer is not JSON (${preview(response.text)})`, {
      status: response.status,
    });
  }
}

/**
 * The one mapping from an error status to a typed error, for every interface: the code by status
 * (spec section 7), the server's own words, and what operators need (trace id, content type).
 * Callers with special bodies (the ledger's start-up and quarantine 503s) check those first.
 */
export function statusError(response: HttpResponse, what: string): ServiceError {
  const { status } = response;
  const contentType = response.headers.get('content-type');
  const said = serverMessage(response.text, contentType);
  const body = parsedBody(response.text);
  const traceId = body && typeof body === 'object' ? (body as Record<string, unknown>).traceId : undefined;
  const details = {
    status,
    ...(said ? { serverMessage: said } : {}),
    ...(typeof traceId === 'string' ? { traceId } : {}),
    contentType,
  };
  if (status === 429) {
    // Not retried by main or by any screen: asking again adds to the load the service asked to shed.
    const seconds = retryAfterSeconds(response.headers.get('retry-after'));
    const when = seconds === null ? 'later' : `in ${seconds} s`;
    return new ServiceError(
      'rate_limited',
      `${what}: HTTP 429 — the service is limiting requests; try again ${when}${said ? ` (${said})` : ''}`,
      { ...details, ...(seconds === null ? {} : { retryAfterSeconds: seconds }) },
    );
  }
  return new ServiceError(
    STATUS_CODES[status] ?? 'service_error',
    `${what}: HTTP ${status}${said ? ` — ${said}` : ''}`,
    details,
  );
}

/** Retry-After as whole seconds from now: delay-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || !value.trim()) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

const STATUS_CODES: Partial<Record<number, ServiceError['code']>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};

/** The answer as JSON, or undefined when it is not JSON. */
export function parsedBody(text: string): unknown {
  // An error body is not checked by httpRequest (its status is what counts): never hand on one too deep.
  try {
    const body = JSON.parse(text);
    return nestedDeeperThan(body, MAX_ANSWER_DEPTH) ? undefined : body;
  } catch {
    return undefined;
  }
}

/** The human part of an error body: `{error}`, problem details' title/detail, an HTML page's title, or the text itself. */
export function serverMessage(text: string, contentType: string | null = null): string | null {
  if (!text.trim()) return null;
  if (looksLikeHtml(text, contentType)) return htmlPageSummary(text);
  try {
    const body = parsedBody(text) as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      const parts = [body.error, body.title, body.detail, body.message].filter(
        (part): part is string => typeof part === 'string' && part.length > 0,
      );
      if (parts.length > 0) return parts.join(': ');
      // JSON without words (`{"error":null}`, `{}`): the status says it all; raw JSON is not a message.
      return null;
    }
  } catch {
    // not JSON: fall through to the text itself
  }
  return preview(text);
}

/** host:port for a certificate message. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}
