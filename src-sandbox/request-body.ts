import type { IncomingMessage } from 'node:http';

// A request's body, bounded: node access's JSON-RPC bodies, and the fault and variation control endpoints.

/** Far above any real JSON-RPC batch, low enough that a runaway client cannot fill memory. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * The request body as text, or null as soon as it is known to be larger than the limit. Past the
 * limit the rest is read and dropped rather than the socket destroyed, so the caller still gets the 413.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
      } else {
        chunks.length = 0;
        resolve(null);
      }
    });
    // A promise settles once: after a 413 this resolve changes nothing.
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
