// A team's ledger lake (docs/lake.md): the legs of many parties as Hive-partitioned Parquet that
// DuckDB, Spark, Trino and BigQuery read as they are. This module is the layout and nothing else:
// folder and file names, a party's folder key, the columns of a data file, and the shapes of the
// manifests (checked with zod when read: a lake is a folder anyone can edit).
//
//   <lake>/_lake.json                                      the lake's manifest (parties, months, legs)
//   <lake>/_lake.lock                                      held by the one writer (lake-lock.ts)
//   <lake>/party_key=<key>/month=YYYY-MM/part-0.parquet    the party's exact id is its `party` column
//   <lake>/party_key=<key>/month=YYYY-MM/_manifest.json
//   <lake>/party_key=<key>/month=__HIVE_DEFAULT_PARTITION__/…   legs whose time is unreadable
//
// Format 1 named the folder party=<Hive-escaped id>, and the id was in the folder only. The longest
// id the app accepts (a 185-character hint: 255 characters) escaped to 447 bytes, past the 255-byte
// limit of a file name (ENAMETOOLONG), so format 2 names the folder by a short stable key and keeps
// the exact id in every file. A format-1 lake is read as it is and moved to format 2 by the next
// lake sync (lake-migrate.ts).
//
// Names starting with `_` or `.` are skipped by Hive, Spark and Trino, and none ends in .parquet,
// so no engine reads a manifest, the lock or a writer's temp file as data.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';

/**
 * Bumped when the layout or a column changes; a reader refuses a lake of a newer format. This
 * version writes format 2 and reads 1 and 2.
 */
export const LAKE_FORMAT = 2;
export type LakeFormat = 1 | 2;
export const LAKE_MANIFEST = '_lake.json';
export const LAKE_LOCK = '_lake.lock';
export const PARTITION_MANIFEST = '_manifest.json';
export const DATA_FILE = 'part-0.parquet';
/**
 * A month's file of one generation (docs/lake.md, "Generations"): `_part-0.parquet.g<N>`, the same
 * bytes as `part-0.parquet` (a hard link) when written. The app reads the files its generation's
 * _lake.json names; engines that glob read `part-0.parquet`. It starts with `_` and does not end in
 * .parquet, so no engine's glob reads it as data.
 */
export const VERSION_PREFIX = '_part-0.parquet.g';
export const versionFile = (generation: number) => `${VERSION_PREFIX}${generation}`;
/** The generation a month folder's name holds, or null when it is not a month's versioned file. */
export function versionOf(name: string): number | null {
  if (!name.startsWith(VERSION_PREFIX)) return null;
  const text = name.slice(VERSION_PREFIX.length);
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}
/**
 * A party's months summed (the store's leg_months rows of its files, sums as DECIMAL(38,0)): in its
 * party folder, named by its months' versions, so a name always holds the sums of those files.
 * Written by lake sync, read by the app's lake reader (lake-store.ts); no engine reads it as data.
 */
