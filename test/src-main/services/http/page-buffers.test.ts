// Main's reused page buffers (page-buffers.ts): a page's bytes are exactly its chunks, a buffer given
// back serves the next page of about its size instead of a new allocation, and nothing that was not
// made there is ever reused (a caller's own buffer, a small page, one given back twice).
import { describe, expect, it } from 'vitest';
import { givePageBack, pageBytes } from '../../../../src-main/services/http/page-buffers.ts';

const page = (size: number, seed: number) => {
  const whole = Buffer.alloc(size);
  for (let i = 0; i < size; i++) whole[i] = (i * 31 + seed) & 0xff;
  // As undici hands a body over: chunks of up to 64 KB.
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < size; at += 65_536) chunks.push(whole.subarray(at, Math.min(size, at + 65_536)));
  return { whole, chunks };
};

describe('page buffers', () => {
  it('gives a page its exact bytes, and a buffer given back to the next page of about its size', () => {
    const first = page(700_000, 1);
    const a = pageBytes(first.chunks, 700_000);
    expect(Buffer.compare(a, first.whole)).toBe(0);
    givePageBack(a);
    const second = page(690_000, 2);
    const b = pageBytes(second.chunks, 690_000);
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteLength).toBe(690_000);
    expect(Buffer.compare(b, second.whole)).toBe(0);
    // Not given back: the next page gets a buffer of its own.
    const c = pageBytes(page(700_000, 3).chunks, 700_000);
    expect(c.buffer).not.toBe(b.buffer);
  });

  it('keeps nothing it did not make, and a buffer given back twice serves one page', () => {
    const mine = Buffer.alloc(700_000);
    givePageBack(mine);
    expect(pageBytes(page(700_000, 4).chunks, 700_000).buffer).not.toBe(mine.buffer);

    // A small page is concatenated as before (in Node's shared pool, so its .buffer says nothing of
    // ours): its bytes are right and giving it back lends nothing to the next large page.
    const small = page(1_000, 5);
    const smallBytes = pageBytes(small.chunks, 1_000);
    expect(Buffer.compare(smallBytes, small.whole)).toBe(0);
    givePageBack(smallBytes);
    expect(pageBytes(page(700_000, 6).chunks, 700_000).buffer).not.toBe(smallBytes.buffer);

    const once = pageBytes(page(700_000, 7).chunks, 700_000);
    givePageBack(once);
    givePageBack(once);
    const x = pageBytes(page(700_000, 8).chunks, 700_000);
    const y = pageBytes(page(700_000, 9).chunks, 700_000);
    expect(x.buffer).toBe(once.buffer);
    expect(y.buffer).not.toBe(once.buffer);
  });

  it('never lends a buffer in use: a stale view given back after its buffer went to another page is ignored', () => {
    const a = pageBytes(page(700_000, 10).chunks, 700_000);
    givePageBack(a);
    const b = pageBytes(page(700_000, 11).chunks, 700_000);
    expect(b.buffer).toBe(a.buffer);
    givePageBack(a);
    const c = pageBytes(page(700_000, 12).chunks, 700_000);
    expect(c.buffer).not.toBe(b.buffer);
    expect(Buffer.compare(b, page(700_000, 11).whole)).toBe(0);
  });

  it('serves a page from the smallest free buffer it fits, so a small page does not take a large one', () => {
    const large = pageBytes(page(3_000_000, 13).chunks, 3_000_000);
    const medium = pageBytes(page(700_000, 14).chunks, 700_000);
    givePageBack(large);
    givePageBack(medium);
    expect(pageBytes(page(600_000, 15).chunks, 600_000).buffer).toBe(medium.buffer);
    expect(pageBytes(page(2_900_000, 16).chunks, 2_900_000).buffer).toBe(large.buffer);
  });
});
