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
import { type DuckDBConnection, DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';

export const LEG_DAYS_TABLE = `CREATE TABLE IF NOT EXISTS leg_days (
     party VARCHAR NOT NULL,
     instrument_admin VARCHAR,
     instrument_id VARCHAR,
     scale INTEGER NOT NULL,
     day DATE,
     counterparty VARCHAR,
     is_incoming BOOLEAN NOT NULL,
     status VARCHAR,
     symbol VARCHAR,
     decimals INTEGER,
     legs BIGINT NOT NULL,
     inexact_legs BIGINT NOT NULL,
     units_hi HUGEINT NOT NULL,
     units_lo HUGEINT NOT NULL,
     first_ts TIMESTAMP,
     last_ts TIMESTAMP
   )`;

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
  return `SELECT party, instrument_admin, instrument_id, coalesce(amount_scale, decimals, 18) AS scale,
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
 * with the very sums a kept row holds.
 */
export function legsAsDays(where: string, grain: 'day' | 'month' = 'day'): string {
  const at = grain === 'day' ? 'effective_ts::DATE AS day' : "date_trunc('month', effective_ts)::DATE AS month";
  return `SELECT party, instrument_admin, instrument_id, coalesce(amount_scale, decimals, 18) AS scale,
      ${at}, counterparty, is_incoming, status, symbol, decimals,
      1::BIGINT AS legs, CASE WHEN amount_exact THEN 0 ELSE 1 END::BIGINT AS inexact_legs,
      coalesce(amount_units::HUGEINT >> 63, 0)::HUGEINT AS units_hi,
      coalesce(amount_units::HUGEINT & ${LOW_BITS}, 0)::HUGEINT AS units_lo,
      effective_ts AS first_ts, effective_ts AS last_ts
    FROM leg_rows WHERE ${where}`;
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

/**
 * Rebuilds `party`'s aggregates for every day that [after, before) touches (micros; null: no
 * bound), and its undated legs' row, from `leg_rows` as it stands: inside the caller's
 * transaction. A few months of legs at a time (legChunks): one GROUP BY over a million legs passed
 * the engine's 128 MB of DuckDB memory.
 */
export async function rebuildLegDays(
  connection: DuckDBConnection,
  party: string,
  after: bigint | null,
  before: bigint | null,
): Promise<void> {
  const from = after === null ? null : dayStart(after);
  const to = before === null ? null : dayCeil(before);
  const days: string[] = [];
  const params: DuckDBTimestampValue[] = [];
  if (from !== null) {
    days.push('day >= ?::DATE');
    params.push(ts(from));
  }
  if (to !== null) {
    days.push('day < ?::DATE');
    params.push(ts(to));
  }
  await connection.run(
    `DELETE FROM leg_days WHERE party = ? AND (day IS NULL OR ${days.length > 0 ? `(${days.join(' AND ')})` : 'true'})`,
    [party, ...params],
  );
  await connection.run(`INSERT INTO leg_days ${legDaysSelect('party = ? AND effective_ts IS NULL')}`, [party]);
  for (const [start, end] of await legChunks(connection, party, from, to)) {
    await connection.run(
      `INSERT INTO leg_days ${legDaysSelect('party = ? AND effective_ts >= ? AND effective_ts < ?')}`,
      [party, ts(start), ts(end)],
    );
  }
}

/** A bound parameter of a time in micros. */
export const ts = (micros: bigint) => new DuckDBTimestampValue(micros);

/** What legChunks pieces: the legs (by their time), or the kept days (by their day). */
export const LEG_SOURCE = { table: 'leg_rows', time: 'effective_ts', rows: 100_000 } as const;
export const DAY_SOURCE = { table: 'leg_days', time: 'day', rows: 200_000 } as const;

/**
 * `party`'s dated rows of `source` in [from, to) as time ranges [start, end) of whole months
 * (clipped to the bounds), consecutive months together up to the source's rows: the pieces a
 * rebuild or a check groups one at a time.
 */
export async function legChunks(
  connection: DuckDBConnection,
  party: string,
  from: bigint | null,
  to: bigint | null,
  source: { table: string; time: string; rows: number } = LEG_SOURCE,
): Promise<Array<[bigint, bigint]>> {
  const bounds = [from, to].filter((b) => b !== null).map(ts);
  const t = source.time;
  const months = await connection.runAndReadAll(
    `SELECT epoch_us(m), epoch_us(m + INTERVAL 1 MONTH), n FROM (
       SELECT date_trunc('month', ${t})::TIMESTAMP AS m, count(*) AS n FROM ${source.table}
        WHERE party = ? AND ${t} IS NOT NULL${from !== null ? ` AND ${t} >= ?` : ''}${to !== null ? ` AND ${t} < ?` : ''}
        GROUP BY m) ORDER BY m`,
    [party, ...bounds],
  );
  const chunks: Array<{ start: bigint; end: bigint; rows: number }> = [];
  for (const [start, end, n] of months.getRows() as [bigint, bigint, bigint][]) {
    const last = chunks.at(-1);
    if (last && last.end === start && last.rows + Number(n) <= source.rows) {
      last.end = end;
      last.rows += Number(n);
    } else chunks.push({ start, end, rows: Number(n) });
  }
  // Clipped: the rest of a month outside [from, to) is neither deleted nor rebuilt.
  return chunks.map((c) => [from !== null && from > c.start ? from : c.start, to !== null && to < c.end ? to : c.end]);
}

export interface LegDaysCheck {
  /** Rows of the aggregates. */
  rows: number;
  /** Legs they count (the legs' own count beside it). */
  legs: number;
  legRows: number;
  /** Grains whose kept row differs from the legs' (missing, extra or other figures). */
  differing: number;
  /** Up to 20 of them. */
  examples: Array<{ party: string; day: string | null; counterparty: string | null; instrumentId: string | null }>;
}

/**
 * Compares the kept aggregates with the legs, grain by grain (as `lake verify` checks a lake): per
 * party, its undated row and its legs a chunk of months at a time (legChunks), and kept rows of
 * days that hold no leg at all.
 */
export async function checkLegDays(connection: DuckDBConnection): Promise<LegDaysCheck> {
  const counts = await connection.runAndReadAll(
    'SELECT (SELECT count(*) FROM leg_days), (SELECT coalesce(sum(legs), 0) FROM leg_days), (SELECT count(*) FROM leg_rows)',
  );
  const [rows, legs, legRows] = counts.getRows()[0].map(Number);
  const parties = await connection.runAndReadAll(
    'SELECT party FROM leg_rows UNION SELECT party FROM leg_days ORDER BY 1',
  );
  const found = { differing: 0, examples: [] as LegDaysCheck['examples'] };
  const compare = async (legsWhere: string, daysWhere: string, params: DuckDBValue[]) => {
    const diff = await connection.runAndReadAll(
      `WITH kept AS (SELECT ${LEG_DAYS_COLUMNS} FROM leg_days WHERE ${daysWhere}),
            fresh AS (${legDaysSelect(legsWhere)}),
            d AS ((SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh) UNION ALL (SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept))
       SELECT count(*) OVER (), party, day::VARCHAR, counterparty, instrument_id FROM d LIMIT 20`,
      params,
    );
    const rowsFound = diff.getRows();
    if (rowsFound.length === 0) return;
    found.differing += Number(rowsFound[0][0]);
    for (const r of rowsFound.slice(0, 20 - found.examples.length)) {
      found.examples.push({
        party: r[1] as string,
        day: r[2] as string | null,
        counterparty: r[3] as string | null,
        instrumentId: r[4] as string | null,
      });
    }
  };
  for (const [party] of parties.getRows() as [string][]) {
    await compare('party = $1 AND effective_ts IS NULL', 'party = $1 AND day IS NULL', [party]);
    let covered = 0;
    for (const [start, end] of await legChunks(connection, party, null, null)) {
      const where = 'party = $1 AND effective_ts >= $2 AND effective_ts < $3';
      await compare(where, 'party = $1 AND day >= $2::DATE AND day < $3::DATE', [party, ts(start), ts(end)]);
      const kept = await connection.runAndReadAll(
        'SELECT count(*) FROM leg_days WHERE party = $1 AND day >= $2::DATE AND day < $3::DATE',
        [party, ts(start), ts(end)],
      );
      covered += Number(kept.getRows()[0][0]);
    }
    // Kept rows outside every chunk are of days without legs: each one differs.
    const dated = await connection.runAndReadAll('SELECT count(*) FROM leg_days WHERE party = $1 AND day IS NOT NULL', [
      party,
    ]);
    found.differing += Number(dated.getRows()[0][0]) - covered;
  }
  return { rows, legs, legRows, ...found };
}
