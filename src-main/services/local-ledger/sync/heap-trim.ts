// The sync's garbage, collected at its batch boundaries. A sync parses a million legs a few pages at
// a time and keeps almost none of them: a heap snapshot of the engine mid-sync held ~45 MB live while
// V8's heap stood at 120-160 MB, as V8 lets the old generation grow to several times what survived its
// last full collection before it collects again. That heap was most of the engine's RSS above the
// issue's 400 MB. A V8 heap ceiling (`--max-old-space-size=256`) held it as well (361-371 MB), but it
// binds every call: a reconcile of a statement near its 2,000,000-line limit holds the whole file and
// its lines in the heap, far above 256 MB.
//
// So the engine runs with `gc` exposed (ENGINE_EXEC_ARGV) and a sync asks for a full collection after
// a committed batch (10,000 legs, sync-run.ts) when the heap's used size passes HEAP_TRIM_BYTES and
// has grown by HEAP_TRIM_GROWTH_BYTES since the last one: each
// a few tens of milliseconds of the engine's thread against a batch's few hundred. Where `gc` is not
// exposed (the ledger in-process: tests, handler checks), this does nothing.
import { getHeapStatistics } from 'node:v8';

/** A heap's used size above which a sync collects (the pages in flight are ~45 MB of it live). */
export const HEAP_TRIM_BYTES = 64 * 2 ** 20;
/** How much a heap must have grown since the last collection's result before the next one. */
export const HEAP_TRIM_GROWTH_BYTES = 24 * 2 ** 20;

const gc = (globalThis as { gc?: () => void }).gc;
/** The used size the last collection left: what else the engine holds (a reconcile's statement) is not garbage. */
let afterLast = 0;

/** Whether this process can collect (the engine: `--expose-gc`); the engine says so at its start. */
export const canTrimHeap = gc !== undefined;

/**
 * After a committed batch: collects when the heap holds more than HEAP_TRIM_BYTES and has grown by
 * HEAP_TRIM_GROWTH_BYTES since the last collection, so a heap that is big for another reason (a
 * reconcile's statement in memory) is not collected after every batch. Whether it collected.
 */
export function trimHeap(): boolean {
  if (!gc) return false;
  const used = getHeapStatistics().used_heap_size;
  if (used <= Math.max(HEAP_TRIM_BYTES, afterLast + HEAP_TRIM_GROWTH_BYTES)) return false;
  gc();
  afterLast = getHeapStatistics().used_heap_size;
  return true;
}
