// effectiveAt as the store orders and filters it: microseconds since the epoch, UTC. The text the
// service sent is kept beside it; a time this cannot read exactly is stored as null (and sorts last).
const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function effectiveMicros(text: string | null): bigint | null {
  if (text === null) return null;
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (!Number.isFinite(ms) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  // Date.UTC rolls 30 February into March: a date that does not exist is not read as another one.
  const day = new Date(ms);
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  // Date.UTC maps years 0-99 to 1900-1999: refuse them rather than move a leg by centuries.
  if (Number(y) < 100) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const micros = BigInt(ms - offsetMinutes * 60_000) * 1000n + BigInt(frac.padEnd(6, '0').slice(0, 6));
  return micros;
}

/** An ISO time (a filter bound) as micros; the caller's schema has already checked it. */
export function isoToMicros(iso: string): bigint {
  const micros = effectiveMicros(iso);
  if (micros === null) throw new RangeError(`not a time: ${iso}`);
  return micros;
}

/** Micros back to ISO with microseconds ("2026-10-31T12:00:00.123456Z"). */
export function microsToIso(micros: bigint): string {
  const ms = Number(micros / 1000n) - (micros % 1000n < 0n ? 1 : 0);
  const rest = Number(((micros % 1_000_000n) + 1_000_000n) % 1_000_000n);
  return `${new Date(ms).toISOString().slice(0, 19)}.${String(rest).padStart(6, '0')}Z`;
}
