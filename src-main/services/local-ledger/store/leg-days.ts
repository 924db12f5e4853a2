// The aggregates the sync keeps (issue 39): per party, instrument, amount scale, UTC day,
// counterparty, direction and status, the legs and their exact sums. A sync rewrites the days its
// window covers in the same transaction that makes its legs visible (sync/sync-replace.ts), so a
// late leg or a changed status updates its day; a new schema rebuilds them all; `npm run cli --
// aggregates` rebuilds and checks them against the legs. The views read them for the whole days of
// a range and group the legs themselves only for the partial days at its edges (views/day-source.ts).
//
// Exact without a fallback: each leg's units (a HUGEINT below 10^38) are summed as two parts, the
// high bits (units >> 63) and the low 63 bits (units & (2^63 - 1)), so no sum of fewer than 2^63
// legs can overflow a HUGEINT; units = hi * 2^63 + lo, put together with bigints (`unitsOf`). Legs
// whose amount is text only (inexact) are counted, never summed, as in the legs' views.
import { type Level, levelTableSql } from './aggregate-levels.ts';
import { SCALE_KEY } from './exact-sums.ts';

export const LEG_DAYS_TABLE = levelTableSql('leg_days', 'day');

/** The table's columns in order: what LEG_DAYS_SELECT answers and the views' day source reads. */
export const LEG_DAYS_COLUMNS =
  'party, instrument_admin, instrument_id, scale, day, counterparty, is_incoming, status, symbol, decimals, legs, inexact_legs, units_hi, units_lo, first_ts, last_ts';

/**
 * `keep: false` only in the bench (bench/engine-probe.ts, BENCH_NO_LEG_DAYS): a sync then leaves the
 * aggregates as they were, so the sync's cost with them and without them is measured in pairs.
 */
export const legDaysTuning = { keep: true };

const LOW_BITS = 9223372036854775807n; // 2^63 - 1
const TWO_63 = 9223372036854775808n;

/**
 * The aggregation over `leg_rows` (the store's, or a lake's): one row per grain, in the table's
 * column order. `where` narrows the legs (bound parameters follow). The scale is the one the
 * views' sums are at (exact-sums.ts, SCALE_KEY).
 */
export function legDaysSelect(where: string): string {
  return `SELECT party, instrument_admin, instrument_id, ${SCALE_KEY} AS scale,
      effective_ts::DATE AS day, counterparty, is_incoming, status, min(symbol) AS symbol, min(decimals) AS decimals,
      count(*) AS legs, count(*) FILTER (WHERE NOT amount_exact) AS inexact_legs,
      coalesce(sum(amount_units::HUGEINT >> 63), 0)::HUGEINT AS units_hi,
      coalesce(sum(amount_units::HUGEINT & ${LOW_BITS}), 0)::HUGEINT AS units_lo,
      min(effective_ts) AS first_ts, max(effective_ts) AS last_ts
    FROM leg_rows WHERE ${where}
    GROUP BY party, instrument_admin, instrument_id, scale, day, counterparty, is_incoming, status`;
}

/**
 * Each leg of `leg_rows` as a row of the aggregates' shape, a grain of one leg (no GROUP BY): what
 * the views group where nothing is kept (a range's partial days, a lake, the legs-only reference),
 * with the very sums a kept row holds. `from`: another relation of leg_rows' columns (a lake's files).
 */
export function legsAsDays(where: string, from = 'leg_rows'): string {
  return `SELECT party, instrument_admin, instrument_id, ${SCALE_KEY} AS scale,
      effective_ts::DATE AS day, counterparty, is_incoming, status, symbol, decimals,
      1::BIGINT AS legs, CASE WHEN amount_exact THEN 0 ELSE 1 END::BIGINT AS inexact_legs,
      coalesce(amount_units::HUGEINT >> 63, 0)::HUGEINT AS units_hi,
      coalesce(amount_units::HUGEINT & ${LOW_BITS}, 0)::HUGEINT AS units_lo,
      effective_ts AS first_ts, effective_ts AS last_ts
    FROM ${from} WHERE ${where}`;
}

/** A sum of units_hi and one of units_lo (text or bigint, as DuckDB answers them) as the units they stand for. */
export function unitsOf(hi: unknown, lo: unknown): bigint {
  return BigInt(hi as string | bigint) * TWO_63 + BigInt(lo as string | bigint);
}

const DAY_MICROS = 86_400_000_000n;
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** The start (micros) of the UTC day that holds `micros`. */
export const dayStart = (micros: bigint) => floorDiv(micros, DAY_MICROS) * DAY_MICROS;
/** The start of the first UTC day that begins at or after `micros`. */
export const dayCeil = (micros: bigint) => {
  const start = dayStart(micros);
  return start === micros ? start : start + DAY_MICROS;
};

/** The days, grouped from the legs: at most 100,000 legs a statement. */
export const DAYS: Level = {
  table: 'leg_days',
  time: 'day',
  source: { table: 'leg_rows', time: 'effective_ts', cast: '', rows: 100_000, byDay: true },
  select: legDaysSelect,
};
