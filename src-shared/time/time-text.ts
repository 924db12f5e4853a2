// One way to read and write a time, for every place a time is typed or received: the Transfers
// filters, the Local ledger's ranges, links, the CLI's --after/--before, and the service's
// effectiveAt. docs/times.md has the rules; every message a user reads about a time comes from here.
//
// Two readers:
// - readRfc3339: a time from the service or a link. RFC 3339 read generously: `T`, `t` or a space
//   between date and time, `Z`/`z` or an offset (+hh:mm, +hhmm, +hh), seconds optional, and any
//   number of fraction digits (RFC 3339 sets no limit; the instant keeps microseconds, truncated,
//   and the text as sent is never rewritten).
// - readTimeInput: what a person types in a field, with the zone the field names: a date
//   (midnight), a date and time, or any RFC 3339 time with its own offset (the zone is then unused).

/** Where a time without an offset is read: the user's local zone, or UTC. */
export type TimeZoneChoice = 'local' | 'utc';

/** An instant exactly as far as a TIMESTAMP holds it: microseconds since 1970-01-01T00:00:00Z. */
export interface Instant {
  /** Microseconds since the epoch (truncated from any finer fraction). */
  micros: bigint;
  /** Milliseconds since the epoch (floor of micros / 1000): what Date holds. */
  ms: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)$/;
/** A fraction longer than this is not a time a person or a service means: refused, not read forever. */
const MAX_FRACTION_DIGITS = 64;

/** The instants a time may name: years 0001 to 9999 in UTC. */
export const EARLIEST_MS = -62_135_596_800_000; // 0001-01-01T00:00:00Z
export const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const OUT_OF_RANGE = 'out of range: times from year 0001 to 9999 (UTC) only';

/**
 * A time from the service, a link or a file (RFC 3339, read generously), as an instant; null when
 * the text is not one (the caller keeps the text: a leg with an unreadable time is never dropped).
 */
export function readRfc3339(text: string | null | undefined): Instant | null {
  if (typeof text !== 'string' || text.length > 120) return null;
  const m = RFC3339.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '', zone] = m;
  if (fraction.length > MAX_FRACTION_DIGITS) return null;
  const wall = wallMs(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  if (wall === null) return null;
  const offset = offsetMinutes(zone);
  if (offset === null) return null;
  return instant({ ms: wall.ms - offset * 60_000, leap: wall.leap }, fraction);
}

/** The result of reading a typed time: the instant as RFC 3339 UTC text, or what is wrong with it. */
export type TimeInputResult = { ok: true; iso: string; instant: Instant } | { ok: false; message: string };

/** The forms a field takes, said in its hint and in every message about a time that is not one. */
export const TIME_INPUT_FORMS = '2026-10-30, 2026-10-30 14:30, or 2026-10-30T14:30:00Z';

/** The labels of a range's two bounds on every screen: the spec's effectiveAfter (inclusive) and effectiveBefore (exclusive). */
export const TIME_RANGE_LABELS = { from: 'From', before: 'Before' } as const;

/** What a time received as text (a link, a request) is told when it is not RFC 3339. */
export const NOT_RFC3339 =
  'not an RFC 3339 date-time: write a date, a time and Z or an offset, like 2026-10-30T14:30:00Z';

/**
 * A time received as text (a link, a channel's argument, a stored view): RFC 3339 read generously
 * (readRfc3339), within years 0001-9999, as canonical UTC text (`Z`, the fraction's digits as
 * given without trailing zeros: never rounded).
 */
export function readTimeText(text: string): TimeInputResult {
  const at = readRfc3339(text);
  if (!at) {
    const year = /^\s*\+?(\d{5,})-/.exec(text);
    if (year) return { ok: false, message: `year ${Number(year[1])} is too far ahead: the latest is 9999` };
    if (/^\s*0000-/.test(text)) return { ok: false, message: OUT_OF_RANGE };
    return { ok: false, message: NOT_RFC3339 };
  }
  return checked(at, fractionOf(text));
}

/** A time as canonical RFC 3339 UTC text (see readTimeText); text that is not a time is returned as it is. */
export function canonicalTime(text: string): string {
  const read = readTimeText(text);
  return read.ok ? read.iso : text;
}

const TYPED = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?$/;

/**
 * A time typed by a person. A date alone is midnight; a date and time without an offset is read in
 * `zone` (a local time skipped by a daylight-saving change is refused, never moved); text with `Z`,
 * an offset or a trailing "UTC" (as the tables show times) is that instant whatever the zone. Empty text is not a time: callers treat it as
 * "no bound" before calling.
 */