export const MONTHS_PREFIX = '_months.';
export function monthsFile(versions: Readonly<Record<string, number>>): string {
  const text = Object.keys(versions)
    .sort()
    .map((month) => `${month}:${versions[month]}\n`)
    .join('');
  return `${MONTHS_PREFIX}${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}
/** Where a month's switch links its versioned file before renaming the link over part-0.parquet. */
export const LINK_TEMP_PREFIX = '.part-0.parquet.link-';
/** Hive's (and Spark's, Trino's) name of a NULL partition value: a leg whose time could not be read. */
export const NULL_MONTH = '__HIVE_DEFAULT_PARTITION__';
/** Where one run stages its files, inside the lake (the renames stay on one file system). */
export const STAGING_PREFIX = '.staging-';

/**
 * The characters Hive's FileUtils.escapePathName escapes in a partition value (Spark uses the same
 * list), written %XX: format 1's party folders (party=alice%3A%3A1220ab…).
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

/** Characters of a party's hint kept readable in its folder key. */
const KEY_HINT_CHARS = 48;
/** Hex digits of sha256(id) in a party's folder key: 64 bits (a clash is checked for anyway). */
const KEY_HASH_HEX = 16;

/**
 * A party's folder key (format 2): its hint's first 48 characters with everything but letters,
 * digits, `_` and `-` made `_`, then `-` and the first 16 hex digits of the sha256 of the whole id.
 * Stable (the id alone decides it), at most 65 characters, nothing any engine escapes, and readable:
 * `alice-3f2a…` for `alice::1220…`. The exact id is the files' `party` column.
 */
export function partyKey(party: string): string {
  const at = party.lastIndexOf('::');
  const hint = (at > 0 ? party.slice(0, at) : party).slice(0, KEY_HINT_CHARS).replace(/[^A-Za-z0-9_-]/g, '_');
  const hash = createHash('sha256').update(party, 'utf8').digest('hex').slice(0, KEY_HASH_HEX);
  return `${hint || 'party'}-${hash}`;
}

export const monthFolder = (month: string | null) => `month=${month ?? NULL_MONTH}`;

/**
 * Where a lake of one format keeps its parties, and how an engine reads it. Format 2 (written now):
 * party_key=<key> folders, the id in the files. Format 1 (read, and moved to 2 by a lake sync):
 * party=<Hive-escaped id> folders, the id in the folder name only.
 */
export interface LakeLayout {
  format: LakeFormat;
  /** What a party folder's name starts with. */
  prefix: 'party_key=' | 'party=';
  partyFolder: (party: string) => string;
  /** The data files, for DuckDB's reader (temp files end in .tmp-…, staging folders start with a dot). */
  glob: string;
  /** DuckDB's hive_types for the folder keys (read as text, never guessed). */
  hiveTypes: string;
}

export const LAYOUTS: Readonly<Record<LakeFormat, LakeLayout>> = {
  2: {
    format: 2,
    prefix: 'party_key=',
    partyFolder: (party) => `party_key=${partyKey(party)}`,
    glob: 'party_key=*/month=*/*.parquet',
    hiveTypes: "{'party_key': VARCHAR, 'month': VARCHAR}",
  },
  1: {
    format: 1,
    prefix: 'party=',
    partyFolder: (party) => `party=${escapePartitionValue(party)}`,
    glob: 'party=*/month=*/*.parquet',
    hiveTypes: "{'party': VARCHAR, 'month': VARCHAR}",
  },
};

/** The layout this version writes. */
export const LAYOUT = LAYOUTS[LAKE_FORMAT];
export const partyFolder = LAYOUT.partyFolder;
export const partitionPath = (party: string, month: string | null) => `${partyFolder(party)}/${monthFolder(month)}`;

/**
 * A data file's columns: the legs view's (src-shared/contract/legs-view.ts) in its order, `party`
 * (the exact id) first, with the time as TIMESTAMP WITH TIME ZONE (Parquet's isAdjustedToUTC=true:
 * a TIMESTAMP in Spark, Trino and BigQuery; a plain TIMESTAMP would be BigQuery's DATETIME and
 * Spark's TIMESTAMP_NTZ). The folder's key is `party_key`, not `party`: Spark, Trino and BigQuery
 * refuse a column that is also a partition key. The SQL is over the store's leg_rows.
 */
export const LAKE_COLUMNS = LEGS_VIEW_COLUMNS.map((c) => ({
  name: c.name,
  type: c.name === 'effective_at' ? 'TIMESTAMP WITH TIME ZONE' : c.type,
  meaning: c.meaning,
}));
/** Format 1's columns: the same without `party` (its folder held the id): what a move to format 2 reads of a format-1 file, and verify checks it has. */
export const FORMAT_1_COLUMNS = LAKE_COLUMNS.filter((c) => c.name !== 'party');

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

const Format = z.union([z.literal(1), z.literal(2)]);

export const PartitionManifest = z.object({
  format: Format,
  party: z.string().min(1),
  /** YYYY-MM, or null for the legs whose time is unreadable. */
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  file: z.literal(DATA_FILE),
  /** The generation whose versioned file (versionFile) holds these bytes; absent: written before generations. */
  generation: z.number().int().positive().optional(),
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
  /** Its months (folder value: YYYY-MM or NULL_MONTH) and the generation of each one's file; absent before generations. */
  versions: z.record(z.string().max(40), z.number().int().positive()).optional(),
});
export type LakeParty = z.infer<typeof LakeParty>;

export const LakeManifest = z.object({
  format: Format,
  /**
   * The lake-wide generation: bumped by each lake sync, whose _lake.json (one rename) switches every
   * reader of the app to its months at once. Absent: written before generations (read by listing).
   */
  generation: z.number().int().positive().optional(),
  writtenAt: Instant,
  /** Who wrote it last: "npm run cli -- lake sync" on a host, from a profile. */
  writer: z.object({ program: z.string().max(200), host: z.string().max(300), profile: z.string().max(200) }),
  columns: z.array(z.object({ name: z.string(), type: z.string() })).max(100),
  parties: z.array(LakeParty).max(1_000_000),
  legs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type LakeManifest = z.infer<typeof LakeManifest>;

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
