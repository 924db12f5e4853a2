import { createHash, timingSafeEqual } from 'node:crypto';

/** Compared through digests so the time taken says nothing about how much of the secret was right. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
