// The lake's manifest (_lake.json), written at the end of a run from every partition manifest in
// the lake (parties written by other runs too): what `lake status` and the app read of a lake
// without opening a data file. Its rename is the switch of the lake's generation (docs/lake.md,
// "Generations"): the app's readers read the versioned files it names, all of one run.

import { randomBytes } from 'node:crypto';
import { copyFile, link, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.ts';
import { syncPath, writePartitionManifest } from './lake-files.ts';
import {
  DATA_FILE,
  LAKE_COLUMNS,
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUT,
  type LakeManifest,
  type LakeParty,
  LINK_TEMP_PREFIX,
  MONTHS_PREFIX,
  monthsFile,
  NULL_MONTH,
  type PartitionManifest,
  versionFile,
  versionOf,
} from './lake-layout.ts';
import { generationFiles } from './lake-listing.ts';
import { lakePartitions, type Partition, partyFolders, readLakeManifestFile } from './lake-partitions.ts';

export interface Writer {
  program: string;
  profile: string;
}

/** The generation the next _lake.json gets: one past the lake's (the months a run writes are named by it, at least). */
export async function nextGeneration(lake: string): Promise<number> {
  return ((await readLakeManifestFile(lake)).manifest?.generation ?? 0) + 1;
}

/**
 * The version a month's new file is named by: `generation`, or one past every versioned file in its
 * folder. A writer killed before its _lake.json leaves its files and manifests behind, and the next
 * run has the same generation: a name that is there may be what a manifest or a _lake.json names,
 * so it is never written again.
 */
export async function freshVersion(dir: string, generation: number): Promise<number> {
  let version = generation;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const taken = versionOf(name);
    if (taken !== null && taken >= version) version = taken + 1;
  }
  return version;
}

/**
 * Rewrites <lake>/_lake.json from every partition manifest (the end of a run, or of a move to format
 * 2) as the next generation, then removes the versioned files that neither it nor the generation
 * before it names: a read of the app that began before this switch still finds its files, and is
 * served until the end of the next run.
 */
export async function writeLakeManifest(lake: string, writer: Writer): Promise<LakeManifest> {
  const previous = (await readLakeManifestFile(lake)).manifest;
  const partitions = await lakePartitions(lake, LAYOUT);
  for (const partition of partitions) await adopt(partition, (previous?.generation ?? 0) + 1);
  // Past the one before, and never below a month's version: a month written after this switch (a
  // run that did not finish) has a version above it (lake verify tells them apart so).
  const generation = partitions.reduce(
    (newest, p) => Math.max(newest, p.manifest?.generation ?? 0),
    (previous?.generation ?? 0) + 1,
  );
  const manifest = summarize(partitions, writer, generation);
  await writeFileAtomic(join(lake, LAKE_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o644 });
  const keep = new Set([
    ...(generationFiles(lake, manifest) ?? []),
    ...((previous && generationFiles(lake, previous)) ?? []),
    ...keptMonths(lake, manifest),
    ...(previous ? keptMonths(lake, previous) : []),
  ]);
  await removeOldVersions(lake, partitions, keep);
  return manifest;
}

/**
 * A month written before generations (its manifest names none: a move to format 2, or a writer of an
 * older version), or whose versioned file is gone: its part-0.parquet becomes this generation's file
 * too (a hard link, the same bytes), and its manifest says so.
 */
export async function adopt(partition: Partition, generation: number): Promise<void> {
  const { manifest, dir } = partition;
  if (!manifest) return;
  const names = await readdir(dir).catch(() => [] as string[]);
  if (manifest.generation !== undefined && names.includes(versionFile(manifest.generation))) return;
  if (!names.includes(DATA_FILE)) {
    // No file to read at all (lake verify names it): no generation names it either.
    partition.manifest = { ...manifest, generation: undefined };
    return;
  }
  const version = await freshVersion(dir, generation);
  await linkOrCopy(join(dir, DATA_FILE), join(dir, versionFile(version)));
  partition.manifest = { ...manifest, generation: version };
  await writePartitionManifest(dir, partition.manifest);
}