export function readTimeInput(text: string, zone: TimeZoneChoice): TimeInputResult {
  // "… UTC" is how the tables show a time (time-display.ts): a time copied from one reads back.
  const value = text.trim().replace(/(\d)\s*UTC$/i, '$1Z');
  if (value === '') return { ok: false, message: 'empty' };
  if (value.length > 120) return { ok: false, message: `not a date or time: use ${TIME_INPUT_FORMS}` };
  if (/[Zz]$|[+-]\d{2}(?::?\d{2})?$/.test(value) && /\d[Tt ]\d/.test(value)) {
    const at = readRfc3339(value);
    if (!at) return { ok: false, message: whatIsWrong(value) };
    return checked(at, fractionOf(value));
  }
  const m = TYPED.exec(value);
  if (!m) return { ok: false, message: whatIsWrong(value) };
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = ''] = m;
  if (fraction.length > MAX_FRACTION_DIGITS) return { ok: false, message: whatIsWrong(value) };
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const wall = wallMs(...parts);
  if (wall === null) return { ok: false, message: noSuchTime(parts) };
  if (zone === 'utc') return checked(instant(wall, fraction), fraction);
  const local = new Date(0);
  local.setFullYear(parts[0], parts[1] - 1, parts[2]);
  local.setHours(parts[3], parts[4], wall.leap ? 59 : parts[5], 0);
  if (local.getDate() !== parts[2] || local.getHours() !== parts[3] || local.getMinutes() !== parts[4]) {
    return {
      ok: false,
      message:
        'this local time does not exist (the clocks skip it at a daylight-saving change): pick another or use UTC',
    };
  }
  return checked(instant({ ms: local.getTime(), leap: wall.leap }, fraction), fraction);
}

/** Year, month, day, hours, minutes, seconds of `at` on the wall clock of `zone`. */
export function wallClock(at: Date, zone: TimeZoneChoice): [number, number, number, number, number, number] {
  return zone === 'utc'
    ? [
        at.getUTCFullYear(),
        at.getUTCMonth() + 1,
        at.getUTCDate(),
        at.getUTCHours(),
        at.getUTCMinutes(),
        at.getUTCSeconds(),
      ]
    : [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()];
}

/** Whether the text names a leap second (23:59:60), which the readers take as the last microsecond of its minute. */
export function isLeapSecondText(text: string): boolean {
  return /:60(?:\.|\s*[Zz+-])/.test(text);
}

/**
 * The text a time field shows for a time (filling a form from a link, a drill-down, a default):
 * the shortest form readTimeInput reads back as the same instant in `zone` ("2026-10-30",
 * "2026-10-30 14:30", "2026-10-30 14:30:05.25"), the fraction's digits as the text has them. A
 * local time the clocks show twice (the hour repeated when daylight saving ends) is written with
 * its offset, so it cannot be read back as the other one. Text that is not a time is returned as it is.
 */
