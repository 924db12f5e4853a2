// effectiveAt as the store orders and filters it: microseconds since the epoch, UTC (a TIMESTAMP).
// Read with the app's one RFC 3339 reader (src-shared/time/time-text.ts): `Z` or any offset and any
// number of fraction digits (RFC 3339 sets no limit), the instant truncated to the microsecond, never
// rounded up into the next one. The text the service sent is kept beside it as it was
// (`effective_at`); a time this cannot read is stored as null (and sorts last). docs/times.md.
import { microsIso, readRfc3339 } from '../../../../src-shared/time/time-text.ts';

export function effectiveMicros(text: string | null): bigint | null {
  return readRfc3339(text)?.micros ?? null;
}

/** An ISO time (a filter bound) as micros; the caller's schema has already checked it. */
export function isoToMicros(iso: string): bigint {
  const micros = effectiveMicros(iso);
  if (micros === null) throw new RangeError(`not a time: ${iso}`);
  return micros;
}

/** Micros back to ISO with microseconds ("2026-10-31T12:00:00.123456Z"). */
export const microsToIso = microsIso;
