// A lake of format 1 (party=<Hive-escaped id> folders, the id in the folder name only) moved to
// format 2 (party_key=<key> folders, the id as every file's `party` column: lake-layout.ts), once,
// by the next lake sync, under its lock (docs/lake.md, "Format 2, and a lake of format 1").
//
// Readers follow _lake.json's format, so the move is made in an order where they read one whole
// layout at every moment: each format-1 month is copied into its format-2 folder (its file with the
// party's id added as the `party` column, its manifest with the new file's hash and the same
// fingerprint, so the run after it rewrites nothing that did not change); then _lake.json is
// rewritten as format 2 (the switch: one rename); then the format-1 folders are removed. A writer
// killed before the switch leaves format 1 whole (the next run moves it again, skipping months
// already moved whole); one killed after it leaves format-1 folders no reader reads, which the next
// run removes.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileHash, filesFacts } from './lake-facts.ts';
import { removeManifestTemps, syncPath, WRITE_OPTIONS, writePartitionManifest } from './lake-files.ts';
import {
  DATA_FILE,
  LAKE_FORMAT,
  LAYOUTS,
  PARTITION_MANIFEST,
  PartitionManifest,
  partitionPath,
  STAGING_PREFIX,
  sqlText,
} from './lake-layout.ts';
import { type Writer, writeLakeManifest } from './lake-manifest.ts';
import { lakeManifestOf, lakePartitions, partyFolders } from './lake-partitions.ts';
import { lakeDuckDb } from './lake-verify.ts';

export interface Migrated {
  /** Months moved to format 2 by this call (0 when the lake was already in format 2). */
  months: number;
  /** Format-1 months left out: no manifest this app reads, or no data file (a lake sync of the party writes them from its store). */
  skipped: number;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Moves a format-1 lake to format 2; nothing for a lake already in format 2 but the removal of format-1 leftovers. */
export async function migrateLake(lake: string, options: Writer & { say: (line: string) => void }): Promise<Migrated> {
  const { say } = options;
  const old = LAYOUTS[1];
  const folders = await partyFolders(lake, old);
  if (folders.length === 0) return { months: 0, skipped: 0 };
  const format = (await lakeManifestOf(lake))?.format ?? 1;
  if (format === LAKE_FORMAT) {
    // Switched to format 2 by a run killed before it removed the old folders: no reader reads them.
    for (const folder of folders) await rm(join(lake, folder), { recursive: true, force: true });
    say(`lake: removed ${folders.length} party folders of format 1 that a move to format 2 left behind`);
    return { months: 0, skipped: 0 };
  }
  const partitions = await lakePartitions(lake, old);
  say(
    `lake: this lake is of format 1 (party ids in folder names: the longest ids overflow them); moving its ${partitions.length} months to format 2 (folders by a short key, the id in every file), once: docs/lake.md`,
  );
  const staging = join(lake, `${STAGING_PREFIX}migrate-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { recursive: true });
  const { instance, connection } = await lakeDuckDb();
  const result: Migrated = { months: 0, skipped: 0 };
  try {
    for (const [index, partition] of partitions.entries()) {
      const where = `${partition.partyFolder}/${partition.monthFolder}`;
      const was = partition.manifest;
      const file = join(partition.dir, DATA_FILE);
      if (!was || !(await exists(file))) {
        say(
          `lake: ${where}: ${was ? 'no data file' : 'no manifest this app reads'}: not moved (a lake sync of its party writes it again from the store)`,
        );
        result.skipped += 1;
        continue;
      }
      const target = join(lake, partitionPath(was.party, was.month));
      if (await movedAlready(target, was)) {
        result.months += 1;
        continue;
      }
      const staged = join(staging, `${index}.parquet`);
      await connection.run(
        `COPY (SELECT ${sqlText(was.party)} AS party, * FROM read_parquet(${sqlText(file)})) TO ${sqlText(staged)} (${WRITE_OPTIONS})`,
      );
      const facts = (await filesFacts(connection, [staged])).get(staged);
      if (facts?.legs !== was.legs)
        throw new Error(
          `${where} has ${was.legs} legs by its manifest, ${facts?.legs} in its copy: nothing of it was moved`,
        );
      const hash = await fileHash(staged);
      await syncPath(staged, 'r+');
      await mkdir(target, { recursive: true });
      await removeManifestTemps(target);
      await rename(staged, join(target, DATA_FILE));
      const manifest: PartitionManifest = {
        ...was,
        format: LAKE_FORMAT,
        bytes: hash.bytes,
        sha256: hash.sha256,
        writtenAt: new Date().toISOString(),
      };
      await writePartitionManifest(target, manifest);
      await syncPath(target, 'r');
      result.months += 1;
    }
    // The switch: from here readers read format 2, which holds every month moved.
    await writeLakeManifest(lake, options);
    for (const folder of folders) await rm(join(lake, folder), { recursive: true, force: true });
    say(
      `lake: moved ${result.months} months to format 2${result.skipped ? `, ${result.skipped} left out (named above)` : ''}`,
    );
    return result;
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(staging, { recursive: true, force: true });
  }
}

/** A month a killed move already put in its format-2 folder, whole (its manifest the old one's, its file there). */
async function movedAlready(target: string, was: PartitionManifest): Promise<boolean> {
  const names = await readdir(target).catch(() => [] as string[]);
  if (!names.includes(DATA_FILE)) return false;
  const there = await lakePartitionManifest(target);
  return (
    there !== null &&
    there.format === LAKE_FORMAT &&
    there.party === was.party &&
    there.fingerprint === was.fingerprint &&
    there.legs === was.legs
  );
}

async function lakePartitionManifest(dir: string): Promise<PartitionManifest | null> {
  try {
    const parsed = PartitionManifest.safeParse(JSON.parse(await readFile(join(dir, PARTITION_MANIFEST), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
