// A lake of format 1 (party=<Hive-escaped id> folders, the id in the folder name only) moved to
// format 2 (party_key=<key> folders, the id as every file's `party` column: lake-layout.ts), once,
// by the next lake sync, under its lock (docs/lake.md, "Format 1, and a lake of format 1").
//
// Readers follow _lake.json's format, so the move is made in an order where they read one whole
// layout at every moment: each format-1 month is copied into its format-2 folder; then _lake.json is
// rewritten as format 2 (the switch: one rename); then the format-1 months that were moved are
// removed. A writer killed before the switch leaves format 1 whole (the next run moves it again,
// skipping months already moved whole); one killed after it leaves format-1 months no reader reads,
// which the next run removes.
//
// A month is what its folder says to a reader of format 1: the party and month of its folder's names,
// the rows of its file. Its manifest is trusted only when it describes that file (same hash): then its
// fingerprint comes along and the run after the move rewrites nothing that did not change. A month
// whose manifest is missing, unreadable or stale (the writer of format 1 renamed a newer file in and
// died before its manifest) is moved with a manifest of its own file and a fingerprint no store has,
// so a lake sync of its party from a store that holds it rewrites it. A month that cannot be moved (its
// file is not format 1's Parquet, or its folder holds other data files) stays where it is, named: the
// move deletes nothing it did not move.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import { sqlString } from '../store/sql-text.ts';
import { type FileFacts, fileHash, filesColumns, filesFacts, lakeDuckDb } from './lake-facts.ts';
import { removeManifestTemps, syncPath, WRITE_OPTIONS, writePartitionManifest } from './lake-files.ts';
import {
  DATA_FILE,
  FORMAT_1_COLUMNS,
  LAKE_FORMAT,
  LAYOUTS,
  NULL_MONTH,
  type PartitionManifest,
  partitionPath,
  STAGING_PREFIX,
  unescapePartitionValue,
} from './lake-layout.ts';
import { type Writer, writeLakeManifest } from './lake-manifest.ts';
import {
  lakeFormat,
  lakeManifestMessage,
  lakePartitions,
  type Partition,
  partyFolders,
  readLakeManifestFile,
  readPartitionManifest,
} from './lake-partitions.ts';

/**
 * The fingerprint of a month moved without a manifest that described its file: no store's
 * fingerprint (a count and a sum) is ever this, so a lake sync of its party rewrites it from its store.
 */
export const UNKNOWN_FINGERPRINT = 'unknown: moved to format 2 without a manifest of its file';

export interface Migrated {
  /** Months moved to format 2 by this call (0 when the lake was already in format 2). */
  months: number;
  /** Format-1 months left in their folders: not movable, or (in a lake of format 2) not in format 2. */
  kept: number;
}

/** The steps of a move a test can stop at: before a month's rename into format 2, before the switch, before a format-1 month's removal. */
export type MoveStep = 'move' | 'switch' | 'remove';

export interface MoveOptions extends Writer {
  say: (line: string) => void;
  /** Tests (durability): told just before each step; `where` is the format-1 month (party=…/month=…). */
  beforeMoveStep?: (step: MoveStep, where: string) => void;
}

/** A format-1 month as its folder shows it to a reader of format 1. */
export interface OldMonth {
  partition: Partition;
  /** party=…/month=…, as on disk. */
  where: string;
  /** The exact id its folder names. */
  party: string;
  /** YYYY-MM, null for the month of legs without a time, undefined when the folder names no month. */
  month: string | null | undefined;
  /** It has a part-0.parquet. */
  data: boolean;
  /** Other .parquet files in it (every engine reads them as part of the month; the move does not move them). */
  extras: string[];
}

/** Every format-1 month of the lake. */
export async function oldMonths(lake: string): Promise<OldMonth[]> {
  const out: OldMonth[] = [];
  for (const partition of await lakePartitions(lake, LAYOUTS[1])) {
    const names = await readdir(partition.dir).catch(() => [] as string[]);
    const value = partition.monthFolder.slice('month='.length);
    out.push({
      partition,
      where: `${partition.partyFolder}/${partition.monthFolder}`,
      party: unescapePartitionValue(partition.partyFolder.slice(LAYOUTS[1].prefix.length)),
      month: value === NULL_MONTH ? null : /^\d{4}-\d{2}$/.test(value) ? value : undefined,
      data: names.includes(DATA_FILE),
      extras: names.filter((n) => n.endsWith('.parquet') && n !== DATA_FILE),
    });
  }
  return out;
}

/**
 * Why a format-1 month cannot be moved to format 2 as it is, or null. Its file is read for its
 * columns only (format 1's, with format 1's types; others are not lake columns and are left out).
 */
