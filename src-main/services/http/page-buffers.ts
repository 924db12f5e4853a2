// Reused buffers for the pages main hands to the ledger engine (docs/performance.md, "Main's
// collections, counted"). Main allocates almost nothing on its JavaScript heap during a sync, so its
// young generation never fills and no young collection runs: every page's buffers are external
// memory that only a full collection frees, and V8 starts one each time that memory passes its
// limit (56 in a 300,000-leg sync). A page read into a buffer that comes back once the engine has
// its copy is one allocation fewer a page: 44 full collections instead of 56, main's CPU and its
// lag down with them. Only pages given back are reused; any other buffer stays the caller's.

/** Below this a page is not worth a buffer of its own (the concatenation is cheap and on-heap). */
const MIN_BYTES = 64 * 1024;
/** Above this a buffer is not kept: the free list never holds more than MAX_FREE × MAX_BYTES. */
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_FREE = 8;
/** Buffers are sized in these steps, so one page's buffer fits the next page of about its size. */
const STEP = 256 * 1024;

const free: ArrayBuffer[] = [];
const ours = new WeakSet<ArrayBuffer>();

/** The chunks of one answer as one buffer: a reused one where it fits, else a new one. */
export function pageBytes(chunks: readonly Uint8Array[], size: number): Buffer {
  if (size < MIN_BYTES || size > MAX_BYTES) return Buffer.concat(chunks, size);
  const at = free.findIndex((b) => b.byteLength >= size);
  const store = at >= 0 ? free.splice(at, 1)[0] : new ArrayBuffer(Math.ceil(size / STEP) * STEP);
  ours.add(store);
  const bytes = Buffer.from(store, 0, size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * `bytes` will not be read again (the engine's message holds a copy): its buffer may serve the next
 * page. A buffer pageBytes did not make is left alone.
 */
export function givePageBack(bytes: Uint8Array): void {
  const store = bytes.buffer;
  if (!(store instanceof ArrayBuffer) || !ours.has(store) || free.includes(store)) return;
  if (free.length < MAX_FREE) free.push(store);
}
