// RFC 3339 date-times to microseconds since the epoch, exactly (Date.parse would drop the
// microseconds and accept forms the spec's `date-time` does not). Any number of fraction digits
// (RFC 3339 sets no limit; beyond 64 is refused as not meant), truncated to the microsecond.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,64}))?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseDateTimeMicros(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction = '', zone] = m;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const check = new Date(0);
  check.setUTCFullYear(+y, +mo - 1, +d);
  check.setUTCHours(+h, +mi, +s, 0);
  const millis = check.getTime();
  // Reject 2025-02-30 and 25:00, which Date.UTC would roll over silently.
  if (check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const [hours, minutes] = [+zone.slice(1, 3), +zone.slice(4, 6)];
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  const micros = Number(fraction.padEnd(6, '0').slice(0, 6));
  return (millis - offsetMinutes * 60_000) * 1000 + micros;
}