export async function notMovable(connection: DuckDBConnection, m: OldMonth): Promise<string | null> {
  if (m.month === undefined) return `its folder names no month (month=YYYY-MM, or month=${NULL_MONTH})`;
  if (m.extras.length > 0)
    return `it holds data files the move does not move (${m.extras.join(', ')}; every engine reads them as part of the month)`;
  if (!m.data) return null;
  let columns: Awaited<ReturnType<typeof filesColumns>>;
  const file = join(m.partition.dir, DATA_FILE);
  try {
    columns = await filesColumns(connection, [file]);
  } catch (error) {
    return `its file cannot be read as Parquet (${(error as Error).message.split('\n')[0]})`;
  }
  const has = new Map((columns.get(file) ?? []).map((c) => [c.name, c.type]));
  const wrong = FORMAT_1_COLUMNS.filter((c) => has.get(c.name) !== c.type).map((c) =>
    has.has(c.name) ? `${c.name} is ${has.get(c.name)}, not ${c.type}` : `no ${c.name}`,
  );
  if (wrong.length > 0) return `its file does not have format 1's columns: ${wrong.join('; ')}`;
  try {
    // Every value of every column read once: a file whose footer reads but whose pages do not.
    await connection.run(
      `SELECT bit_xor(hash(${FORMAT_1_COLUMNS.map((c) => c.name).join(', ')})) FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`,
    );
  } catch (error) {
    return `its file cannot be read whole (${(error as Error).message.split('\n')[0]})`;
  }
  return null;
}

/**
 * Moves a format-1 lake to format 2; in a lake already of format 2, removes the format-1 months a
 * move left behind. Refuses a lake of a newer format than this version writes, changing nothing.
 */
