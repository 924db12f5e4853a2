// The three values derived per leg (amount, update id, effectiveAt), never stored (transfer-store.ts
// keeps the columns they derive from). Each is written as ASCII bytes straight into an answer
// (page-json.ts: no string per leg); the string forms at the end read the same bytes back, so there
// is one definition of each.
import { hash32 } from './random.ts';
import { type TransferStore, updateOf } from './transfer-store.ts';

/** Longest amount: 21 digits of a whale, '.', 18 decimals; with slack for a 10-digit write. */
export const AMOUNT_MAX_BYTES = 56;
export const UPDATE_ID_BYTES = 68;
/** YYYY-MM-DDTHH:MM:SS.ffffffZ, or longer for a year past 9999 (never generated). */
export const EFFECTIVE_AT_MAX_BYTES = 40;

const ZERO = 48;
const WHALE_ZEROS = 15;
/** '00', '01', ... '99' as byte pairs: two digits per table read (the hot loops below). */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, k) => ZERO + (k & 1 ? (k >> 1) % 10 : Math.floor(k / 20)));

/** Writes n (0-99) as two digits. */
function writeTwo(out: Uint8Array, pos: number, n: number): void {
  out[pos] = DIGIT_PAIRS[n * 2];
  out[pos + 1] = DIGIT_PAIRS[n * 2 + 1];
}

/** Writes n (0-99999) as five digits, zero-padded. */
function writeFive(out: Uint8Array, pos: number, n: number): void {
  const high = (n / 1000) | 0; // 0-99
  const low = n - high * 1000; // 0-999
  writeTwo(out, pos, high);
  const hundreds = (low / 100) | 0;
  out[pos + 2] = ZERO + hundreds;
  writeTwo(out, pos + 3, low - hundreds * 100);
}

/** Writes the decimal digits of a non-negative integer below 2^53; returns the new position. */
function writeInteger(out: Uint8Array, pos: number, value: number): number {
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let k = pos + digits - 1; k >= pos; k--) {
    const q = Math.floor(v / 10);
    out[k] = ZERO + (v - q * 10);
    v = q;
  }
  return pos + digits;
}

/**
 * (k / 100000) ** 3 for k below 100,000: the same doubles the formula gives, without a Math.pow per
 * leg. Built on the first amount written, not at start-up (the app starts the sandbox with itself).
 */
let cubes: Float64Array | null = null;

function cubeTable(): Float64Array {
  const table = new Float64Array(100_000);
  for (let k = 0; k < table.length; k++) table[k] = (k / 100_000) ** 3;
  cubes = table;
  return table;
}

/**
 * Exact decimal amount of transfer i, derived from the seed: never a float. Mostly modest sizes,
 * with a long tail and the odd whale (x 10^15); a whole-unit instrument never shows 0.
 */
export function writeAmount(out: Uint8Array, pos: number, store: TransferStore, i: number): number {
  const instrument = store.instruments[store.instrument[i]];
  const h1 = hash32(store.seed, i, 1);
  const h2 = hash32(store.seed, i, 2);
  const whole = Math.floor((cubes ?? cubeTable())[h1 % 100_000] * instrument.scale * 10);
  const whale = h2 % 4096 === 0 && whole !== 0;
  const decimals = instrument.decimals ?? 0;
  if (decimals === 0 && whole === 0) {
    out[pos] = ZERO + 1;
    return pos + 1;
  }
  pos = writeInteger(out, pos, whole);
  if (whale) for (let k = 0; k < WHALE_ZEROS; k++) out[pos++] = ZERO;
  if (decimals === 0) return pos;
  out[pos++] = 46; // '.'
  // The fraction: 10-digit zero-padded hashes (salt 3, 4, ...) cut to `decimals` digits.
  for (let salt = 3, left = decimals; left > 0; salt++) {
    const h = hash32(store.seed, i, salt);
    const high = Math.floor(h / 100_000);
    writeFive(out, pos, high);
    writeFive(out, pos + 5, h - high * 100_000);
    const take = left < 10 ? left : 10;
    pos += take;
    left -= take;
  }
  return pos;
}

