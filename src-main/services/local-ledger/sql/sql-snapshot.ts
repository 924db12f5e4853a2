// What the SQL process reads: the profile's `legs` view as one table of a DuckDB file beside the
// store, written by the engine (the only process that opens the store) for the store's current
// version, and again after each change a reader can see (a sync's last step, a forget:
// store.announce writes a new version). The file is the whole of what user SQL can reach, so a new
// internal table of the store is out of its reach without anyone listing it. Owner-only, like the
// store; a forget removes it with the store.
//
// A DuckDB file, not Parquet (it was Parquet until issue 39): the SQL process keeps it attached
// between queries (sql-sandbox-db.ts), and DuckDB's buffer pool then holds its blocks as they are
// stored, where a Parquet file is decoded again by every query. At 1M legs it is also made faster
// (3.3 s against 11 s for zstd Parquet within the store's memory) and is 77 MB against 48
// (docs/performance.md, "The notebook's built-in queries").
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { LakeFormat } from '../lake/lake-layout.ts';
import { LAYOUTS } from '../lake/lake-layout.ts';
import { lakeGlob } from '../lake/lake-listing.ts';
import type { LegReader } from '../store/leg-access.ts';
import { sqlString } from '../store/sql-text.ts';
import { readVersion } from '../store/store-markers.ts';
import { SNAPSHOT_SUFFIX, SNAPSHOT_TABLE } from './sql-protocol.ts';

/** The folder of a store's SQL snapshots. */
export const snapshotFolder = (storePath: string) => `${storePath}.sql`;

const building = new Map<string, Promise<string>>();

/**
 * What the SQL process reads for a reader (as its source() says): a store's snapshot; for a lake
 * the app has open (lake-store.ts), the lake's own files, read where they are (a lake is already
 * Parquet, and a copy of ten million legs per change would cost more than the queries).
 */
export async function sqlSource(
  reader: LegReader,
): Promise<{ snapshot: string; lake?: string; lakeFormat?: LakeFormat }> {
  const source = await reader.source();
  if (source.kind === 'lake') {
    return {
      snapshot: lakeGlob(source.folder, LAYOUTS[source.format]),
      lake: source.folder,
      lakeFormat: source.format,
    };
  }
  return { snapshot: await currentSnapshot(reader, source.path) };
}

/** The snapshot for the store (`path`, read by `reader`) as it is now: the existing one, or a new one (a copy of `legs`, renamed when whole). */
function currentSnapshot(reader: LegReader, path: string): Promise<string> {
  const running = building.get(path);
  if (running) return running;
  const made = makeSnapshot(reader, path).finally(() => building.delete(path));
  building.set(path, made);
  return made;
}

async function makeSnapshot(store: LegReader, path: string): Promise<string> {
  const folder = snapshotFolder(path);
  // A store no program has changed since it was made has no version yet: its legs are as first opened.
  const version = (await readVersion(path))?.id ?? 'initial';
  const file = join(folder, `legs-${version.replace(/[^0-9a-z]/gi, '')}${SNAPSHOT_SUFFIX}`);
  if (await stat(file).catch(() => null)) return file;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  const tag = randomBytes(4).toString('hex');
  const partial = `${file}.partial-${tag}`;
  const columns = LEGS_VIEW_COLUMNS.map((column) => column.name).join(', ');
  // Attached to the store's instance for the copy alone, under a name of its own (another read may run beside it).
  const alias = `sql_snapshot_${tag}`;
  try {
    // Shared by every query waiting for it, so no one query's cancel stops it.
    await store.read(async (c) => {
      await c.run(`ATTACH ${sqlString(partial)} AS ${alias}`);
      try {
        await c.run(`CREATE TABLE ${alias}.${SNAPSHOT_TABLE} AS SELECT ${columns} FROM legs`);
        // Whole in the file itself (no WAL beside it) before it is renamed into place.
        await c.run(`CHECKPOINT ${alias}`);
      } finally {
        await c.run(`DETACH ${alias}`);
      }
    });
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => {});
    await rm(`${partial}.wal`, { force: true }).catch(() => {});
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
