// `lake verify` and `lake status`, and the DuckDB they read with: an in-memory instance with the
// store's limits (threads, memory, nothing loaded from the network), reading the lake's files only.
// A lake is verified in the layout its _lake.json names (format 1 or 2, lake-layout.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type FileFacts, fileHash, filesFacts } from './lake-facts.ts';
import {
  DATA_FILE,
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUTS,
  type LakeFormat,
  LakeManifest,
  NULL_MONTH,
  type PartitionManifest,
  type PartitionTotal,
  unescapePartitionValue,
} from './lake-layout.ts';
import { lakePartitions, type Partition, partyFolders } from './lake-partitions.ts';

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

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
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

/**
 * Recomputes each partition's legs, totals, times and hash from its file and compares them with
 * its manifest (and, in format 2, that every leg's `party` is the manifest's); then the lake's
 * manifest with the partitions. Every difference is named.
 */
export async function verifyLake(
  lake: string,
  onPartition?: (done: number, total: number) => void,
): Promise<VerifyResult> {
  let top: LakeManifest | null = null;
  let topProblem: string | null = null;
  try {
    top = LakeManifest.parse(await readJson(join(lake, LAKE_MANIFEST)));
  } catch (error) {
    topProblem = `unreadable (${(error as Error).message.split('\n')[0]})`;
  }
  // Without a readable manifest: the layout its folders are in (a new lake's when none).
  const format: LakeFormat =
    top?.format ??
    ((await partyFolders(lake, LAYOUTS[1])).length > 0 && (await partyFolders(lake, LAYOUTS[2])).length === 0
      ? 1
      : LAKE_FORMAT);
  const result: VerifyResult = { format, partitions: 0, legs: 0, bytes: 0, problems: [] };
  const { instance, connection } = await lakeDuckDb();
  const problem = (where: string, text: string) => result.problems.push({ where, problem: text });
  const perParty = new Map<string, { legs: number; months: number }>();
  const queued: Array<{ where: string; file: string; manifest: PartitionManifest; party: string }> = [];
  /** One party's files in one read; a file DuckDB cannot read is then found by reading each alone. */
  const compareFacts = async (batch: typeof queued) => {
    if (batch.length === 0) return;
    const options = { party: format === 2 };
    let facts: Map<string, FileFacts>;
    try {
      facts = await filesFacts(
        connection,
        batch.map((b) => b.file),
        options,
      );
    } catch {
      facts = new Map();
      for (const b of batch) {
        try {
          facts.set(b.file, (await filesFacts(connection, [b.file], options)).get(b.file) as FileFacts);
        } catch (error) {
          problem(
            b.where,
            `the file cannot be read as this lake's Parquet: ${(error as Error).message.split('\n')[0]}`,
          );
        }
      }
    }
    for (const { where, file, manifest, party } of batch) {
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
  };
  try {
    // The other layout's folders: a move to format 2 that did not finish, or its leftovers.
    for (const folder of await partyFolders(lake, LAYOUTS[format === 2 ? 1 : 2]))
      problem(
        folder,
        format === 2
          ? 'a party folder of format 1 that a move to format 2 left behind: the next lake sync removes it (an engine reading party=* would read it)'
          : 'a party folder of format 2 from a move to format 2 that did not finish: the next lake sync finishes it',
      );
    const partitions = await lakePartitions(lake, LAYOUTS[format]);
    for (const [index, partition] of partitions.entries()) {
      onPartition?.(index, partitions.length);
      const where = `${partition.partyFolder}/${partition.monthFolder}`;
      const names = await readdir(partition.dir);
      for (const extra of names.filter((n) => n.endsWith('.parquet') && n !== DATA_FILE))
        problem(where, `an extra data file ${extra} (every engine would read it as part of the month)`);
      const manifest = partition.manifest;
      if (!manifest) {
        problem(where, 'no readable manifest: run lake sync again to rewrite the month');
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
      queued.push({ where, file, manifest, party: manifest.party });
      const next = partitions[index + 1];
      if (!next || next.partyFolder !== partition.partyFolder) await compareFacts(queued.splice(0));
    }
    await compareFacts(queued.splice(0));
    onPartition?.(partitions.length, partitions.length);
    if (topProblem && partitions.length > 0) problem(LAKE_MANIFEST, topProblem);
    if (top) {
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
    return result;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export interface StatusParty {
  party: string;
  /** Its folder (`party_key=…`): an engine's filter on party_key reads that folder alone. */
  folder: string;
  months: number;
  legs: number;
  bytes: number;
  firstAt: string | null;
  lastAt: string | null;
  node: string | null;
  syncedAt: string | null;
  /** Seconds since the party's last sync, when known. */
  ageSeconds: number | null;
}

export interface LakeStatus {
  lake: string;
  format: LakeFormat;
  writtenAt: string | null;
  writer: LakeManifest['writer'] | null;
  parties: StatusParty[];
  legs: number;
  bytes: number;
}

/** The lake as its manifest describes it (no file is read but the manifest: verify reads them all). */
export async function lakeStatus(lake: string, now = Date.now()): Promise<LakeStatus> {
  const top = LakeManifest.parse(await readJson(join(lake, LAKE_MANIFEST)));
  return {
    lake,
    format: top.format,
    writtenAt: top.writtenAt,
    writer: top.writer,
    legs: top.legs,
    bytes: top.bytes,
    parties: top.parties.map((p) => ({
      ...p,
      folder: LAYOUTS[top.format].partyFolder(p.party),
      ageSeconds: p.syncedAt ? Math.max(0, Math.round((now - Date.parse(p.syncedAt)) / 1000)) : null,
    })),
  };
}