/**
 * `to` as the same bytes as `from`, switched in whole by a rename: a hard link (no second copy on
 * disk), or a copy where the file system has none (some network mounts), fsynced first.
 */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  const temp = join(from, '..', `${LINK_TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await link(from, temp);
  } catch {
    await copyFile(from, temp);
    await syncPath(temp, 'r+');
  }
  await rename(temp, to);
}

/** The months files (lake-layout.ts, MONTHS_PREFIX) a _lake.json's generation names. */
function keptMonths(lake: string, manifest: LakeManifest): string[] {
  if (manifest.generation === undefined || manifest.format !== 2) return [];
  return manifest.parties
    .filter((p) => p.versions && Object.keys(p.versions).length > 0)
    .map((p) => join(lake, LAYOUT.partyFolder(p.party), monthsFile(p.versions as Record<string, number>)));
}

/** Versioned files and months files no generation in `keep` names, a killed switch's links, then folders left empty. */
async function removeOldVersions(lake: string, partitions: readonly Partition[], keep: ReadonlySet<string>) {
  const parties = new Set<string>();
  for (const { dir, partyFolder } of partitions) {
    const names = await readdir(dir).catch(() => [] as string[]);
    let left = names.length;
    for (const name of names) {
      const stale = name.startsWith(LINK_TEMP_PREFIX) || (versionOf(name) !== null && !keep.has(join(dir, name)));
      if (!stale) continue;
      await rm(join(dir, name), { force: true });
      left -= 1;
    }
    if (
      left === 0 &&
      (await rmdir(dir)
        .then(() => true)
        .catch(() => false))
    )
      parties.add(partyFolder);
  }
  for (const folder of await partyFolders(lake, LAYOUT)) {
    for (const name of await readdir(join(lake, folder)).catch(() => [] as string[]))
      if (name.startsWith(MONTHS_PREFIX) && !keep.has(join(lake, folder, name)))
        await rm(join(lake, folder, name), { force: true });
  }
  for (const folder of parties) await rmdir(join(lake, folder)).catch(() => {});
}

function summarize(partitions: readonly Partition[], writer: Writer, generation: number): LakeManifest {
  // A party's months, by its id (the manifests say it; a folder holds one party's).
  const byParty = new Map<string, PartitionManifest[]>();
  for (const { partyFolder, manifest } of partitions) {
    if (!manifest || LAYOUT.partyFolder(manifest.party) !== partyFolder) continue;
    byParty.set(manifest.party, [...(byParty.get(manifest.party) ?? []), manifest]);
  }
  const parties: LakeParty[] = [];
  for (const party of [...byParty.keys()].sort()) {
    const months = byParty.get(party) as PartitionManifest[];
    const times = months
      .flatMap((m) => [m.firstAt, m.lastAt])
      .filter((t): t is string => t !== null)
      .sort();
    const newest = months.reduce((a, b) => ((a.syncedAt ?? '') >= (b.syncedAt ?? '') ? a : b));
    parties.push({
      party,
      node: newest.node,
      syncedAt: newest.syncedAt,
      months: months.length,
      legs: months.reduce((n, m) => n + m.legs, 0),
      bytes: months.reduce((n, m) => n + m.bytes, 0),
      firstAt: times[0] ?? null,
      lastAt: times.at(-1) ?? null,
      versions: Object.fromEntries(
        months.filter((m) => m.generation !== undefined).map((m) => [m.month ?? NULL_MONTH, m.generation as number]),
      ),
    });
  }
  return {
    format: LAKE_FORMAT,
    generation,
    writtenAt: new Date().toISOString(),
    writer: { program: writer.program, host: hostname(), profile: writer.profile },
    columns: LAKE_COLUMNS.map(({ name, type }) => ({ name, type })),
    parties,
    legs: parties.reduce((n, p) => n + p.legs, 0),
    bytes: parties.reduce((n, p) => n + p.bytes, 0),
  };
}
