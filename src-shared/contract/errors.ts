// The result envelope every channel answers with, and the error the bridge rebuilds from it.
// Errors cross Electron's contextBridge as plain objects: contextBridge copies only the
// `message` of a thrown Error, so a class instance would lose its code on the way.

export const ERROR_CODES = [
  'invalid_argument', // the caller's arguments failed the channel schema
  'forbidden_sender', // the message did not come from the app's own window
  'unknown_channel',
  'not_found', // a profile or resource the caller named does not exist
  'unauthorized', // 401 from a service
  'forbidden', // 403 from a service
  'bad_request', // 400 from a service: it refused the request as sent
  'service_starting', // 503 with the start-up body: retry after details.retryAfterSeconds
  'node_quarantined', // 503 with the quarantined-node body
  'rate_limited', // 429 from a service: details.retryAfterSeconds when it said when to come back
  'service_error', // any other non-2xx from a service
  'bad_response', // a service answered something that is not what the spec says
  'network', // connection refused, reset, DNS
  'timeout',
  'cancelled',
  'keychain', // the OS keychain failed
  'settings', // the settings file could not be read or written
  'local_store', // the local ledger store could not be opened, read or written
  'unsupported', // this app (e.g. the browser version) cannot do what was asked
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface BridgeErrorShape {
  name: 'BridgeError';
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: Omit<BridgeErrorShape, 'name'> };

export function isBridgeError(value: unknown): value is BridgeErrorShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'BridgeError' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Anything thrown through the bridge, as a BridgeErrorShape (unknown throwables become `internal`). */
export function asBridgeError(value: unknown): BridgeErrorShape {
  if (isBridgeError(value)) return value;
  if (value instanceof Error) return { name: 'BridgeError', code: 'internal', message: value.message };
  return { name: 'BridgeError', code: 'internal', message: String(value) };
}
