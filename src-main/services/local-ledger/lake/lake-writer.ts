// `lake sync`'s second half: the store's legs of some parties into the lake (docs/lake.md). Called
// with the lake's lock held (lake-lock.ts) and a connection to the profile's store, after the store
// was synced the usual way (only what is new is fetched: the store's rule).
//
// Which months are written: every (party, month) whose legs in the store differ from what the
// partition's manifest recorded (count and a fingerprint of the legs' fields); a month with no
// manifest; and no other. A late leg (one the service reports in a month already written) changes
// that month's fingerprint, so that month is rewritten whole; a month the store no longer has
// (the party was forgotten and synced for a shorter window) is removed from the lake.
//
// How a month is switched in: its file is written under <lake>/.staging-<run>/ (a folder no reader
// looks at), its facts are read back from that file, then it is renamed into its month's folder as
// this run's generation's file (_part-0.parquet.g<N>, a name no engine's glob reads), linked over
// party_key=…/month=…/part-0.parquet (one rename: an engine that globs sees the old file or the new
// one, never part of either), and its manifest is written beside it the same way. The app's readers
// see none of it until the run's last step, the rename of _lake.json naming generation N
// (lake-manifest.ts): then all of it at once. A writer killed at any point leaves every partition
// whole and the generation before whole; a partition whose file was switched but not yet its
// manifest is rewritten by the next run (its manifest's fingerprint no longer matches the store).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import { sqlInList, sqlString } from '../store/sql-text.ts';
import { LEGS_VIEW_SQL } from '../store/store-schema.ts';
import { type FileFacts, fileHash, filesFacts } from './lake-facts.ts';
import { removeManifestTemps, syncPath, WRITE_OPTIONS, writePartitionManifest } from './lake-files.ts';
import {
  DATA_FILE,
  LAKE_COLUMNS,
  LAKE_FORMAT,
  type LakeManifest,
  monthFolder,
  monthsFile,
  NULL_MONTH,
  PARTITION_MANIFEST,
  type PartitionManifest,
  partitionPath,
  partyFolder,
  STAGING_PREFIX,
  versionFile,
} from './lake-layout.ts';
import { adopt, freshVersion, linkOrCopy, nextGeneration, writeLakeManifest } from './lake-manifest.ts';
import { type MoveStep, migrateLake } from './lake-migrate.ts';
import { folderPartitions } from './lake-partitions.ts';
import { lakeMonthsSql, versionFiles } from './lake-store.ts';

/**
 * The lake columns as SQL over the store's leg_rows, in LAKE_COLUMNS' order: the legs view's own
 * (store-schema.ts), with the time as an instant in UTC (lake-layout.ts, LAKE_COLUMNS).
 */
const COLUMN_SQL: Record<string, string> = { ...LEGS_VIEW_SQL, effective_at: "timezone('UTC', effective_ts)" };
const SELECT_LIST = LAKE_COLUMNS.map((c) => `${COLUMN_SQL[c.name]} AS ${c.name}`).join(', ');
const MONTH_SQL = "strftime(effective_ts, '%Y-%m')";
/** Every field of a leg as sent: a month's fingerprint is the count and the sum of these hashes. */
const FINGERPRINT_SQL = `count(*)::VARCHAR || ':' || sum(hash(update_id, effective_at, instrument_admin, instrument_id,
  symbol, decimals, amount, sender_party, receiver_party, counterparty, is_incoming, status))::VARCHAR`;

export interface LakeWriteOptions {
  lake: string;
  parties: readonly string[];
  program: string;
  profile: string;
  say: (line: string) => void;
  signal?: AbortSignal;
  /** false: leave _lake.json for the caller (writeLakeManifest), which writes parties one call at a time. */
  summarize?: boolean;
  /** The first party's place in the caller's run, for the progress line, when the caller writes parties one call at a time. */
  position?: { index: number; total: number };
  /** Tests (durability): told just before each partition's rename, and between its file's rename and its manifest's. */
  beforeCommit?: (party: string, month: string | null) => void;
  afterSwitch?: (party: string, month: string | null) => void;
  /** Tests (durability): told just before each step of a move to format 2 (lake-migrate.ts). */
  beforeMoveStep?: (step: MoveStep, where: string) => void;
}

