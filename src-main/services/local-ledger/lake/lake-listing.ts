// A lake's data files as DuckDB reads them: the month files of a scope's parties, listed now, and the
// `read_parquet(…)` over them (or over every file of the lake). One module for the app's reads
// (lake-store.ts) and the SQL process (sql/sql-sandbox-db.ts, which lists before DuckDB's file access
// is locked), so it imports nothing but the layout and Node: the SQL process loads it.
//
// DuckDB binds a query in time that grows with the files it lists, about 40 µs each: a party's 24
// files bind in 1 ms and a lake's 2,400 in 100, so a scoped read lists its parties' files alone.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sqlList, sqlString } from '../store/sql-text.ts';
import { DATA_FILE, LAYOUTS, type LakeLayout, type LakeManifest, monthFolder, versionFile } from './lake-layout.ts';

/**
 * The files of the generation a _lake.json names (docs/lake.md, "Generations"): every month of these
 * parties (none given: of every party), each its versioned file. null: a lake written before
 * generations, whose folders are listed instead.
 */
export function generationFiles(lake: string, manifest: LakeManifest, parties?: readonly string[]): string[] | null {
  if (manifest.generation === undefined || manifest.format !== 2) return null;
  const wanted = parties ? new Set(parties) : null;
  const layout = LAYOUTS[2];
  const files: string[] = [];
  for (const p of manifest.parties) {
    if (wanted && !wanted.has(p.party)) continue;
    if (!p.versions) return null;
    const folder = join(lake, layout.partyFolder(p.party));
    for (const month of Object.keys(p.versions).sort())
      files.push(join(folder, monthFolder(month), versionFile(p.versions[month])));
  }
  return files;
}

/**
 * The data files of these parties: those of the manifest's generation when it has one, else those in
 * their folders now, month by month (a month whose folder has no file yet is not one).
 */
export async function lakeFiles(
  lake: string,
  layout: LakeLayout,
  parties: readonly string[],
  manifest?: LakeManifest | null,
): Promise<string[]> {
  const versioned = manifest ? generationFiles(lake, manifest, parties) : null;
  if (versioned) return versioned;
  const files: string[] = [];
  for (const party of new Set(parties)) {
    const folder = join(lake, layout.partyFolder(party));
    for (const month of (await readdir(folder).catch(() => [] as string[])).sort()) {
      if (!month.startsWith('month=')) continue;
      const names = await readdir(join(folder, month)).catch(() => [] as string[]);
      if (names.includes(DATA_FILE)) files.push(join(folder, month, DATA_FILE));
    }
  }
  return files;
}

/** The glob of every data file of a lake of this layout. */
export const lakeGlob = (lake: string, layout: LakeLayout) => join(lake, layout.glob);

/**
 * DuckDB's `read_parquet` over exactly `files`, or (none given) every file of the lake, with the
 * layout's Hive partitions: `party` is a column of the files (format 2) or of the folders (format 1).
 */
export function lakeParquetSql(lake: string, layout: LakeLayout, files?: readonly string[]): string {
  const source = files ? sqlList(files) : sqlString(lakeGlob(lake, layout));
  return `read_parquet(${source}, hive_partitioning = true, hive_types = ${layout.hiveTypes})`;
}
