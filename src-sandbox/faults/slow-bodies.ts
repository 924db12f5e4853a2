// Bodies sent over time: a 200 MB answer streamed (huge, huge-chunked) and an answer dripped one
// byte per second (drip). Neither is built in memory, both respect backpressure, and both stop as
// soon as the client closes the connection, so a client that gives up costs the sandbox nothing.
import type { ServerResponse } from 'node:http';

/** One 64 KiB slab of padding per character, reused for every write. */
const slabs = new Map<string, Buffer>();
const slab = (pad: string) => {
  const found = slabs.get(pad) ?? Buffer.alloc(64 * 1024, pad);
  slabs.set(pad, found);
  return found;
};

/** Resolves when the response closes (the client went, or it ended); `gone()` says whether that happened yet. */
function watchClose(res: ServerResponse) {
  let closed = res.destroyed;
  const done = new Promise<void>((resolve) => {
    if (closed) resolve();
    else
      res.once('close', () => {
        closed = true;
        resolve();
      });
  });
  return { done, gone: () => closed || res.destroyed };
}

/**
 * Streams `head`, then padding, then `tail`: exactly `total` bytes. With `chunked` there is no
 * Content-Length, so the client can only count. 'streamed' when every byte went out.
 */
export async function streamHuge(
  res: ServerResponse,
  parts: { head: string; pad: string; tail: string },
  total: number,
  chunked: boolean,
): Promise<'streamed' | 'abandoned'> {
  const close = watchClose(res);
  res.writeHead(200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(total) }) });
  const head = Buffer.from(parts.head);
  const tail = Buffer.from(parts.tail);
  const padding = slab(parts.pad);
  let left = total - head.length - tail.length;
  let flowing = res.write(head);
  while (left > 0) {
    // Backpressure: wait for the socket to take what it has before writing more.
    if (!flowing) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), close.done]);
    if (close.gone()) return 'abandoned';
    const size = Math.min(left, padding.length);
    flowing = res.write(size === padding.length ? padding : padding.subarray(0, size));
    left -= size;
  }
  if (close.gone()) return 'abandoned';
  res.end(tail);
  return 'streamed';
}

/** Sends `body` (with its Content-Length) one byte at once and then one byte per second. */
export function drip(res: ServerResponse, body: Buffer, everyMs = 1000): Promise<'dripped' | 'abandoned'> {
  const close = watchClose(res);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  return new Promise((resolve) => {
    let sent = 0;
    const timer = setInterval(next, everyMs);
    close.done.then(() => {
      clearInterval(timer);
      resolve(sent === body.length ? 'dripped' : 'abandoned');
    });
    next();
    function next() {
      if (close.gone()) return;
      sent += 1;
      if (sent === body.length) {
        clearInterval(timer);
        res.end(body.subarray(sent - 1, sent));
      } else {
        res.write(body.subarray(sent - 1, sent));
      }
    }
  });
}