export interface LakeWriteResult {
  parties: number;
  /** Months rewritten, months removed, months left as they were. */
  written: number;
  removed: number;
  unchanged: number;
  legsWritten: number;
  bytesWritten: number;
  /** null when `summarize` was false. */
  manifest: LakeManifest | null;
}

type MonthKey = string; // YYYY-MM or NULL_MONTH
/** What the store says of a party's sync (party_sync): the lake's manifests repeat it. */
type PartySync = { node: string | null; syncedAt: string | null; fullHistory: boolean };
/** What writeLake counts as it goes (its result less the lake's manifest). */
type WriteCounts = Omit<LakeWriteResult, 'manifest'>;

/**
 * The manifests of a party's partitions, by month folder value (an unreadable one is left out: it is
 * rewritten). A manifest of another party in its folder is two ids with one key: refused, naming both.
 */
export async function partyManifests(lake: string, party: string): Promise<Map<MonthKey, PartitionManifest>> {
  const out = new Map<MonthKey, PartitionManifest>();
  for (const { monthFolder, manifest } of await folderPartitions(lake, partyFolder(party))) {
    if (!manifest) continue;
    if (manifest.party !== party)
      throw new ServiceError(
        'local_store',
        `${manifest.party} and ${party} have the same folder key (${partyFolder(party)}): nothing of ${party} was written. Report it: the key is 64 bits of the id's hash.`,
      );
    out.set(monthFolder.slice('month='.length), manifest);
  }
  return out;
}

