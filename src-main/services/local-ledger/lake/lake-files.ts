// How a lake's files reach the disk (docs/lake.md, "Atomic per partition"): a data file is fsynced
// before it is renamed in; a manifest by the app's one atomic write (temp file beside it, fsync,
// rename, fsync of the folder). Shared by the writer and the migration to format 2.
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTemps, writeFileAtomic } from '../../../files/atomic-write.ts';
import { PARTITION_MANIFEST, type PartitionManifest } from './lake-layout.ts';

/** Parquet's row groups in a lake file: DuckDB's default, fine for every engine's splits. */
export const WRITE_OPTIONS = 'FORMAT parquet, COMPRESSION zstd';

/** fsync of a file or folder: 'r+' a staged data file, 'r' a manifest or a folder. */
export async function syncPath(path: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await open(path, flags).catch(() => null);
  if (!handle) return;
  try {
    // A file must be on disk before it is renamed in (its error stops the run); a folder's or a
    // manifest's sync is best effort.
    if (flags === 'r+') await handle.sync();
    else await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}

/**
 * A manifest's temp files a killed writer left in a partition folder: the app's one atomic write's
 * (files/atomic-write.ts), and `.partition.json.tmp-…` of writers before it.
 */
export async function removeManifestTemps(dir: string): Promise<void> {
  await removeStaleTemps(join(dir, PARTITION_MANIFEST));
  for (const name of await readdir(dir).catch(() => [] as string[]))
    if (name.startsWith(`.${PARTITION_MANIFEST}.tmp-`)) await rm(join(dir, name), { force: true });
}

/** The partition's manifest, written atomically (readable by all, like the data: 0644). */
export async function writePartitionManifest(dir: string, manifest: PartitionManifest): Promise<void> {
  await writeFileAtomic(join(dir, PARTITION_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o644 });
}