const HEX = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const MULTIHASH_SHA256 = Uint8Array.from('1220', (c) => c.charCodeAt(0));

/** The hash salts of an update id's 8 words. */
const UPDATE_ID_SALT = 100;

/** Canton-style update id: 1220 + 64 hex digits, derived from the seed and the update number. */
export function writeUpdateId(out: Uint8Array, pos: number, store: TransferStore, i: number): number {
  const update = updateOf(store, i);
  out.set(MULTIHASH_SHA256, pos);
  pos += 4;
  for (let salt = 0; salt < 8; salt++) {
    const h = hash32(store.seed, update, UPDATE_ID_SALT + salt);
    for (let shift = 28; shift >= 0; shift -= 4) out[pos++] = HEX[(h >>> shift) & 15];
  }
  return pos;
}

const MICROS_PER_DAY = 86_400_000_000;
/** The last day written: legs of one page often share it. */
let cachedDay = Number.NaN;
const cachedDate = new Uint8Array(16);
let cachedDateLength = 0;

/** Writes YYYY-MM-DDT of a day since the epoch (civil-from-days, H. Hinnant: proleptic Gregorian). */
function writeDate(out: Uint8Array, pos: number, day: number): number {
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDateLength = dateOf(cachedDate, day);
  }
  for (let k = 0; k < cachedDateLength; k++) out[pos + k] = cachedDate[k];
  return pos + cachedDateLength;
}

function dateOf(out: Uint8Array, day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) {
    // Never generated; Date writes these years as +YYYYYY or -YYYYYY.
    const text = new Date(day * 86_400_000).toISOString().slice(0, 11);
    for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k);
    return text.length;
  }
  writeTwo(out, 0, Math.floor(year / 100));
  writeTwo(out, 2, year % 100);
  out[4] = 45; // '-'
  writeTwo(out, 5, month);
  out[7] = 45;
  writeTwo(out, 8, doy - Math.floor((153 * mp + 2) / 5) + 1);
  out[10] = 84; // 'T'
  return 11;
}

/** ISO-8601 UTC with microseconds: 2025-03-04T05:06:07.123456Z (hot: one call per leg served). */
export function writeIsoMicros(out: Uint8Array, pos: number, micros: number): number {
  const day = Math.floor(micros / MICROS_PER_DAY);
  pos = writeDate(out, pos, day);
  const rest = micros - day * MICROS_PER_DAY; // an integer below 8.64e10: exact
  const second = Math.floor(rest / 1_000_000) | 0;
  const fraction = (rest - second * 1_000_000) | 0;
  const hours = (second / 3600) | 0;
  const minutes = ((second - hours * 3600) / 60) | 0;
  writeTwo(out, pos, hours);
  out[pos + 2] = 58; // ':'
  writeTwo(out, pos + 3, minutes);
  out[pos + 5] = 58;
  writeTwo(out, pos + 6, second - hours * 3600 - minutes * 60);
  out[pos + 8] = 46; // '.'
  const high = (fraction / 10_000) | 0; // 0-99
  const low = fraction - high * 10_000; // 0-9999
  const mid = (low / 100) | 0;
  writeTwo(out, pos + 9, high);
  writeTwo(out, pos + 11, mid);
  writeTwo(out, pos + 13, low - mid * 100);
  out[pos + 15] = 90; // 'Z'
  return pos + 16;
}

const scratch = Buffer.alloc(128);

export function amountOf(store: TransferStore, i: number): string {
  return scratch.toString('latin1', 0, writeAmount(scratch, 0, store, i));
}

export function updateIdOf(store: TransferStore, i: number): string {
  return scratch.toString('latin1', 0, writeUpdateId(scratch, 0, store, i));
}

export function isoMicros(micros: number): string {
  return scratch.toString('latin1', 0, writeIsoMicros(scratch, 0, micros));
}