export async function migrateLake(lake: string, options: MoveOptions): Promise<Migrated> {
  const read = await readLakeManifestFile(lake);
  if (read.problem?.kind === 'newer')
    throw new ServiceError('invalid_argument', lakeManifestMessage(lake, read.problem, 'write'));
  if ((await partyFolders(lake, LAYOUTS[1])).length === 0) return { months: 0, kept: 0 };
  const months = await oldMonths(lake);
  const { instance, connection } = await lakeDuckDb();
  try {
    return (await lakeFormat(lake, read)) === LAKE_FORMAT
      ? await removeLeftovers(lake, months, connection, options)
      : await move(lake, months, connection, options);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function move(
  lake: string,
  months: OldMonth[],
  connection: DuckDBConnection,
  options: MoveOptions,
): Promise<Migrated> {
  const { say } = options;
  say(
    `lake: this lake is of format 1 (party ids in folder names: the longest ids overflow them); moving its ${months.length} months to format 2 (folders by a short key, the id in every file), once: docs/lake.md`,
  );
  const staging = join(lake, `${STAGING_PREFIX}migrate-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { recursive: true });
  const result: Migrated = { months: 0, kept: 0 };
  const done: OldMonth[] = [];
  try {
    for (const [index, m] of months.entries()) {
      const why = await notMovable(connection, m);
      if (why) {
        say(`lake: ${m.where}: not moved to format 2: ${why}. Its folder is kept (lake verify names it): docs/lake.md`);
        result.kept += 1;
        continue;
      }
      if (m.data) {
        await moveMonth(lake, m, join(staging, `${index}.parquet`), connection, options);
        result.months += 1;
      }
      done.push(m);
    }
    // The switch: from here readers read format 2, which holds every month moved.
    options.beforeMoveStep?.('switch', '');
    await writeLakeManifest(lake, options);
    await removeMonths(lake, done, options);
    say(
      `lake: moved ${result.months} months to format 2${result.kept ? `, kept ${result.kept} in their format-1 folders (named above)` : ''}`,
    );
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * One month (its file read whole by notMovable) into its format-2 folder, unless it is there whole.
 * A copy that fails now failed writing (a full disk?): the move stops before its switch, format 1 whole.
 */
async function moveMonth(
  lake: string,
  m: OldMonth,
  staged: string,
  connection: DuckDBConnection,
  options: MoveOptions,
): Promise<void> {
  const file = join(m.partition.dir, DATA_FILE);
  const month = m.month ?? null;
  const was = m.partition.manifest;
  const hash = await fileHash(file);
  // The manifest describes this file (not a newer one switched in before it), of this folder's party and month.
  const trusted =
    was !== null &&
    was.party === m.party &&
    was.month === month &&
    was.sha256 === hash.sha256 &&
    was.bytes === hash.bytes
      ? was
      : null;
  const target = join(lake, partitionPath(m.party, month));
  if (trusted && (await movedAlready(target, trusted))) return;
  try {
    // The file's own columns by name: the folder's party=/month= are not read as columns (Hive
    // partitioning off), and the party's id is added as the first.
    await connection.run(
      `COPY (SELECT ${sqlString(m.party)} AS party, ${FORMAT_1_COLUMNS.map((c) => c.name).join(', ')}
              FROM read_parquet(${sqlString(file)}, hive_partitioning = false))
         TO ${sqlString(staged)} (${WRITE_OPTIONS})`,
    );
  } catch (error) {
    throw new Error(
      `the copy of ${m.where} to format 2 failed (${(error as Error).message.split('\n')[0]}): nothing was switched, the lake is of format 1 as it was; run lake sync again to move it`,
    );
  }
  const facts = (await filesFacts(connection, [staged])).get(staged) as FileFacts;
  const same =
    trusted !== null &&
    facts.legs === trusted.legs &&
    facts.firstAt === trusted.firstAt &&
    facts.lastAt === trusted.lastAt &&
    JSON.stringify(facts.totals) === JSON.stringify(trusted.totals);
  if (!same)
    options.say(
      `lake: ${m.where}: ${was ? "its manifest does not describe its file (a writer stopped between the file's rename and its manifest's)" : 'it has no manifest this app reads'}: moved with a manifest of its own file; a lake sync of its party from a store that holds it writes it again`,
    );
  const copy = await fileHash(staged);
  await syncPath(staged, 'r+');
  const manifest: PartitionManifest = {
    format: LAKE_FORMAT,
    party: m.party,
    month,
    file: DATA_FILE,
    legs: facts.legs,
    bytes: copy.bytes,
    sha256: copy.sha256,
    fingerprint: same ? trusted.fingerprint : UNKNOWN_FINGERPRINT,
    firstAt: facts.firstAt,
    lastAt: facts.lastAt,
    totals: facts.totals,
    node: was?.party === m.party ? was.node : null,
    syncedAt: was?.party === m.party ? was.syncedAt : null,
    writtenAt: new Date().toISOString(),
  };
  await mkdir(target, { recursive: true });
  await removeManifestTemps(target);
  options.beforeMoveStep?.('move', m.where);
  await rename(staged, join(target, DATA_FILE));
  await writePartitionManifest(target, manifest);
  await syncPath(target, 'r');
}

/** A month a killed move already put in its format-2 folder, whole: its manifest the old one's, describing the file there. */
async function movedAlready(target: string, was: PartitionManifest): Promise<boolean> {
  const there = await readPartitionManifest(target);
  if (
    there === null ||
    there.party !== was.party ||
    there.month !== was.month ||
    there.fingerprint !== was.fingerprint ||
    there.legs !== was.legs
  )
    return false;
  const hash = await fileHash(join(target, DATA_FILE)).catch(() => null);
  return hash !== null && hash.sha256 === there.sha256 && hash.bytes === there.bytes;
}

/** A format-1 month in a lake of format 2 that a move left behind: in format 2 (or holding no data), and nothing else in it. */
export async function leftBehind(lake: string, m: OldMonth): Promise<boolean> {
  if (m.month === undefined || m.extras.length > 0) return false;
  if (!m.data) return true;
  const target = join(lake, partitionPath(m.party, m.month));
  const there = await readPartitionManifest(target);
  const names = await readdir(target).catch(() => [] as string[]);
  return there !== null && there.party === m.party && there.month === m.month && names.includes(DATA_FILE);
}

/**
 * A lake already of format 2: the format-1 months a move left behind (killed between its switch and
 * their removal) go; any other stays where it is, named (no reader reads it, and it is in no other place).
 */
async function removeLeftovers(
  lake: string,
  months: OldMonth[],
  connection: DuckDBConnection,
  options: MoveOptions,
): Promise<Migrated> {
  const gone: OldMonth[] = [];
  let kept = 0;
  for (const m of months) {
    if (await leftBehind(lake, m)) gone.push(m);
    else {
      kept += 1;
      options.say(
        `lake: ${m.where}: a month of format 1 that is not in format 2, kept in its folder: ${(await notMovable(connection, m)) ?? 'written after the move (by an older version of the app?)'}. lake verify names it: docs/lake.md`,
      );
    }
  }
  await removeMonths(lake, gone, options);
  if (gone.length > 0)
    options.say(`lake: removed ${gone.length} months of format 1 that a move to format 2 left behind`);
  return { months: 0, kept };
}

/** Format-1 months that are in format 2 now, then the party folders of format 1 that are empty. */
async function removeMonths(lake: string, months: OldMonth[], options: MoveOptions): Promise<void> {
  for (const m of months) {
    options.beforeMoveStep?.('remove', m.where);
    await rm(m.partition.dir, { recursive: true, force: true });
  }
  for (const folder of await partyFolders(lake, LAYOUTS[1])) await rmdir(join(lake, folder)).catch(() => {});
}
