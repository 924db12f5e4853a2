// A team's ledger lake (docs/lake.md): the legs of many parties as Hive-partitioned Parquet that
// DuckDB, Spark, Trino and BigQuery read as they are. This module is the layout and nothing else:
// folder and file names, the escaping of a party id in a folder name, the columns of a data file,
// and the shapes of the manifests (checked with zod when read: a lake is a folder anyone can edit).
//
//   <lake>/_lake.json                                   the lake's manifest (parties, months, legs)
//   <lake>/_lake.lock                                   held by the one writer (lake-lock.ts)
//   <lake>/party=<escaped id>/month=YYYY-MM/part-0.parquet
//   <lake>/party=<escaped id>/month=YYYY-MM/_manifest.json
//   <lake>/party=<escaped id>/month=__HIVE_DEFAULT_PARTITION__/…   legs whose time is unreadable
//
// Names starting with `_` or `.` are skipped by Hive, Spark and Trino, and none ends in .parquet,
// so no engine reads a manifest, the lock or a writer's temp file as data.
import { z } from 'zod';
import { LEGS_VIEW_COLUMNS } from '../../../src-shared/contract/legs-view.ts';

/** Bumped when the layout or a column changes; a reader refuses a lake of a newer format. */
export const LAKE_FORMAT = 1;
export const LAKE_MANIFEST = '_lake.json';
export const LAKE_LOCK = '_lake.lock';
export const PARTITION_MANIFEST = '_manifest.json';
export const DATA_FILE = 'part-0.parquet';
/** Hive's (and Spark's, Trino's) name of a NULL partition value: a leg whose time could not be read. */
export const NULL_MONTH = '__HIVE_DEFAULT_PARTITION__';
/** Where one run stages its files, inside the lake (the renames stay on one file system). */
export const STAGING_PREFIX = '.staging-';

/**
 * The characters Hive's FileUtils.escapePathName escapes in a partition value (Spark uses the same
 * list), written %XX. Every engine here unescapes %XX; a party id is `name::1220…`, so the `::` is
 * the one that matters in practice: party=alice%3A%3A1220ab….
 */
const HIVE_ESCAPED = new Set([
  ...Array.from({ length: 0x1f }, (_, i) => String.fromCharCode(i + 1)),
  '"',
  '#',
  '%',
  "'",
  '*',
  '/',
  ':',
  '=',
  '?',
  '\\',
  '\u007f',
  '{',
  '[',
  ']',
  '^',
]);

