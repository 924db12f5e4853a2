// What the SQL process reads: the profile's `legs` view as one Parquet file beside the store, written
// by main (the only process that opens the store) for the store's current version, and again after
// each change a reader can see (a sync's last step, a forget: store.announce writes a new version).
// The file is the whole of what user SQL can reach, so a new internal table of the store is out of
// its reach without anyone listing it. Owner-only, like the store; a forget removes it with the store.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { LakeFormat } from '../lake/lake-layout.ts';
import { LakeStore } from '../lake/lake-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { sqlString } from '../store/sql-text.ts';
import { readVersion } from '../store/store-markers.ts';

/** The folder of a store's SQL snapshots. */
export const snapshotFolder = (storePath: string) => `${storePath}.sql`;

const building = new Map<string, Promise<string>>();

/**
 * What the SQL process reads for a store: its snapshot; for a lake the app has open (lake-store.ts),
 * the lake's own files, read where they are (a lake is already Parquet, and a copy of ten million
 * legs per change would cost more than the queries).
 */
export async function sqlSource(
  store: LedgerStore,
): Promise<{ snapshot: string; lake?: string; lakeFormat?: LakeFormat }> {
  if (store instanceof LakeStore) {
    const layout = await store.layout();
    return { snapshot: join(store.lake, layout.glob), lake: store.lake, lakeFormat: layout.format };
  }
  return { snapshot: await currentSnapshot(store) };
}

/** The snapshot for the store as it is now: the existing one, or a new one (COPY of `legs`, renamed when whole). */
export function currentSnapshot(store: LedgerStore): Promise<string> {
  const key = store.path;
  const running = building.get(key);
  if (running) return running;
  const made = makeSnapshot(store).finally(() => building.delete(key));
  building.set(key, made);
  return made;
}

async function makeSnapshot(store: LedgerStore): Promise<string> {
  const folder = snapshotFolder(store.path);
  // A store no program has changed since it was made has no version yet: its legs are as first opened.
  const version = (await readVersion(store.path))?.id ?? 'initial';
  const file = join(folder, `legs-${version.replace(/[^0-9a-z]/gi, '')}.parquet`);
  if (await stat(file).catch(() => null)) return file;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  const columns = LEGS_VIEW_COLUMNS.map((column) => column.name).join(', ');
  try {
    // Shared by every query waiting for it, so no one query's cancel stops it.
    await store.read((c) =>
      c.run(`COPY (SELECT ${columns} FROM legs) TO ${sqlString(partial)} (FORMAT parquet, COMPRESSION zstd)`),
    );
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => {});
    throw error;
  }
  // Older versions go: a forgotten party stays in no snapshot. (A query still reading one keeps its
  // open file on POSIX; elsewhere the removal is retried at the next snapshot.)
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (join(folder, name) !== file) await rm(join(folder, name), { force: true }).catch(() => {});
  }
  return file;
}

/** Removes a store's snapshots (a forget). */
export async function removeSnapshots(storePath: string): Promise<void> {
  await rm(snapshotFolder(storePath), { recursive: true, force: true });
}
