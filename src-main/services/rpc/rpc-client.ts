// Node access (spec 4.3): POST a JSON-RPC call or batch to `{rpc_url}/<chain><sep><node_type>` with
// the API key in the `apiKey` header or query parameter. Answers the HTTP status, round trip, size
// and the JSON text; everything that is not a JSON answer becomes a ServiceError with the server's
// words. The key never appears in what this returns or throws.
import {
  formatBytes,
  MAX_RPC_ANSWER_BYTES,
  type NodeType,
  nodeAddress,
  type RpcBody,
  type RpcOutcome,
} from '../../../src-shared/contract/rpc.ts';
import { ServiceError } from '../errors.ts';
import {
  answerJson,
  type HttpResponse,
  htmlPageSummary,
  httpRequest,
  looksLikeHtml,
  preview,
  statusError,
} from '../http/http-client.ts';

export interface RpcNodeRequest {
  rpcUrl: string;
  chain: string;
  nodeType: NodeType;
  separator: '_' | '-';
  apiKey: string;
  keyPlacement: 'header' | 'query';
  body: RpcBody;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Tests only (e.g. the sandbox's `x-sandbox-fault`); never set by a handler. */
  extraHeaders?: Record<string, string>;
}

export interface RpcNodeAnswer {
  /** The address without any key. */
  address: string;
  status: number;
  elapsedMs: number;
  sizeBytes: number;
  contentType: string | null;
  text: string;
  json: unknown;
  outcome: RpcOutcome;
  errorCount: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function callRpcNode(request: RpcNodeRequest): Promise<RpcNodeAnswer> {
  const address = nodeAddress(request.rpcUrl, request.chain, request.separator, request.nodeType);
  const what = `RPC ${request.chain}${request.separator}${request.nodeType}`;
  const url = request.keyPlacement === 'query' ? `${address}?apiKey=${encodeURIComponent(request.apiKey)}` : address;
  const headers: Record<string, string> = {
    ...request.extraHeaders,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (request.keyPlacement === 'header') headers.apiKey = request.apiKey;

  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  let response: HttpResponse;
  try {
    response = await httpRequest({
      url,
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      timeoutMs: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal: request.signal,
      what,
      // The console's own limit (3x the 10 MB eth_getLogs answers analysts fetch): reading stops there.
      maxBytes: MAX_RPC_ANSWER_BYTES,
      secretName: 'API key',
    });
  } catch (error) {
    // httpRequest says what happened: unreachable, reset before any answer, or an answer cut off.
    throw withoutKey(error, request.apiKey, { address, elapsedMs: elapsed() });
  }
  const elapsedMs = elapsed();
  const details = { address, elapsedMs };
  const sizeBytes = Buffer.byteLength(response.text, 'utf8');
  const contentType = response.headers.get('content-type');

  if (response.status < 200 || response.status > 299) {
    throw withoutKey(statusError(response, what), request.apiKey, { ...details, sizeBytes });
  }
  if (sizeBytes > MAX_RPC_ANSWER_BYTES) {
    throw withoutKey(
      new ServiceError(
        'bad_response',
        `${what}: the answer is ${formatBytes(sizeBytes)}; the console shows at most ${formatBytes(MAX_RPC_ANSWER_BYTES)}`,
        { status: response.status },
      ),
      request.apiKey,
      { ...details, sizeBytes },
    );
  }
  let json: unknown;
  try {
    json = answerJson(response);
  } catch {
    const said = looksLikeHtml(response.text, contentType)
      ? htmlPageSummary(response.text)
      : `the answer is not JSON (${preview(response.text)})`;
    throw withoutKey(new ServiceError('bad_response', `${what}: HTTP ${response.status} — ${said}`), request.apiKey, {
      ...details,
      status: response.status,
      sizeBytes,
    });
  }
  return {
    address,
    status: response.status,
    elapsedMs,
    sizeBytes,
    contentType,
    text: response.text,
    json,
    ...judge(json),
  };
}

/** What a JSON answer says: a result, a JSON-RPC error, a batch (with how many errors), or something else. */
export function judge(json: unknown): { outcome: RpcOutcome; errorCount: number } {
  if (Array.isArray(json)) return { outcome: 'batch', errorCount: json.filter(isErrorReply).length };
  if (isErrorReply(json)) return { outcome: 'rpc_error', errorCount: 1 };
  if (json && typeof json === 'object' && 'result' in json) return { outcome: 'result', errorCount: 0 };
  return { outcome: 'unexpected', errorCount: 0 };
}

function isErrorReply(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'object' &&
    (value as { error?: unknown }).error !== null
  );
}

/** The error with the key taken out of its message (a server may echo the address) and details added. */
function withoutKey(error: unknown, apiKey: string, details: Record<string, unknown>): unknown {
  if (!(error instanceof ServiceError)) return error;
  const scrub = (text: string) => (apiKey ? text.split(apiKey).join('<apiKey>') : text);
  const merged: Record<string, unknown> = { ...error.details, ...details };
  // Every text detail: the server's words, and where a redirect pointed (its path may hold the key).
  for (const [name, value] of Object.entries(merged)) if (typeof value === 'string') merged[name] = scrub(value);
  return new ServiceError(error.code, scrub(error.message), merged);
}
