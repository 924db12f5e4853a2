// A profile's store, made directly with the store's own schema (store-schema.ts), with legs of a
// few parties over a few months: what `lake sync` reads after its sync. `generation` is written into
// every amount and update id, so a lake file can be told to hold one generation whole, never a mix.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { fileHash } from '../../../../../src-main/services/local-ledger/lake/lake-facts.ts';
import {
  DATA_FILE,
  FORMAT_1_COLUMNS,
  LAKE_MANIFEST,
  LAYOUTS,
  PARTITION_MANIFEST,
  type PartitionManifest,
} from '../../../../../src-main/services/local-ledger/lake/lake-layout.ts';
import { lakePartitions } from '../../../../../src-main/services/local-ledger/lake/lake-partitions.ts';
import { sqlString } from '../../../../../src-main/services/local-ledger/store/sql-text.ts';
import { SCHEMA_SQL } from '../../../../../src-main/services/local-ledger/store/store-schema.ts';

export interface FixtureShape {
  parties: readonly string[];
  /** YYYY-MM of each month, in order. */
  months: readonly string[];
  legsPerMonth: number;
  generation: number;
  /** Months whose legs carry this generation instead (the others keep generation 1). */
  onlyMonths?: readonly string[];
  /** Legs with no readable time (the NULL month). */
  timeless?: number;
}

export const PARTY = (i: number) => `party-${i}::1220${String(i).padStart(64, 'a')}`;

/** The store at `path`, replaced by the shape (run_id 0: every leg visible). */
export async function writeFixtureStore(path: string, shape: FixtureShape): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  try {
    for (const sql of SCHEMA_SQL) await c.run(sql);
    await c.run('DELETE FROM leg_store');
    await c.run('DELETE FROM party_sync');
    let seq = 0;
    for (const party of shape.parties) {
      const q = sqlString(party);
      await c.run(`INSERT INTO party_sync VALUES (${q}, TIMESTAMP '2026-11-30 12:00:00', 'node-a', true)`);
      for (const month of shape.months) {
        const g = !shape.onlyMonths || shape.onlyMonths.includes(month) ? shape.generation : 1;
        await c.run(`INSERT INTO leg_store SELECT 0, ${q}, 'g${g}-${month}-' || i,
            strftime(TIMESTAMP '${month}-01' + to_seconds(i * 60), '%Y-%m-%dT%H:%M:%SZ'),
            TIMESTAMP '${month}-01' + to_seconds(i * 60),
            'DSO::1220ab', 'Amulet', 'CC', 10, '${g}.5', (${g} * 10000000000 + 5000000000)::HUGEINT, 10, true, ${g}, 5 * 10::HUGEINT ** 37,
            CASE WHEN i % 2 = 0 THEN ${q} ELSE 'other::1220' END, CASE WHEN i % 2 = 0 THEN 'other::1220' ELSE ${q} END,
            'other::1220', i % 2 = 1, 'completed', ${seq} + i
          FROM range(${shape.legsPerMonth}) t(i)`);
        seq += shape.legsPerMonth;
      }
      if (shape.timeless) {
        await c.run(`INSERT INTO leg_store SELECT 0, ${q}, 'g${shape.generation}-none-' || i, 'not a time', NULL,
            'DSO::1220ab', 'Amulet', 'CC', 10, '1', 10000000000::HUGEINT, 10, true, 1, 0, ${q}, 'other::1220', 'other::1220', false, 'completed', ${seq} + i
          FROM range(${shape.timeless}) t(i)`);
        seq += shape.timeless;
      }
    }
    await c.run('CHECKPOINT');
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/**
 * Format-1 months (what a lake sync of the version before format 2 wrote) of `parties` in the lake
 * `to`, made from the format-2 months of the lake `from`: party=<escaped id> folders whose files
 * have format 1's columns (read without Hive partitioning: the folder keys are not the file's
 * columns), and format-1 manifests.
 */
export async function writeFormat1Months(from: string, to: string, parties?: readonly string[]): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    for (const partition of await lakePartitions(from, LAYOUTS[2])) {
      const manifest = partition.manifest as PartitionManifest;
      if (parties && !parties.includes(manifest.party)) continue;
      const dir = join(to, LAYOUTS[1].partyFolder(manifest.party), partition.monthFolder);
      await mkdir(dir, { recursive: true });
      const file = join(dir, DATA_FILE);
      await c.run(
        `COPY (SELECT ${FORMAT_1_COLUMNS.map((col) => col.name).join(', ')} FROM read_parquet(${sqlString(join(partition.dir, DATA_FILE))}, hive_partitioning = false))
           TO ${sqlString(file)} (FORMAT parquet, COMPRESSION zstd)`,
      );
      const hash = await fileHash(file);
      // The version before format 2 wrote no generations (docs/lake.md, "Generations").
      const { generation: _none, ...older } = manifest;
      const format1 = {
        ...older,
        format: 1,
        bytes: hash.bytes,
        sha256: hash.sha256,
        writtenAt: new Date().toISOString(),
      };
      await writeFile(join(dir, PARTITION_MANIFEST), JSON.stringify(format1));
    }
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** The _lake.json the version before format 2 wrote at the end of its run: format 1, listing its party=… folders alone. */
export async function writeFormat1LakeManifest(lake: string): Promise<void> {
  const byParty = new Map<string, PartitionManifest[]>();
  for (const { manifest } of await lakePartitions(lake, LAYOUTS[1]))
    if (manifest) byParty.set(manifest.party, [...(byParty.get(manifest.party) ?? []), manifest]);
  const parties = [...byParty].map(([party, months]) => {
    const times = months
      .flatMap((m) => [m.firstAt, m.lastAt])
      .filter((t) => t !== null)
      .sort();
    return {
      party,
      node: months[0].node,
      syncedAt: months[0].syncedAt,
      months: months.length,
      legs: months.reduce((n, m) => n + m.legs, 0),
      bytes: months.reduce((n, m) => n + m.bytes, 0),
      firstAt: times[0] ?? null,
      lastAt: times.at(-1) ?? null,
    };
  });
  const manifest = {
    format: 1,
    writtenAt: new Date().toISOString(),
    writer: { program: 'npm run cli -- lake sync', host: 'old-version', profile: 'p' },
    columns: FORMAT_1_COLUMNS.map(({ name, type }) => ({ name, type })),
    parties,
    legs: parties.reduce((n, p) => n + p.legs, 0),
    bytes: parties.reduce((n, p) => n + p.bytes, 0),
  };
  await writeFile(join(lake, LAKE_MANIFEST), JSON.stringify(manifest));
}

/** The format-2 lake `from` as the version before format 2 would have written it, at `to`. */
export async function asFormat1(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await writeFormat1Months(from, to);
  await writeFormat1LakeManifest(to);
}
