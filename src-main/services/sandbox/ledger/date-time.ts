// RFC 3339 date-times to microseconds since the epoch, exactly (Date.parse would drop the
// microseconds and accept forms the spec's `date-time` does not).
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseDateTimeMicros(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction = '', zone] = m;
  const millis = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const check = new Date(millis);
  // Reject 2025-02-30 and 25:00, which Date.UTC would roll over silently.
  if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    offsetMinutes = sign * (+zone.slice(1, 3) * 60 + +zone.slice(4, 6));
  }
  const micros = Number(fraction.padEnd(6, '0').slice(0, 6));
  return (millis - offsetMinutes * 60_000) * 1000 + micros;
}
