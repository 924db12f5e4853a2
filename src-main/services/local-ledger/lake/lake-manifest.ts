// The lake's manifest (_lake.json), written at the end of a run from every partition manifest in
// the lake (parties written by other runs too): what `lake status` and the app read of a lake
// without opening a data file.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.ts';
import {
  LAKE_COLUMNS,
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUT,
  type LakeManifest,
  type LakeParty,
  type PartitionManifest,
} from './lake-layout.ts';
import { lakePartitions } from './lake-partitions.ts';

export interface Writer {
  program: string;
  profile: string;
}

/** Rewrites <lake>/_lake.json from every partition manifest (the end of a run, or of a move to format 2). */
export async function writeLakeManifest(lake: string, writer: Writer): Promise<LakeManifest> {
  const manifest = await summarize(lake, writer);
  await writeFileAtomic(join(lake, LAKE_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o644 });
  return manifest;
}

async function summarize(lake: string, writer: Writer): Promise<LakeManifest> {
  // A party's months, by its id (the manifests say it; a folder holds one party's).
  const byParty = new Map<string, PartitionManifest[]>();
  for (const { partyFolder, manifest } of await lakePartitions(lake, LAYOUT)) {
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
    });
  }
  return {
    format: LAKE_FORMAT,
    writtenAt: new Date().toISOString(),
    writer: { program: writer.program, host: hostname(), profile: writer.profile },
    columns: LAKE_COLUMNS.map(({ name, type }) => ({ name, type })),
    parties,
    legs: parties.reduce((n, p) => n + p.legs, 0),
    bytes: parties.reduce((n, p) => n + p.bytes, 0),
  };
}