export function timeInputText(text: string | null, zone: TimeZoneChoice): string {
  if (text === null || text === '') return '';
  const at = readRfc3339(text);
  if (!at) return text;
  // A leap second (23:59:60) is read as the last microsecond of its minute: written that way.
  if (isLeapSecondText(text)) return isoText(at);
  const fraction = fractionOf(text).replace(/0+$/, '');
  const second = new Date(Number(floorDiv(at.micros, 1_000_000n)) * 1000);
  const [y, mo, d, h, mi, s] = wallClock(second, zone);
  const date = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
  const clock = `${pad(h)}:${pad(mi)}${s || fraction ? `:${pad(s)}` : ''}${fraction ? `.${fraction}` : ''}`;
  const short = h || mi || s || fraction ? `${date} ${clock}` : date;
  const offset = zone === 'utc' ? 0 : -second.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const withOffset = `${date} ${pad(h)}:${pad(mi)}:${pad(s)}${fraction ? `.${fraction}` : ''}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  for (const candidate of [short, withOffset]) {
    const back = readTimeInput(candidate, zone);
    if (back.ok && back.instant.micros === at.micros) return candidate;
  }
  // Outside the years a field takes (read generously from a link): the canonical text, refused with its reason on submit.
  return isoText(at, fraction);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Reads a pair of typed bounds, `from` inclusive and `before` exclusive, with the fields' own labels in every message. */
export function readTimeRange(
  texts: { from: string; before: string },
  zone: TimeZoneChoice,
  labels: { from: string; before: string },
):
  | { ok: true; from: string | null; before: string | null }
  | { ok: false; issues: { from?: string; before?: string } } {
  const issues: { from?: string; before?: string } = {};
  const out: { from: string | null; before: string | null } = { from: null, before: null };
  const micros: { from?: bigint; before?: bigint } = {};
  for (const key of ['from', 'before'] as const) {
    if (texts[key].trim() === '') continue;
    const read = readTimeInput(texts[key], zone);
    if (read.ok) {
      out[key] = read.iso;
      micros[key] = read.instant.micros;
    } else issues[key] = `${labels[key]}: ${read.message}`;
  }
  if (micros.from !== undefined && micros.before !== undefined && micros.before <= micros.from) {
    issues.before = rangeOrderMessage(labels);
  }
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, ...out };
}

/** The one message for an inverted or empty range, in the labels the user sees. */
export function rangeOrderMessage(labels: { from: string; before: string }): string {
  return `${labels.before} must be later than ${labels.from}`;
}

/** An instant as RFC 3339 UTC text; the fraction is kept to `fraction` digits as given (none: whole seconds). */
export function isoText(at: Instant, fraction = ''): string {
  const seconds = new Date(Number(floorDiv(at.micros, 1_000_000n)) * 1000).toISOString().slice(0, 19);
  if (fraction === '') {
    const rest = Number(mod(at.micros, 1_000_000n));
    return rest === 0 ? `${seconds}Z` : `${seconds}.${String(rest).padStart(6, '0').replace(/0+$/, '')}Z`;
  }
  return `${seconds}.${fraction}Z`;
}

/** Microseconds as UTC ISO text with all six digits ("2026-10-31T12:00:00.123456Z"): how the store writes a time. */
export function microsIso(micros: bigint): string {
  const seconds = new Date(Number(floorDiv(micros, 1_000_000n)) * 1000).toISOString().slice(0, 19);
  return `${seconds}.${String(mod(micros, 1_000_000n)).padStart(6, '0')}Z`;
}

/** Whether two times (RFC 3339 text) name the same instant to the microsecond. */
export function sameInstant(a: string, b: string): boolean {
  const x = readRfc3339(a);
  const y = readRfc3339(b);
  return x !== null && y !== null && x.micros === y.micros;
}

function checked(at: Instant, fraction: string): TimeInputResult {
  if (at.ms < EARLIEST_MS || at.ms > LATEST_MS) return { ok: false, message: OUT_OF_RANGE };
  // Digits beyond the microsecond are kept in the text sent on, never rounded.
  return { ok: true, iso: isoText(at, fraction.replace(/0+$/, '')), instant: at };
}

/**
 * Milliseconds of a wall-clock time (whole seconds) read as UTC, or null when no such date or time
 * exists. A leap second (23:59:60) reads as 23:59:59 plus `leap`: it becomes the last microsecond of
 * its minute, so it sorts right before the next one.
 */
function wallMs(y: number, mo: number, d: number, h: number, mi: number, s: number): Wall | null {
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  if (at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return null;
  const leap = s === 60;
  at.setUTCHours(h, mi, leap ? 59 : s, 0);
  return { ms: at.getTime(), leap };
}

interface Wall {
  ms: number;
  leap: boolean;
}

function offsetMinutes(zone: string): number | null {
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function instant(wall: Wall, fraction: string): Instant {
  const sub = wall.leap ? 999_999n : BigInt((fraction.slice(0, 6) || '0').padEnd(6, '0'));
  const micros = BigInt(wall.ms) * 1000n + sub;
  return { micros, ms: Number(floorDiv(micros, 1000n)) };
}

function fractionOf(value: string): string {
  return /\.(\d+)/.exec(value)?.[1] ?? '';
}

function noSuchTime([y, mo, d, h, mi, s]: number[]): string {
  if (y < 1) return OUT_OF_RANGE;
  if (h > 23 || mi > 59 || s > 59) return 'no such time of day (hours 00-23, minutes and seconds 00-59)';
  return `no such date: ${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')} has no day ${d}`;
}

function whatIsWrong(value: string): string {
  const year = /^\+?(\d{5,})-/.exec(value);
  if (year) return `year ${Number(year[1])} is too far ahead: the latest is 9999`;
  if (/^\d{1,3}-\d/.test(value)) return 'write the year with four digits (0001 to 9999)';
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{4}/.test(value)) {
    return `write the year first, as in ${TIME_INPUT_FORMS.split(',')[0]} (day and month order differ between countries)`;
  }
  return `not a date or time: use ${TIME_INPUT_FORMS}`;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function mod(a: bigint, b: bigint): bigint {
  return ((a % b) + b) % b;
}

/** A time in a file name the app suggests: `20261202-091500` (UTC, to the second; sorts as text). */
export function fileStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
