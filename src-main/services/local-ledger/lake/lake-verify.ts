// `lake verify`: every partition's file against its manifest (hash, legs, totals, times, and its
// columns against its format's), then the lake's manifest against the partitions, and the folders of
// the other format (a move to format 2 not finished, its leftovers, or an older version's writes).
// A lake is verified in the layout its _lake.json names (format 1 or 2, lake-layout.ts).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  columnsProblem,
  type FileColumn,
  type FileFacts,
  fileHash,
  filesColumns,
  filesFacts,
  lakeDuckDb,
} from './lake-facts.ts';
import {
  DATA_FILE,
  FORMAT_1_COLUMNS,
  LAKE_COLUMNS,
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUTS,
  type LakeFormat,
  type LakeManifest,
  LINK_TEMP_PREFIX,
  monthsFile,
  NULL_MONTH,
  type PartitionManifest,
  type PartitionTotal,
  unescapePartitionValue,
  versionFile,
  versionOf,
} from './lake-layout.ts';
import { generationFiles } from './lake-listing.ts';
import { leftBehind, notMovable, oldMonths } from './lake-migrate.ts';
import { lakeFormat, lakePartitions, type Partition, partyFolders, readLakeManifestFile } from './lake-partitions.ts';
import { hiddenByOlderWriter, olderWriterText } from './lake-status.ts';
import { keptMonthsSql, lakeMonthsSql, versionFiles } from './lake-store.ts';

export interface LakeProblem {
  /** party_key=…/month=… (as on disk), a party folder, or the lake's manifest. */
  where: string;
  problem: string;
}

