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

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
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
}

const MB = 1024 * 1024;
/** For a caller that sets none: far above any page of any interface, far below what hurts main. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * MB;
/** Arrays and objects inside each other in an answer: no interface's answer comes near; the stack never does. */
export const MAX_ANSWER_DEPTH = 512;

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
  const bytes = Buffer.concat(chunks, received);
  const ok = status >= 200 && status <= 299;
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

const lenient = new TextDecoder();
const strict = new TextDecoder('utf-8', { fatal: true });

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

function strictText(bytes: Uint8Array, what: string, target: string, status: number): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = invalidUtf8Offset(bytes);
    return fail('bad_response', `${what}: the answer from ${target} is not valid UTF-8 (at byte ${at})`, {
      status,
      invalidUtf8At: at,
    });
  }
}

function fail(code: ServiceError['code'], message: string, details: Record<string, unknown>): never {
  throw new ServiceError(code, message, details);
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const [length, low, high] =
      b >= 0xc2 && b <= 0xdf
        ? [2, 0x80, 0xbf]
        : b === 0xe0
          ? [3, 0xa0, 0xbf]
          : b === 0xed
            ? [3, 0x80, 0x9f]
            : b >= 0xe1 && b <= 0xef
              ? [3, 0x80, 0xbf]
              : b === 0xf0
                ? [4, 0x90, 0xbf]
                : b >= 0xf1 && b <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : b === 0xf4
                    ? [4, 0x80, 0x8f]
                    : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) return i;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return i;
    i += length;
  }
  return bytes.length;
}

/** What checkAnswer returns for a 2xx answer that is not JSON (its caller says so in its own words). */
const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * A 2xx answer as JSON main can safely read, parsed once: an HTML page, too deep, or ended early are
 * refused with their reason. V8's JSON.parse is not recursive, so a deep text parses (the size cap
 * bounds its memory, as it bounds a wide one's); the depth is then checked on the value, before
 * anything recursive (zod, IPC's structured clone, the renderer's tree) can meet it. The text scan
 * (jsonShape) runs only when the text does not parse, to say why: it cost an export more than
 * JSON.parse itself when it ran on every answer.
 */
function checkAnswer(
  text: string,
  contentType: string | null,
  what: string,
  target: string,
  read: { status: number; received: number; declared: number | null },
): unknown {
  const { status, received, declared } = read;
  if (looksLikeHtml(text, contentType)) {
    fail('bad_response', `${what}: HTTP ${status} — ${htmlPageSummary(text)}`, { status, contentType });
  }
  const tooDeep = () =>
    fail(
      'bad_response',
      `${what}: the answer from ${target} is nested more than ${MAX_ANSWER_DEPTH} levels deep; Ledger Explorer does not read JSON that deep`,
      { status, maxDepth: MAX_ANSWER_DEPTH },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const shape = jsonShape(text);
    if (shape === 'too_deep') tooDeep();
    if (shape === 'unfinished') {
      // Every byte the headers promised arrived, yet the JSON is open: the declared length was wrong.
      const why =
        declared === received
          ? `: the length the server declared (Content-Length ${declared}) does not match what it sent`
          : '';
      fail(
        'bad_response',
        `${what}: the answer from ${target} ended before its JSON did, after ${received} bytes${why}`,
        {
          status,
          receivedBytes: received,
          ...(declared ? { declaredBytes: declared } : {}),
        },
      );
    }
    return NOT_JSON;
  }
  if (nestedDeeperThan(json, MAX_ANSWER_DEPTH)) tooDeep();
  return json;
}

/** Whether a parsed JSON value nests containers deeper than `maxDepth` (the outermost counts 1); iterative. */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (depth > maxDepth) return true;
    for (const key in node) {
      const child = node[key];
      if (child !== null && typeof child === 'object') {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
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

/**
 * One pass over a JSON text, strings skipped: deeper than MAX_ANSWER_DEPTH, ended with a string or
 * container still open, or fine as far as nesting goes (JSON.parse judges the rest). A text that does
 * not start with `{` or `[` is not judged here.
 */
export function jsonShape(text: string, maxDepth = MAX_ANSWER_DEPTH): 'ok' | 'too_deep' | 'unfinished' {
  const start = text.search(/\S/);
  if (start < 0 || (text[start] !== '{' && text[start] !== '[')) return 'ok';
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote with the native search (most of an answer is strings; a per-character
      // loop over them cost an export more than JSON.parse itself), past escaped quotes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return 'unfinished';
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return 'too_deep';
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return depth > 0 ? 'unfinished' : 'ok';
}

/** A quote preceded by an odd number of backslashes is part of the string. */
function isEscaped(text: string, quote: number): boolean {
  let k = quote - 1;
  while (text.charCodeAt(k) === 0x5c) k--;
  return (quote - 1 - k) % 2 === 1;
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

/** "the server answered an HTML page, not JSON: 502 Bad Gateway", from the page's title (or its first words). */
export function htmlPageSummary(text: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
  return `the server answered an HTML page, not JSON: ${title || preview(text)}`;
}

/** A proxy's or gateway's error page, by its content type or its first tag. */
export function looksLikeHtml(text: string, contentType: string | null): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/** The first 200 characters of a body for a message, tags and runs of white space folded. */
export function preview(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}

/** host:port for a certificate message. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}

/** The address for messages: origin and path, never the query (it may carry a key). */
function safeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'the service';
  }
}
