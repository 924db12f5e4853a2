import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void {
  // Encode once: the length and the bytes on the wire come from the same buffer.
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length, ...headers });
  res.end(bytes);
}

/** A 500 of the ledger-data interface (spec 2.4), with a trace id. `path` without its query: it may carry a JWT. */
export function problemDetails(path: string, detail = 'the sandbox network failed to answer this request') {
  return {
    type: 'https://docs.sandbox.invalid/problems/internal',
    title: 'Internal Server Error',
    status: 500,
    detail,
    instance: path || null,
    traceId: randomUUID().replaceAll('-', ''),
  };
}
