// JSON-RPC 2.0 request checks and error replies, written to match what geth answers, so a client
// sees the same errors from the sandbox as from a real provider's node.

export type JsonRpcId = string | number | null;

export interface JsonRpcCall {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: unknown[];
}

export interface JsonRpcErrorReply {
  jsonrpc: '2.0';
  id: JsonRpcId;
  error: { code: number; message: string };
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

export function errorReply(id: JsonRpcId, code: number, message: string): JsonRpcErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** A well-formed call, or the reply it gets instead of reaching the node. */
export function checkCall(value: unknown): { call: JsonRpcCall } | { reply: JsonRpcErrorReply } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(null, `expected a request object, got ${describe(value)}`);
  }
  const request = value as Record<string, unknown>;
  const id = request.id;
  const idIsValid = id === undefined || id === null || typeof id === 'string' || typeof id === 'number';
  // The reply carries the caller's id when it is usable, so a batch client can match it.
  const replyId = idIsValid && id !== undefined ? (id as JsonRpcId) : null;
  if (!idIsValid) return invalid(null, '"id" must be a number, a string or null');
  if (request.jsonrpc !== '2.0') return invalid(replyId, '"jsonrpc" must be "2.0"');
  if (typeof request.method !== 'string' || request.method === '') {
    return invalid(replyId, '"method" must be a non-empty string');
  }
  if (request.params !== undefined && !Array.isArray(request.params)) {
    return invalid(replyId, '"params" must be an array');
  }
  return { call: request as unknown as JsonRpcCall };
}

function invalid(id: JsonRpcId, why: string): { reply: JsonRpcErrorReply } {
  return { reply: errorReply(id, INVALID_REQUEST, `Invalid Request: ${why}`) };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
