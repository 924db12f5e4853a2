// What a partition's manifest says about its data file, computed from the file itself: legs, exact
// totals per instrument and scale, first and last time, sha256 of its bytes; and the file's columns.
// The writer computes them from the file it staged (so the manifest describes the bytes that are
// switched in, not the query that meant to write them), the move to format 2 from each file it
// copies, and `lake verify` computes them again and compares.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { readWithExactSums } from '../store/exact-sums.ts';
import { sqlList } from '../store/sql-text.ts';
import { LAKE_TYPE_MAP, type LakeFormat, type PartitionTotal } from './lake-layout.ts';

/** A DuckDB for reading lake files: in memory, 2 threads, 256 MB, no extension fetched. */
export async function lakeDuckDb(): Promise<{ instance: DuckDBInstance; connection: DuckDBConnection }> {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '2',
    memory_limit: '256MB',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  return { instance, connection: await instance.connect() };
}

export interface FileFacts {
  legs: number;
  firstAt: string | null;
  lastAt: string | null;
  totals: PartitionTotal[];
  /** The file's `party` column (format 2, when asked): its least and greatest id, and its NULLs. */
  party?: { min: string | null; max: string | null; nulls: number };
}

/** ISO text, UTC, microseconds, of a TIMESTAMP WITH TIME ZONE (whatever the session's zone). */
const iso = (expr: string) => `strftime(timezone('UTC', ${expr}), '%Y-%m-%dT%H:%M:%S.%fZ')`;

const EMPTY = (): FileFacts => ({ legs: 0, firstAt: null, lastAt: null, totals: [] });

/**
 * Facts of each of the Parquet files `paths` (a party's staged months, or a lake's partitions), in
 * two queries over all of them: a query per file cost more than reading the file.
 */
export async function filesFacts(
  connection: DuckDBConnection,
  paths: readonly string[],
  options: { party?: boolean } = {},
): Promise<Map<string, FileFacts>> {
  const out = new Map<string, FileFacts>(paths.map((p) => [p, EMPTY()]));
  if (paths.length === 0) return out;
  const source = `read_parquet(${sqlList(paths)}, filename = true)`;
  const party = options.party ? ', min(party), max(party), (count(*) FILTER (WHERE party IS NULL))::BIGINT' : '';
  const heads = (
    await connection.runAndReadAll(
      `SELECT filename, count(*)::BIGINT, ${iso('min(effective_at)')}, ${iso('max(effective_at)')}${party} FROM ${source} GROUP BY filename`,
    )
  ).getRows();
  for (const h of heads) {
    const facts = out.get(h[0] as string);
    if (!facts) continue;
    facts.legs = Number(h[1]);
    facts.firstAt = (h[2] as string | null) ?? null;
    facts.lastAt = (h[3] as string | null) ?? null;
    if (options.party)
      facts.party = { min: (h[4] as string | null) ?? null, max: (h[5] as string | null) ?? null, nulls: Number(h[6]) };
  }
  const rows = await readWithExactSums(
    connection,
    (sum) => `SELECT filename, instrument_admin, instrument_id, min(symbol), amount_scale, count(*)::BIGINT,
        (count(*) FILTER (WHERE is_incoming))::BIGINT, (count(*) FILTER (WHERE NOT is_incoming))::BIGINT,
        ${sum('amount_units', 'is_incoming AND amount_units IS NOT NULL')},
        ${sum('amount_units', 'NOT is_incoming AND amount_units IS NOT NULL')}
      FROM ${source}
      GROUP BY filename, instrument_admin, instrument_id, amount_scale
      ORDER BY filename, instrument_admin NULLS FIRST, instrument_id NULLS FIRST, amount_scale NULLS FIRST`,
    [],
  );
  for (const r of rows) {
    out.get(r[0] as string)?.totals.push({
      instrumentAdmin: r[1] as string | null,
      instrumentId: r[2] as string | null,
      symbol: r[3] as string | null,
      scale: r[4] === null ? null : Number(r[4]),
      legs: Number(r[5]),
      legsIn: Number(r[6]),
      legsOut: Number(r[7]),
      unitsIn: String(r[8]),
      unitsOut: String(r[9]),
    });
  }
  return out;
}