export function escapePartitionValue(value: string): string {
  let out = '';
  for (const char of value) {
    out += HIVE_ESCAPED.has(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : char;
  }
  return out;
}

export function unescapePartitionValue(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export const partyFolder = (party: string) => `party=${escapePartitionValue(party)}`;
export const monthFolder = (month: string | null) => `month=${month ?? NULL_MONTH}`;
export const partitionPath = (party: string, month: string | null) => `${partyFolder(party)}/${monthFolder(month)}`;

/** The data files of a lake, for DuckDB's reader (temp files end in .tmp-…, staging folders start with a dot). */
export const DATA_GLOB = 'party=*/month=*/*.parquet';

/**
 * A data file's columns: the legs view's (src-shared/contract/legs-view.ts) in its order, without
 * `party` (a partition key: Spark, Trino and BigQuery refuse a column that is also a key), with the
 * time as TIMESTAMP WITH TIME ZONE (Parquet's isAdjustedToUTC=true: a TIMESTAMP in Spark, Trino
 * and BigQuery; a plain TIMESTAMP would be BigQuery's DATETIME and Spark's TIMESTAMP_NTZ).
 * The SQL is over the store's leg_rows.
 */
export const LAKE_COLUMNS = LEGS_VIEW_COLUMNS.filter((c) => c.name !== 'party').map((c) => ({
  name: c.name,
  type: c.name === 'effective_at' ? 'TIMESTAMP WITH TIME ZONE' : c.type,
  meaning: c.meaning,
}));

const Units = z.string().regex(/^-?\d+$/);
const Instant = z.string().max(64);

/** Exact totals of one instrument at one scale in a partition (units are integers as text). */
export const PartitionTotal = z.object({
  instrumentAdmin: z.string().nullable(),
  instrumentId: z.string().nullable(),
  symbol: z.string().nullable(),
  /** null: the legs whose amount is kept as text only (no units, no sums). */
  scale: z.number().int().nullable(),
  legs: z.number().int().nonnegative(),
  legsIn: z.number().int().nonnegative(),
  legsOut: z.number().int().nonnegative(),
  unitsIn: Units,
  unitsOut: Units,
});
export type PartitionTotal = z.infer<typeof PartitionTotal>;

export const PartitionManifest = z.object({
  format: z.literal(LAKE_FORMAT),
  party: z.string().min(1),
  /** YYYY-MM, or null for the legs whose time is unreadable. */
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  file: z.literal(DATA_FILE),
  legs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** sha256 of the data file's bytes, hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The store's fingerprint of the month's legs when written: how the next run knows it changed. */
  fingerprint: z.string().max(80),
  firstAt: Instant.nullable(),
  lastAt: Instant.nullable(),
  totals: z.array(PartitionTotal).max(100_000),
  /** The node the party was last synced from, and when (from the store). */
  node: z.string().nullable(),
  syncedAt: Instant.nullable(),
  writtenAt: Instant,
});
export type PartitionManifest = z.infer<typeof PartitionManifest>;

export const LakeParty = z.object({
  party: z.string().min(1),
  node: z.string().nullable(),
  syncedAt: Instant.nullable(),
  months: z.number().int().nonnegative(),
  legs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  firstAt: Instant.nullable(),
  lastAt: Instant.nullable(),
});
export type LakeParty = z.infer<typeof LakeParty>;

export const LakeManifest = z.object({
  format: z.literal(LAKE_FORMAT),
  writtenAt: Instant,
  /** Who wrote it last: "npm run cli -- lake sync" on a host, from a profile. */
  writer: z.object({ program: z.string().max(200), host: z.string().max(300), profile: z.string().max(200) }),
  columns: z.array(z.object({ name: z.string(), type: z.string() })).max(100),
  parties: z.array(LakeParty).max(1_000_000),
  legs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type LakeManifest = z.infer<typeof LakeManifest>;

/** A SQL string literal. */
export const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * How each engine reads a lake file's columns (docs/lake.md's type table is checked against this,
 * and a test checks every written file's Parquet schema against `parquet`). The Parquet types are
 * what DuckDB writes for the lake's SQL types; the engine types are from each engine's documented
 * Parquet mapping (Spark SQL's Parquet data source, Trino's Hive connector, BigQuery's Parquet
 * loading): none needs a conversion.
 */
export const LAKE_TYPE_MAP: ReadonlyArray<{
  type: string;
  parquet: string;
  spark: string;
  trino: string;
  bigquery: string;
}> = [
  { type: 'VARCHAR', parquet: 'BYTE_ARRAY (STRING)', spark: 'STRING', trino: 'varchar', bigquery: 'STRING' },
  { type: 'INTEGER', parquet: 'INT32', spark: 'INT', trino: 'integer', bigquery: 'INT64' },
  { type: 'BOOLEAN', parquet: 'BOOLEAN', spark: 'BOOLEAN', trino: 'boolean', bigquery: 'BOOL' },
  {
    type: 'DECIMAL(38,0)',
    parquet: 'FIXED_LEN_BYTE_ARRAY(16) (DECIMAL(38,0))',
    spark: 'DECIMAL(38,0)',
    trino: 'decimal(38,0)',
    bigquery: 'BIGNUMERIC',
  },
  {
    type: 'TIMESTAMP WITH TIME ZONE',
    parquet: 'INT64 (TIMESTAMP(MICROS, isAdjustedToUTC=true))',
    spark: 'TIMESTAMP',
    trino: 'timestamp(6)',
    bigquery: 'TIMESTAMP',
  },
];
