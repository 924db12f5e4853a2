// What a lake holds, read from its folders and manifests: the one listing the writer, the
// migration and `lake verify` share. Which layout a lake is in is its _lake.json's format (a lake
// without one is new: this version's layout).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  LAKE_FORMAT,
  LAKE_MANIFEST,
  LAYOUTS,
  type LakeFormat,
  type LakeLayout,
  LakeManifest,
  PARTITION_MANIFEST,
  PartitionManifest,
} from './lake-layout.ts';

export interface Partition {
  /** `party_key=…` (or format 1's `party=…`) and `month=…`, as on disk. */
  partyFolder: string;
  monthFolder: string;
  dir: string;
  /** Its manifest, or null when it has none this app reads (then it is rewritten, or named by verify). */
  manifest: PartitionManifest | null;
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The lake's manifest, or null when it has none this app reads. */
export async function lakeManifestOf(lake: string): Promise<LakeManifest | null> {
  const parsed = LakeManifest.safeParse(await readJson(join(lake, LAKE_MANIFEST)));
  return parsed.success ? parsed.data : null;
}

/** The format the lake's readers follow: its manifest's; a lake without one is written in this version's. */
export async function lakeFormatOf(lake: string): Promise<LakeFormat> {
  return (await lakeManifestOf(lake))?.format ?? LAKE_FORMAT;
}

/** Every party folder of a layout in the lake, sorted. */
export async function partyFolders(lake: string, layout: LakeLayout): Promise<string[]> {
  return (await readdir(lake).catch(() => [] as string[])).filter((n) => n.startsWith(layout.prefix)).sort();
}

/** Every partition of a layout in the lake (its folders sorted), with its manifest when readable. */
export async function lakePartitions(lake: string, layout: LakeLayout = LAYOUTS[LAKE_FORMAT]): Promise<Partition[]> {
  const out: Partition[] = [];
  for (const partyFolder of await partyFolders(lake, layout)) {
    const months = await readdir(join(lake, partyFolder)).catch(() => [] as string[]);
    for (const monthFolder of months.filter((n) => n.startsWith('month=')).sort()) {
      const dir = join(lake, partyFolder, monthFolder);
      const parsed = PartitionManifest.safeParse(await readJson(join(dir, PARTITION_MANIFEST)));
      out.push({ partyFolder, monthFolder, dir, manifest: parsed.success ? parsed.data : null });
    }
  }
  return out;
}
