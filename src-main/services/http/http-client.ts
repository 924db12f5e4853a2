// One place that turns HTTP outcomes into ServiceErrors carrying the server's own words.
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
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const timeoutMs = request.timeoutMs ?? 15_000;
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
      redirect: 'error',
    });
  } catch (error) {
    throw stopped() ?? noAnswer(error, request.what, target);
  }
  // The status and headers arrived; the body may still stop short (a proxy or the service dying
  // mid-answer), which is told apart from a connection that never answered.
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      chunks.push(part.value);
      received += part.value.byteLength;
    }
  } catch {
    const stop = stopped();
    if (stop) throw stop;
    const declared = Number(response.headers.get('content-length'));
    const expected = Number.isInteger(declared) && declared > 0 ? declared : null;
    throw new ServiceError(
      'network',
      `${request.what}: the answer from ${target} was cut off: the connection closed after ${received}${expected ? ` of ${expected}` : ''} bytes`,
      { receivedBytes: received, ...(expected ? { expectedBytes: expected } : {}), headersStatus: response.status },
    );
  }
  return { status: response.status, headers: response.headers, text: decoder.decode(Buffer.concat(chunks)) };
}

const decoder = new TextDecoder();

/** Why a request got no answer at all: the address is unreachable, or the connection was reset or closed first. */
function noAnswer(error: unknown, what: string, target: string): ServiceError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
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
    return JSON.parse(response.text);
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
  return new ServiceError(
    STATUS_CODES[status] ?? 'service_error',
    `${what}: HTTP ${status}${said ? ` — ${said}` : ''}`,
    {
      status,
      ...(said ? { serverMessage: said } : {}),
      ...(typeof traceId === 'string' ? { traceId } : {}),
      contentType,
    },
  );
}

const STATUS_CODES: Partial<Record<number, ServiceError['code']>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};

/** The answer as JSON, or undefined when it is not JSON. */
export function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The human part of an error body: `{error}`, problem details' title/detail, an HTML page's title, or the text itself. */
export function serverMessage(text: string, contentType: string | null = null): string | null {
  if (!text.trim()) return null;
  if (looksLikeHtml(text, contentType)) return htmlPageSummary(text);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (body && typeof body === 'object') {
      const parts = [body.error, body.title, body.detail, body.message].filter(
        (part): part is string => typeof part === 'string' && part.length > 0,
      );
      if (parts.length > 0) return parts.join(': ');
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

/** The address for messages: origin and path, never the query (it may carry a key). */
function safeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'the service';
  }
}