/** sha256 (hex) and size of a file's bytes, streamed. */
export async function fileHash(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), bytes: (await stat(path)).size };
}

export interface FileColumn {
  name: string;
  /** The lake's type (LAKE_TYPE_MAP) its Parquet type is, or `Parquet <type>` for one no lake column has. */
  type: string;
}

/** A Parquet column's type as LAKE_TYPE_MAP writes it. */
function parquetType(row: unknown[]): string {
  const [physical, converted, logical, length, precision, scale] = row as Array<string | number | null>;
  if (converted === 'DECIMAL') return `${physical}${length ? `(${length})` : ''} (DECIMAL(${precision},${scale}))`;
  if (converted === 'UTF8') return `${physical} (STRING)`;
  if (typeof logical === 'string' && logical.startsWith('TimestampType')) {
    const unit = /(MILLIS|MICROS|NANOS)=[A-Z]/.exec(logical)?.[1] ?? '?';
    return `${physical} (TIMESTAMP(${unit}, isAdjustedToUTC=${logical.includes('isAdjustedToUTC=1')}))`;
  }
  return String(physical);
}

/**
 * Each file's columns, from its Parquet schema (the file's own: a folder's Hive keys are not in it),
 * in one query over all of them.
 */
export async function filesColumns(
  connection: DuckDBConnection,
  paths: readonly string[],
): Promise<Map<string, FileColumn[]>> {
  const out = new Map<string, FileColumn[]>();
  if (paths.length === 0) return out;
  const rows = (
    await connection.runAndReadAll(
      `SELECT file_name, name, type, converted_type, logical_type, type_length, precision, scale
         FROM parquet_schema(${sqlList(paths)})`,
    )
  ).getRows();
  const roots = new Set<string>();
  for (const [file, name, ...type] of rows) {
    // Each file's first element is its schema's root, not a column.
    if (!roots.has(file as string)) {
      roots.add(file as string);
      out.set(file as string, []);
      continue;
    }
    const text = parquetType(type);
    out.get(file as string)?.push({
      name: name as string,
      type: LAKE_TYPE_MAP.find((t) => t.parquet === text)?.type ?? `Parquet ${text}`,
    });
  }
  return out;
}

/** How a file's columns differ from a format's (LAKE_COLUMNS, FORMAT_1_COLUMNS), or null when they are exactly those. */
export function columnsProblem(
  columns: readonly FileColumn[],
  expected: ReadonlyArray<{ name: string; type: string }>,
  format: LakeFormat,
): string | null {
  const text = (c: { name: string; type: string }) => `${c.name} ${c.type}`;
  if (columns.map(text).join(', ') === expected.map(text).join(', ')) return null;
  const has = new Map(columns.map((c) => [c.name, c.type]));
  const wanted = new Set(expected.map((c) => c.name));
  const extra = columns.filter((c) => !wanted.has(c.name)).map((c) => c.name);
  const missing = expected.filter((c) => !has.has(c.name)).map((c) => c.name);
  const retyped = expected
    .filter((c) => has.has(c.name) && has.get(c.name) !== c.type)
    .map((c) => `${c.name} is ${has.get(c.name)}, not ${c.type}`);
  const parts = [
    ...(extra.length > 0 ? [`extra column${extra.length === 1 ? '' : 's'} ${extra.join(', ')}`] : []),
    ...(missing.length > 0 ? [`no ${missing.join(', ')}`] : []),
    ...retyped,
  ];
  return `its columns are not format ${format}'s: ${parts.length > 0 ? parts.join('; ') : 'the same columns in another order'}`;
}
