// `lake verify` and `lake status`, and the DuckDB they read with: an in-memory instance with the
// store's limits (threads, memory, nothing loaded from the network), reading the lake's files only.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type FileFacts, fileHash, filesFacts } from './lake-facts.ts';
import {
  DATA_FILE,
  LAKE_MANIFEST,
  LakeManifest,
  NULL_MONTH,
  PARTITION_MANIFEST,
  PartitionManifest,
  type PartitionTotal,
  partyFolder,
  unescapePartitionValue,
} from './lake-layout.ts';

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
  /** party=…/month=… (as on disk), or the lake's manifest. */
  where: string;
  problem: string;
}

export interface VerifyResult {
  partitions: number;
  legs: number;
  bytes: number;
  problems: LakeProblem[];
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

/** Every partition folder of the lake: [party folder, month folder]. */
async function partitionFolders(lake: string): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const p of (await readdir(lake)).filter((n) => n.startsWith('party=')).sort()) {
    const months = await readdir(join(lake, p)).catch(() => [] as string[]);
    for (const m of months.filter((n) => n.startsWith('month=')).sort()) out.push([p, m]);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Recomputes each partition's legs, totals, times and hash from its file and compares them with
 * its manifest; then the lake's manifest with the partitions. Every difference is named.
 */
export async function verifyLake(
  lake: string,
  onPartition?: (done: number, total: number) => void,
): Promise<VerifyResult> {
  const result: VerifyResult = { partitions: 0, legs: 0, bytes: 0, problems: [] };
  const { instance, connection } = await lakeDuckDb();
  const problem = (where: string, text: string) => result.problems.push({ where, problem: text });
  const perParty = new Map<string, { legs: number; months: number }>();
  const queued: Array<{ where: string; file: string; manifest: PartitionManifest; party: string }> = [];
  /** One party's files in one read; a file DuckDB cannot read is then found by reading each alone. */
  const compareFacts = async (batch: typeof queued) => {
    if (batch.length === 0) return;
    let facts: Map<string, FileFacts>;
    try {
      facts = await filesFacts(
        connection,
        batch.map((b) => b.file),
      );
    } catch {
      facts = new Map();
      for (const b of batch) {
        try {
          facts.set(b.file, (await filesFacts(connection, [b.file])).get(b.file) as FileFacts);
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
    const folders = await partitionFolders(lake);
    for (const [index, [p, m]] of folders.entries()) {
      onPartition?.(index, folders.length);
      const where = `${p}/${m}`;
      const dir = join(lake, p, m);
      const names = await readdir(dir);
      for (const extra of names.filter((n) => n.endsWith('.parquet') && n !== DATA_FILE))
        problem(where, `an extra data file ${extra} (every engine would read it as part of the month)`);
      let manifest: PartitionManifest;
      try {
        manifest = PartitionManifest.parse(await readJson(join(dir, PARTITION_MANIFEST)));
      } catch (error) {
        problem(
          where,
          `no readable manifest (${(error as Error).message.split('\n')[0]}): run lake sync again to rewrite the month`,
        );
        continue;
      }
      const party = unescapePartitionValue(p.slice('party='.length));
      const month = m.slice('month='.length);
      if (manifest.party !== party || (manifest.month ?? NULL_MONTH) !== month)
        problem(where, `the manifest is of ${manifest.party} ${manifest.month ?? 'no month'}, not of this folder`);
      if (!names.includes(DATA_FILE)) {
        problem(where, `${DATA_FILE} is missing (the manifest says ${manifest.legs} legs)`);
        continue;
      }
      result.partitions += 1;
      const file = join(dir, DATA_FILE);
      const hash = await fileHash(file);
      result.bytes += hash.bytes;
      if (hash.sha256 !== manifest.sha256 || hash.bytes !== manifest.bytes)
        problem(
          where,
          `the file's bytes differ from the manifest's hash (${hash.bytes} bytes, sha256 ${hash.sha256.slice(0, 12)}…; manifest: ${manifest.bytes} bytes, ${manifest.sha256.slice(0, 12)}…)`,
        );
      queued.push({ where, file, manifest, party });
      const next = folders[index + 1];
      if (!next || next[0] !== p) await compareFacts(queued.splice(0));
    }
    await compareFacts(queued.splice(0));
    onPartition?.(folders.length, folders.length);
    let top: LakeManifest | null = null;
    try {
      top = LakeManifest.parse(await readJson(join(lake, LAKE_MANIFEST)));
    } catch (error) {
      if (folders.length > 0) problem(LAKE_MANIFEST, `unreadable (${(error as Error).message.split('\n')[0]})`);
    }
    if (top) {
      for (const p of top.parties) {
        const seen = perParty.get(p.party);
        if (!seen)
          problem(LAKE_MANIFEST, `lists ${p.party}, which has no readable partition (${partyFolder(p.party)})`);
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
    writtenAt: top.writtenAt,
    writer: top.writer,
    legs: top.legs,
    bytes: top.bytes,
    parties: top.parties.map((p) => ({
      ...p,
      ageSeconds: p.syncedAt ? Math.max(0, Math.round((now - Date.parse(p.syncedAt)) / 1000)) : null,
    })),
  };
}