export interface VerifyResult {
  /** The layout verified: the lake manifest's format. */
  format: LakeFormat;
  partitions: number;
  legs: number;
  bytes: number;
  problems: LakeProblem[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The party a partition's folder names: format 1's folder is the escaped id; format 2's a key, checked against the manifest's id. */
function folderProblem(format: LakeFormat, partition: Partition, manifest: PartitionManifest): string | null {
  const month = partition.monthFolder.slice('month='.length);
  const folderOk =
    format === 1
      ? unescapePartitionValue(partition.partyFolder.slice('party='.length)) === manifest.party
      : LAYOUTS[2].partyFolder(manifest.party) === partition.partyFolder;
  if (!folderOk || (manifest.month ?? NULL_MONTH) !== month)
    return `the manifest is of ${manifest.party} ${manifest.month ?? 'no month'}, not of this folder`;
  if (manifest.format !== format) return `its manifest is of format ${manifest.format} in a lake of format ${format}`;
  return null;
}

/** What verifying one lake gathers as it goes: the result, and what each party's partitions hold. */
interface Verify {
  format: LakeFormat;
  /** The columns the format's files have. */
  columns: typeof LAKE_COLUMNS;
  connection: DuckDBConnection;
  result: VerifyResult;
  perParty: Map<string, { legs: number; months: number }>;
  /** The newest generation a partition's manifest names (0: none). */
  newest: number;
  problem: (where: string, text: string) => void;
}

/** A partition whose file is read with the rest of its party's. */
interface Queued {
  where: string;
  file: string;
  manifest: PartitionManifest;
  party: string;
}

/**
 * Recomputes each partition's legs, totals, times, columns and hash from its file and compares them
 * with its manifest and its format (and, in format 2, that every leg's `party` is the manifest's);
 * then the lake's manifest with the partitions; then the other format's folders. Every difference
 * is named.
 */
export async function verifyLake(
  lake: string,
  onPartition?: (done: number, total: number) => void,
): Promise<VerifyResult> {
  const read = await readLakeManifestFile(lake);
  const top = read.manifest;
  if (read.problem?.kind === 'newer')
    return {
      format: LAKE_FORMAT,
      partitions: 0,
      legs: 0,
      bytes: 0,
      problems: [{ where: LAKE_MANIFEST, problem: `${read.problem.text}: upgrade the app to verify this lake` }],
    };
  const format = await lakeFormat(lake, read);
  const columns = format === 2 ? LAKE_COLUMNS : FORMAT_1_COLUMNS;
  const result: VerifyResult = { format, partitions: 0, legs: 0, bytes: 0, problems: [] };
  const { instance, connection } = await lakeDuckDb();
  const problem = (where: string, text: string) => result.problems.push({ where, problem: text });
  const v: Verify = { format, columns, connection, result, perParty: new Map(), newest: 0, problem };
  const queued: Queued[] = [];
  try {
    const partitions = await lakePartitions(lake, LAYOUTS[format]);
    for (const [index, partition] of partitions.entries()) {
      onPartition?.(index, partitions.length);
      const where = `${partition.partyFolder}/${partition.monthFolder}`;
      const names = await readdir(partition.dir);
      for (const extra of names.filter((n) => n.endsWith('.parquet') && n !== DATA_FILE))
        problem(where, `an extra data file ${extra} (every engine would read it as part of the month)`);
      const manifest = partition.manifest;
      // A month removed by the last lake sync: its versioned file stays for the generation before (a
      // read that began before the switch), and goes with the next run.
      if (!manifest && names.every((n) => versionOf(n) !== null || n.startsWith(LINK_TEMP_PREFIX))) continue;
      if (!manifest) {
        problem(
          where,
          format === 1
            ? 'no readable manifest: the next lake sync moves the month to format 2 with a manifest of its own file, and a lake sync of its party from a store that holds it writes it again'
            : 'no readable manifest: a lake sync of its party from a store that holds it writes the month again',
        );
        continue;
      }
      const misplaced = folderProblem(format, partition, manifest);
      if (misplaced) problem(where, misplaced);
      if (!names.includes(DATA_FILE)) {
        problem(where, `${DATA_FILE} is missing (the manifest says ${manifest.legs} legs)`);
        continue;
      }
      result.partitions += 1;
      const file = join(partition.dir, DATA_FILE);
      const hash = await fileHash(file);
      result.bytes += hash.bytes;
      if (hash.sha256 !== manifest.sha256 || hash.bytes !== manifest.bytes)
        problem(
          where,
          `the file's bytes differ from the manifest's hash (${hash.bytes} bytes, sha256 ${hash.sha256.slice(0, 12)}…; manifest: ${manifest.bytes} bytes, ${manifest.sha256.slice(0, 12)}…)`,
        );
      await generationProblem(v, partition.dir, where, manifest);
      queued.push({ where, file, manifest, party: manifest.party });
      const next = partitions[index + 1];
      if (!next || next.partyFolder !== partition.partyFolder) await compareFacts(v, queued.splice(0));
    }
    await compareFacts(v, queued.splice(0));
    onPartition?.(partitions.length, partitions.length);
    if (read.problem && partitions.length > 0) problem(LAKE_MANIFEST, read.problem.text);
    if (top) manifestProblems(v, top);
    if (top) await generationProblems(v, lake, top);
    await otherFormatProblems(v, lake, top);
    return result;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** One party's files in one read; a file DuckDB cannot read is then found by reading each alone. */
async function compareFacts(v: Verify, batch: readonly Queued[]): Promise<void> {
  const { format, columns, connection, result, perParty, problem } = v;
  if (batch.length === 0) return;
  const options = { party: format === 2 };
  let facts: Map<string, FileFacts>;
  let schemas: Map<string, FileColumn[]>;
  try {
    const files = batch.map((b) => b.file);
    schemas = await filesColumns(connection, files);
    facts = await filesFacts(connection, files, options);
  } catch {
    facts = new Map();
    schemas = new Map();
    for (const b of batch) {
      try {
        schemas.set(b.file, (await filesColumns(connection, [b.file])).get(b.file) as FileColumn[]);
        facts.set(b.file, (await filesFacts(connection, [b.file], options)).get(b.file) as FileFacts);
      } catch (error) {
        problem(b.where, `the file cannot be read as this lake's Parquet: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
  for (const { where, file, manifest, party } of batch) {
    const schema = schemas.get(file);
    const wrongColumns = schema ? columnsProblem(schema, columns, format) : null;
    if (wrongColumns) problem(where, wrongColumns);
    const f = facts.get(file);
    if (!f) continue;
    result.legs += f.legs;
    const count = perParty.get(party) ?? { legs: 0, months: 0 };
    perParty.set(party, { legs: count.legs + f.legs, months: count.months + 1 });
    if (f.legs !== manifest.legs) problem(where, `${f.legs} legs in the file, ${manifest.legs} in the manifest`);
    if (f.party && f.legs > 0 && (f.party.min !== party || f.party.max !== party || f.party.nulls > 0))
      problem(where, `legs of another party in the file (party ${f.party.min} … ${f.party.max}), not only ${party}`);
    if (f.firstAt !== manifest.firstAt || f.lastAt !== manifest.lastAt)
      problem(
        where,
        `times ${f.firstAt} – ${f.lastAt} in the file, ${manifest.firstAt} – ${manifest.lastAt} in the manifest`,
      );
    if (!same(f.totals, manifest.totals)) {
      const key = (t: PartitionTotal) => `${t.instrumentAdmin}/${t.instrumentId} at scale ${t.scale}`;
      const listed = new Map(manifest.totals.map((t) => [key(t), t]));
      const differs = f.totals.filter((t) => !same(t, listed.get(key(t)))).map(key);
      const missing = manifest.totals.filter((t) => !f.totals.some((x) => key(x) === key(t))).map(key);
      const all = [...differs, ...missing];
      problem(where, `totals differ for ${all.slice(0, 5).join(', ')}${all.length > 5 ? ' and more' : ''}`);
    }
  }
}

/**
 * A month's versioned file (docs/lake.md, "Generations"): there, and the bytes of its part-0.parquet
 * (the same file, a hard link, unless the file system copied it).
 */
async function generationProblem(v: Verify, dir: string, where: string, manifest: PartitionManifest): Promise<void> {
  if (manifest.generation === undefined) return;
  v.newest = Math.max(v.newest, manifest.generation);
  const name = versionFile(manifest.generation);
  const [data, version] = await Promise.all([
    stat(join(dir, DATA_FILE)).catch(() => null),
    stat(join(dir, name)).catch(() => null),
  ]);
  if (!version) {
    v.problem(where, `${name}, the file the app reads, is missing: the next lake sync links ${DATA_FILE} as it again`);
    return;
  }
  if (data && data.ino === version.ino && data.dev === version.dev) return;
  const hash = await fileHash(join(dir, name));
  if (hash.sha256 !== manifest.sha256 || hash.bytes !== manifest.bytes)
    v.problem(where, `${name}, the file the app reads, differs from the manifest's hash`);
}

/** The generation _lake.json names: every file of it there, and no month written after it. */
async function generationProblems(v: Verify, lake: string, top: LakeManifest): Promise<void> {
  if (top.generation === undefined) return;
  for (const file of generationFiles(lake, top) ?? [])
    if (!(await stat(file).catch(() => null)))
      v.problem(
        LAKE_MANIFEST,
        `names ${file.slice(lake.length + 1)} of generation ${top.generation}, which is missing`,
      );
  // The months lake sync kept for each party (the app reads them instead of summing the legs), for
  // the parties whose months are whole (a month named above is the problem to fix first).
  const named = new Set(v.result.problems.map((p) => p.where.split('/')[0]));
  for (const p of top.parties) {
    if (!p.versions || Object.keys(p.versions).length === 0) continue;
    const folder = LAYOUTS[2].partyFolder(p.party);
    if (named.has(folder)) continue;
    const kept = join(lake, folder, monthsFile(p.versions));
    if (!(await stat(kept).catch(() => null))) continue;
    const computed = lakeMonthsSql(lake, versionFiles(lake, p.party, p.versions));
    try {
      const rows = await v.connection.runAndReadAll(
        `SELECT count(*) FROM ((${keptMonthsSql(kept)} EXCEPT ALL ${computed}) UNION ALL (${computed} EXCEPT ALL ${keptMonthsSql(kept)}))`,
      );
      if (Number(rows.getRows()[0][0]) > 0)
        v.problem(
          folder,
          `${kept.slice(join(lake, folder).length + 1)}, the months the app reads, differ from the sums of its months' files: remove it, and the next lake sync writes it again`,
        );
    } catch (error) {
      v.problem(folder, `its kept months cannot be read: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (v.newest > top.generation)
    v.problem(
      LAKE_MANIFEST,
      `is of generation ${top.generation}, and months of generation ${v.newest} were written after it (a lake sync that did not finish: the app reads generation ${top.generation}, whole; the next lake sync switches it)`,
    );
}

/** The lake's manifest against the partitions: each party it lists with what its files hold, and no other. */
function manifestProblems(v: Verify, top: LakeManifest): void {
  const { format, perParty, problem } = v;
  for (const p of top.parties) {
    const seen = perParty.get(p.party);
    if (!seen)
      problem(
        LAKE_MANIFEST,
        `lists ${p.party}, which has no readable partition (${LAYOUTS[format].partyFolder(p.party)})`,
      );
    else if (seen.legs !== p.legs || seen.months !== p.months)
      problem(
        LAKE_MANIFEST,
        `says ${p.party} has ${p.legs} legs in ${p.months} months; the files hold ${seen.legs} in ${seen.months}`,
      );
  }
  for (const party of perParty.keys())
    if (!top.parties.some((p) => p.party === party)) problem(LAKE_MANIFEST, `does not list ${party}`);
}

/**
 * The folders of the other format: in a lake of format 2, format-1 months a move left behind or
 * could not move; in one of format 1, format-2 folders (a move not finished, or hidden by an older
 * version's manifest).
 */
async function otherFormatProblems(v: Verify, lake: string, top: LakeManifest | null): Promise<void> {
  const { format, connection, problem } = v;
  if (format === 2) {
    // Format-1 months beside a lake of format 2: a move's leftovers, or months it could not move.
    const byFolder = new Map<string, number>();
    const old = await oldMonths(lake);
    for (const m of old) {
      if (await leftBehind(lake, m)) {
        byFolder.set(m.partition.partyFolder, (byFolder.get(m.partition.partyFolder) ?? 0) + 1);
        continue;
      }
      const why =
        (await notMovable(connection, m)) ?? 'it was written after the move (by an older version of the app?)';
      problem(
        m.where,
        `a month of format 1 not moved to format 2 (no reader of this lake reads it; an engine reading party=* would): ${why}; ${
          m.extras.length > 0
            ? 'move its other data files out by hand, then a lake sync removes the folder once the month is in format 2'
            : `a lake sync of ${m.party} from a store that holds it writes the month in format 2, and the one after it removes this folder`
        }`,
      );
    }
    for (const folder of await partyFolders(lake, LAYOUTS[1])) {
      const left = byFolder.get(folder) ?? 0;
      if (left > 0)
        problem(
          folder,
          `a party folder of format 1 that a move to format 2 left behind (${left} month${left === 1 ? '' : 's'} in format 2 now): the next lake sync removes ${left === 1 ? 'it' : 'them'} (an engine reading party=* would read them)`,
        );
      else if (!old.some((m) => m.partition.partyFolder === folder))
        problem(
          folder,
          'a party folder of format 1 that a move to format 2 left behind, with no month in it: the next lake sync removes it when it is empty',
        );
    }
  } else {
    const hidden = top ? await hiddenByOlderWriter(lake, top) : [];
    if (top && hidden.length > 0) problem(LAKE_MANIFEST, olderWriterText(top, hidden));
    for (const folder of await partyFolders(lake, LAYOUTS[2]))
      problem(
        folder,
        hidden.length > 0
          ? `a party folder of format 2 that the ${LAKE_MANIFEST} of format 1, written by an older version of the app, hides from readers: the next lake sync of this version lists it again`
          : 'a party folder of format 2 from a move to format 2 that did not finish: the next lake sync finishes it',
      );
  }
}
