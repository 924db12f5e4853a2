// One level of the kept aggregates (by day: leg-days.ts; by month: leg-months.ts), and the two things
// done to any level: rebuilding a party's rows for a time range from what the level is grouped from,
// a few months at a time, and checking them, grain by grain, against a fresh grouping of it. The
// time bounds of every statement here and in the views as one helper (`timeRange`).
import { type DuckDBConnection, DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';

/** A bound parameter of a time in micros. */
export const ts = (micros: bigint) => new DuckDBTimestampValue(micros);

/**
 * `column >= from AND column < to` as SQL parts with their parameters (a null bound: none); `cast`
 * for a DATE column (`::DATE`: a day or month start compares as a date).
 */
export function timeRange(
  column: string,
  from: bigint | null,
  to: bigint | null,
  cast = '',
): { parts: string[]; params: DuckDBValue[] } {
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  if (from !== null) {
    parts.push(`${column} >= ?${cast}`);
    params.push(ts(from));
  }
  if (to !== null) {
    parts.push(`${column} < ?${cast}`);
    params.push(ts(to));
  }
  return { parts, params };
}

/** A level's table: the grain (its time column `time`: a day, or a month's first day) and what it holds. */
export function levelTableSql(table: string, time: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
     party VARCHAR NOT NULL,
     instrument_admin VARCHAR,
     instrument_id VARCHAR,
     scale INTEGER NOT NULL,
     ${time} DATE,
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
}

/** Rows a level is grouped from: a table, its time column, and how many of them one statement groups at most. */
export interface ChunkSource {
  table: string;
  time: string;
  /** The cast a time parameter needs against `time`. */
  cast: string;
  rows: number;
  /** Whether a month of more rows may be cut into days (the legs: a day is the days' grain). */
  byDay: boolean;
}

export interface Level {
  /** The kept table and its time column (a day, or a month's first day). */
  table: string;
  time: string;
  /** What it is grouped from, and the grouping (its column order) over `where`. */
  source: ChunkSource;
  select(where: string): string;
}

/**
 * `party`'s dated rows of `source` in [from, to) as time ranges [start, end) of whole months
 * (clipped to the bounds), consecutive months together up to the source's rows: the pieces a
 * rebuild or a check groups one at a time (one GROUP BY over a million legs passed the engine's
 * 128 MB of DuckDB memory).
 */
async function chunks(
  connection: DuckDBConnection,
  party: string,
  from: bigint | null,
  to: bigint | null,
  source: ChunkSource,
): Promise<Array<[bigint, bigint]>> {
  const months = await piecesOf(connection, party, from, to, source, 'month');
  const found: Array<{ start: bigint; end: bigint; rows: number }> = [];
  for (const month of months) {
    // A month of more rows than a statement may group: its days, when the grain allows it.
    const pieces =
      month.rows > source.rows && source.byDay
        ? await piecesOf(connection, party, month.start, month.end, source, 'day')
        : [month];
    for (const piece of pieces) {
      const last = found.at(-1);
      if (last && last.end === piece.start && last.rows + piece.rows <= source.rows) {
        last.end = piece.end;
        last.rows += piece.rows;
      } else found.push({ ...piece });
    }
  }
  // Clipped: the rest of a month (or day) outside [from, to) is neither deleted nor rebuilt.
  return found.map((c) => [from !== null && from > c.start ? from : c.start, to !== null && to < c.end ? to : c.end]);
}

/** `party`'s dated rows of `source` in [from, to), counted per UTC month or day: [start, end) and rows. */
async function piecesOf(
  connection: DuckDBConnection,
  party: string,
  from: bigint | null,
  to: bigint | null,
  source: ChunkSource,
  unit: 'month' | 'day',
): Promise<Array<{ start: bigint; end: bigint; rows: number }>> {
  const range = timeRange(source.time, from, to, source.cast);
  const counted = await connection.runAndReadAll(
    `SELECT epoch_us(m), epoch_us(m + INTERVAL 1 ${unit.toUpperCase()}), n FROM (
       SELECT date_trunc('${unit}', ${source.time})::TIMESTAMP AS m, count(*) AS n FROM ${source.table}
        WHERE ${['party = ?', `${source.time} IS NOT NULL`, ...range.parts].join(' AND ')}
        GROUP BY m) ORDER BY m`,
    [party, ...range.params],
  );
  return (counted.getRows() as [bigint, bigint, bigint][]).map(([start, end, n]) => ({ start, end, rows: Number(n) }));
}

/**
 * Rebuilds `party`'s rows of `level` in [from, to) (the level's own bounds: day or month starts;
 * null: none) and its undated row, from the level's source as it stands: inside the caller's transaction.
 */
export async function rebuildLevel(
  connection: DuckDBConnection,
  level: Level,
  party: string,
  from: bigint | null,
  to: bigint | null,
): Promise<void> {
  const kept = timeRange(level.time, from, to, '::DATE');
  await connection.run(
    `DELETE FROM ${level.table} WHERE party = ? AND (${level.time} IS NULL OR ${kept.parts.length > 0 ? `(${kept.parts.join(' AND ')})` : 'true'})`,
    [party, ...kept.params],
  );
  const { source } = level;
  await connection.run(`INSERT INTO ${level.table} ${level.select(`party = ? AND ${source.time} IS NULL`)}`, [party]);
  for (const [start, end] of await chunks(connection, party, from, to, source)) {
    const within = timeRange(source.time, start, end, source.cast);
    await connection.run(`INSERT INTO ${level.table} ${level.select(['party = ?', ...within.parts].join(' AND '))}`, [
      party,
      ...within.params,
    ]);
  }
}

export interface Differing {
  party: string;
  /** The row's day or month (its first day), null for the undated row. */
  day: string | null;
  counterparty: string | null;
  instrumentId: string | null;
}

/**
 * `party`'s rows of `level` against a fresh grouping of its source, grain by grain: the undated
 * row, the dated ones a chunk at a time, and kept rows of times the source has nothing at (each of
 * them differs). At most 20 named.
 */
export async function checkLevel(
  connection: DuckDBConnection,
  level: Level,
  party: string,
): Promise<{ differing: number; examples: Differing[] }> {
  const found = { differing: 0, examples: [] as Differing[] };
  const compare = async (keptWhere: string, sourceWhere: string, params: DuckDBValue[]) => {
    const diff = await connection.runAndReadAll(
      `WITH kept AS (SELECT * FROM ${level.table} WHERE ${keptWhere}),
            fresh AS (${level.select(sourceWhere)}),
            d AS ((SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh) UNION ALL (SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept))
       SELECT count(*) OVER (), party, ${level.time}::VARCHAR, counterparty, instrument_id FROM d LIMIT 20`,
      params,
    );
    const rows = diff.getRows();
    if (rows.length === 0) return;
    found.differing += Number(rows[0][0]);
    for (const r of rows.slice(0, 20 - found.examples.length)) {
      found.examples.push({
        party: r[1] as string,
        day: r[2] as string | null,
        counterparty: r[3] as string | null,
        instrumentId: r[4] as string | null,
      });
    }
  };
  const { source } = level;
  await compare(`party = ? AND ${level.time} IS NULL`, `party = ? AND ${source.time} IS NULL`, [party, party]);
  let covered = 0;
  for (const [start, end] of await chunks(connection, party, null, null, source)) {
    const kept = timeRange(level.time, start, end, '::DATE');
    const within = timeRange(source.time, start, end, source.cast);
    const keptWhere = ['party = ?', ...kept.parts].join(' AND ');
    await compare(keptWhere, ['party = ?', ...within.parts].join(' AND '), [
      party,
      ...kept.params,
      party,
      ...within.params,
    ]);
    const count = await connection.runAndReadAll(`SELECT count(*) FROM ${level.table} WHERE ${keptWhere}`, [
      party,
      ...kept.params,
    ]);
    covered += Number(count.getRows()[0][0]);
  }
  const dated = await connection.runAndReadAll(
    `SELECT count(*) FROM ${level.table} WHERE party = ? AND ${level.time} IS NOT NULL`,
    [party],
  );
  found.differing += Number(dated.getRows()[0][0]) - covered;
  return found;
}
