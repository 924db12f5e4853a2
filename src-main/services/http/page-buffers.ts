// Reused buffers for the pages main hands to the ledger engine (docs/performance.md, "Main's
// collections, counted"). Main allocates almost nothing on its JavaScript heap during a sync, so its
// young generation never fills and no young collection runs: every page's buffers are external
// memory that only a full collection frees, and V8 starts one each time that memory passes its
// limit (56 in a 300,000-leg sync). A page read into a buffer that comes back once the engine has
// its copy is one allocation fewer a page: 43-45 full collections instead of 56-57, main's CPU a
// leg down by an eighth. Only pages given back are reused; any other buffer stays the caller's. The
// explorer's pages come from here too and are never given back: a buffer rounded up to STEP, for the
// collector like the concatenation before it.

/** Below this a page is not worth a buffer of its own (the concatenation is cheap and on-heap). */
const MIN_BYTES = 64 * 1024;
/** Above this a buffer is not kept: the free list never holds more than MAX_FREE × MAX_BYTES. */
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_FREE = 8;
/** Buffers are sized in these steps, so one page's buffer fits the next page of about its size. */
const STEP = 256 * 1024;

const free: ArrayBuffer[] = [];
/** The pages lent out, by the very view handed over: a stale view given back again is not one of them. */
const lent = new WeakMap<Uint8Array, ArrayBuffer>();

/** The chunks of one answer as one buffer: the smallest free one it fits, else a new one. */
export function pageBytes(chunks: readonly Uint8Array[], size: number): Buffer {
  if (size < MIN_BYTES || size > MAX_BYTES) return Buffer.concat(chunks, size);
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    if (free[i].byteLength >= size && (best < 0 || free[i].byteLength < free[best].byteLength)) best = i;
  }
  // Not zero-filled: every byte of the page is written below, and nothing past it is read.
  const store = best >= 0 ? free.splice(best, 1)[0] : Buffer.allocUnsafeSlow(Math.ceil(size / STEP) * STEP).buffer;
  const bytes = Buffer.from(store, 0, size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  lent.set(bytes, store);
  return bytes;
}

/**
 * `bytes` will not be read again (the engine's message holds its copy): its buffer may serve the
 * next page. Only a page pageBytes lent, given back once; anything else is left alone.
 */
export function givePageBack(bytes: Uint8Array): void {
  const store = lent.get(bytes);
  if (store === undefined) return;
  lent.delete(bytes);
  if (free.length < MAX_FREE) free.push(store);
}
