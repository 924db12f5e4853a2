import { createHash } from 'node:crypto';

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same ledger on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stateless hash of (seed, n) to 32 bits, for values derived on demand instead of stored. */
export function hash32(seed: number, n: number, salt = 0): number {
  let h = (seed ^ Math.imul(n, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
