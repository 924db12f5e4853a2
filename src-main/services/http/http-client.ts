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

export function statusError(response: HttpResponse, what: string): ServiceError {
  const said = serverMessage(response.text);
  const body = parsedBody(response.text);
  const code =
    response.status === 401
      ? 'unauthorized'
      : response.status === 403
        ? 'forbidden'
        : response.status === 404
          ? 'not_found'
          : 'service_error';
  return new ServiceError(code, `${what}: HTTP ${response.status}${said ? ` — ${said}` : ''}`, {
    status: response.status,
    ...(said ? { serverMessage: said } : {}),
    // The whole parsed body, for callers that show structured errors (start-up progress, quarantine).
    ...(body !== undefined ? { body } : {}),
  });
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The human part of an error body: `{error}`, problem details' title/detail, an HTML page's title, or the text itself. */
export function serverMessage(text: string): string | null {
  if (!text.trim()) return null;
  if (/^\s*<(!doctype|html|head|body)\b/i.test(text)) return htmlPageSummary(text);
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

function preview(text: string): string {
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
