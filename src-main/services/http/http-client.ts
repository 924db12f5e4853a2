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
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal,
      redirect: 'error',
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    if (request.signal?.aborted) throw new ServiceError('cancelled', `${request.what}: request cancelled`);
    if (timeout.aborted) {
      throw new ServiceError('timeout', `${request.what}: no answer from ${target} within ${timeoutMs / 1000} s`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ServiceError('network', `${request.what}: could not reach ${target} (${reason})`);
  }
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

/** The human part of an error body: `{error}`, problem details' title/detail, or the text itself. */
export function serverMessage(text: string): string | null {
  if (!text.trim()) return null;
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