export async function writeLake(connection: DuckDBConnection, options: LakeWriteOptions): Promise<LakeWriteResult> {
  const { lake, say } = options;
  await mkdir(lake, { recursive: true });
  // A lake of format 1 moves to format 2 first, whole, once (lake-migrate.ts).
  await migrateLake(lake, options);
  // The generation this run's months are named by (its _lake.json, written last, switches readers to it).
  const generation = await nextGeneration(lake);
  // A staging folder left by a killed run (this run holds the lock: no other writer is running).
  for (const name of await readdir(lake))
    if (name.startsWith(STAGING_PREFIX)) await rm(join(lake, name), { recursive: true, force: true });
  const staging = join(lake, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
  const result = {
    parties: options.parties.length,
    written: 0,
    removed: 0,
    unchanged: 0,
    legsWritten: 0,
    bytesWritten: 0,
  };
  try {
    const stored = await storeMonths(connection, options.parties);
    const synced = await partySync(connection, options.parties);
    for (const [index, party] of options.parties.entries()) {
      if (options.signal?.aborted)
        throw new Error('Cancelled: the months switched in so far are whole; run the same command to finish.');
      const have = await partyManifests(lake, party);
      const want = stored.get(party) ?? new Map<MonthKey, string>();
      const touched = [...want].filter(([month, fp]) => have.get(month)?.fingerprint !== fp).map(([m]) => m);
      // A month the store no longer has goes only when the store holds the party's whole history: a
      // store synced for a window (--after/--before once) does not speak for the months outside it.
      const missing = [...have.keys()].filter((month) => !want.has(month));
      const gone = synced.get(party)?.fullHistory ? missing : [];
      if (missing.length > gone.length)
        say(
          `lake: ${party}: kept ${missing.length} months the store does not hold (its sync covers a window, not the whole history)`,
        );
      result.unchanged += want.size - touched.length;
      if (touched.length > 0)
        await switchInMonths(
          connection,
          options,
          generation,
          party,
          touched,
          join(staging, `p${index}`),
          want,
          synced,
          result,
        );
      for (const month of gone) {
        const target = join(lake, partyFolder(party), monthFolder(month === NULL_MONTH ? null : month));
        // The data first: a manifest without a file is read as "rewrite", a file without one too.
        await rm(join(target, DATA_FILE), { force: true });
        await rm(join(target, PARTITION_MANIFEST), { force: true });
        await rmdir(target).catch(() => {});
        result.removed += 1;
      }
      await keepPartyMonths(connection, lake, party, generation, join(staging, `m${index}`));
      say(
        `lake: ${party}: ${touched.length} month${touched.length === 1 ? '' : 's'} written, ${gone.length} removed, ${want.size - touched.length} unchanged (${(options.position?.index ?? 0) + index + 1} of ${options.position?.total ?? options.parties.length})`,
      );
    }
    const manifest = options.summarize === false ? null : await writeLakeManifest(lake, options);
    return { ...result, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * A party's `touched` months: each written to `dir` (in the run's staging folder) and read back,
 * then switched in, its manifest beside it (the file's header: "How a month is switched in").
 */
async function switchInMonths(
  connection: DuckDBConnection,
  options: LakeWriteOptions,
  generation: number,
  party: string,
  touched: MonthKey[],
  dir: string,
  want: ReadonlyMap<MonthKey, string>,
  synced: ReadonlyMap<string, PartySync>,
  result: WriteCounts,
): Promise<void> {
  const { lake } = options;
  await copyMonths(connection, party, touched, dir);
  const stagedOf = (month: MonthKey) => join(dir, monthFolder(month === NULL_MONTH ? null : month), DATA_FILE);
  const allFacts = await filesFacts(connection, touched.map(stagedOf));
  // The staged files reach the disk first, all at once (fsyncs in parallel: one each took
  // longer than writing a month); then each month is renamed in, its manifest beside it.
  await Promise.all(touched.map((month) => syncPath(stagedOf(month), 'r+')));
  const landed: string[] = [];
  for (const month of touched.sort()) {
    const staged = stagedOf(month);
    const facts = allFacts.get(staged) as FileFacts;
    const hash = await fileHash(staged);
    const fp = want.get(month) as string;
    if (`${facts.legs}` !== fp.split(':')[0])
      throw new Error(
        `the file staged for ${party} ${month} has ${facts.legs} legs, the store ${fp.split(':')[0]}: nothing of it was switched in`,
      );
    const target = join(lake, partitionPath(party, month === NULL_MONTH ? null : month));
    const version = await freshVersion(target, generation);
    const manifest: PartitionManifest = {
      format: LAKE_FORMAT,
      party,
      month: month === NULL_MONTH ? null : month,
      file: DATA_FILE,
      generation: version,
      legs: facts.legs,
      bytes: hash.bytes,
      sha256: hash.sha256,
      fingerprint: fp,
      firstAt: facts.firstAt,
      lastAt: facts.lastAt,
      totals: facts.totals,
      node: synced.get(party)?.node ?? null,
      syncedAt: synced.get(party)?.syncedAt ?? null,
      writtenAt: new Date().toISOString(),
    };
    await mkdir(target, { recursive: true });
    // A manifest's temp file a killed writer left in this month.
    await removeManifestTemps(target);
    options.beforeCommit?.(party, manifest.month);
    const versioned = join(target, versionFile(version));
    await rename(staged, versioned);
    await linkOrCopy(versioned, join(target, DATA_FILE));
    options.afterSwitch?.(party, manifest.month);
    await writePartitionManifest(target, manifest);
    landed.push(target);
    result.written += 1;
    result.legsWritten += facts.legs;
    result.bytesWritten += hash.bytes;
  }
  // The renames and the manifests on disk (a power cut before this leaves months the next
  // run rewrites: their manifests no longer match the store, or are unreadable).
  await Promise.all(landed.flatMap((dir) => [syncPath(join(dir, PARTITION_MANIFEST), 'r'), syncPath(dir, 'r')]));
}

/**
 * The party's months summed, for the app's reader (lake-layout.ts, MONTHS_PREFIX): written from its
 * months' files (each given a version first, when it has none) unless the file of those versions is
 * there. Staged, fsynced, then renamed in: a name always holds the sums of the files it names.
 */
async function keepPartyMonths(
  connection: DuckDBConnection,
  lake: string,
  party: string,
  generation: number,
  dir: string,
): Promise<void> {
  const partitions = await folderPartitions(lake, partyFolder(party));
  for (const partition of partitions) await adopt(partition, generation);
  const versions: Record<string, number> = {};
  for (const { manifest } of partitions)
    if (manifest?.party === party && manifest.generation !== undefined)
      versions[manifest.month ?? NULL_MONTH] = manifest.generation;
  if (Object.keys(versions).length === 0) return;
  const target = join(lake, partyFolder(party), monthsFile(versions));
  if (await stat(target).catch(() => null)) return;
  await mkdir(dir, { recursive: true });
  const staged = join(dir, monthsFile(versions));
  // Parquet has no 128-bit integer: the sums as DECIMAL(38,0), exact (lake-store.ts reads them back as HUGEINT).
  await connection.run(
    `COPY (SELECT * REPLACE (units_hi::DECIMAL(38,0) AS units_hi, units_lo::DECIMAL(38,0) AS units_lo)
             FROM (${lakeMonthsSql(lake, versionFiles(lake, party, versions))}))
       TO ${sqlString(staged)} (${WRITE_OPTIONS})`,
  );
  await syncPath(staged, 'r+');
  await rename(staged, target);
}

/** (party → month → fingerprint) of the store's finished legs. */
async function storeMonths(
  connection: DuckDBConnection,
  parties: readonly string[],
): Promise<Map<string, Map<MonthKey, string>>> {
  const out = new Map<string, Map<MonthKey, string>>();
  if (parties.length === 0) return out;
  const rows = (
    await connection.runAndReadAll(
      `SELECT party, coalesce(${MONTH_SQL}, '${NULL_MONTH}'), ${FINGERPRINT_SQL}
         FROM leg_rows WHERE party IN (${sqlInList(parties)}) GROUP BY ALL`,
    )
  ).getRows();
  for (const [party, month, fp] of rows) {
    const months = out.get(party as string) ?? new Map<MonthKey, string>();
    months.set(month as string, fp as string);
    out.set(party as string, months);
  }
  return out;
}

async function partySync(connection: DuckDBConnection, parties: readonly string[]): Promise<Map<string, PartySync>> {
  if (parties.length === 0) return new Map();
  const rows = (
    await connection.runAndReadAll(
      `SELECT party, node_id, strftime(last_sync_at, '%Y-%m-%dT%H:%M:%S.%fZ'), full_history
         FROM party_sync WHERE party IN (${sqlInList(parties)})`,
    )
  ).getRows();
  return new Map(
    rows.map((r) => [
      r[0] as string,
      { node: (r[1] as string | null) ?? null, syncedAt: (r[2] as string | null) ?? null, fullHistory: r[3] === true },
    ]),
  );
}

/**
 * One COPY per touched month, each to <dir>/month=…/part-0.parquet, oldest leg first. A month at a
 * time: one COPY of a party's months with PARTITION_BY held every month's rows until the end and ran
 * out of the store's 192 MB (its memory then; 128 MB now) at 166,000 legs a party (the scale bench); a month is a few thousand.
 * The month is a range on effective_ts, so DuckDB skips the store's row groups outside it.
 */
async function copyMonths(
  connection: DuckDBConnection,
  party: string,
  months: readonly MonthKey[],
  dir: string,
): Promise<void> {
  for (const month of months) {
    const target = join(dir, monthFolder(month === NULL_MONTH ? null : month));
    await mkdir(target, { recursive: true });
    await connection.run(
      `COPY (SELECT ${SELECT_LIST} FROM leg_rows WHERE party = ${sqlString(party)} AND ${monthWhere(month)}
              ORDER BY effective_ts, seq)
         TO ${sqlString(join(target, DATA_FILE))} (${WRITE_OPTIONS})`,
    );
  }
}

/** A month as a range of effective_ts (NULL_MONTH: no time). */
function monthWhere(month: MonthKey): string {
  if (month === NULL_MONTH) return 'effective_ts IS NULL';
  const [year, m] = month.split('-').map(Number);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return `effective_ts >= TIMESTAMP '${month}-01' AND effective_ts < TIMESTAMP '${next}-01'`;
}
