// The lake writer on a real store file and real Parquet (DuckDB's reader, as the app and `duckdb`
// read a lake): what it writes, which months a second run rewrites, a late leg, a month that went,
// and `lake verify` naming a tampered file, a tampered manifest, a missing file, an extra one, and a
// file whose columns are not its format's.
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileHash } from '../../../../../src-main/services/local-ledger/lake/lake-facts.ts';
import {
  DATA_FILE,
  escapePartitionValue,
  LAKE_COLUMNS,
  LAKE_MANIFEST,
  LAKE_TYPE_MAP,
  LAYOUTS,
  PARTITION_MANIFEST,
  partitionPath,
  partyKey,
  unescapePartitionValue,
  versionFile,
} from '../../../../../src-main/services/local-ledger/lake/lake-layout.ts';
import { LakeStore } from '../../../../../src-main/services/local-ledger/lake/lake-store.ts';
import { verifyLake } from '../../../../../src-main/services/local-ledger/lake/lake-verify.ts';
import { type LakeWriteResult, writeLake } from '../../../../../src-main/services/local-ledger/lake/lake-writer.ts';
import { legsAsDays } from '../../../../../src-main/services/local-ledger/store/leg-days.ts';
import { rankCounterparties } from '../../../../../src-main/services/local-ledger/views/counterparty-ranking.ts';
import { PARTY_ID_PATTERN } from '../../../../../src-shared/contract/transfers.ts';
import { type FixtureShape, PARTY, writeFixtureStore } from './lake-fixture.ts';

let home: string;
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const parties = [PARTY(1), PARTY(2)];
const shape: FixtureShape = { parties, months: MONTHS, legsPerMonth: 50, generation: 1, timeless: 3 };

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'lake-writer-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

async function withStore<T>(path: string, work: (c: DuckDBConnection) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  try {
    return await work(c);
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

const write = (store: string, lake: string, only = parties): Promise<LakeWriteResult> =>
  withStore(store, (c) => writeLake(c, { lake, parties: only, program: 'test', profile: 'p', say: () => {} }));

async function read(sql: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    return (await c.runAndReadAll(sql)).getRows();
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

const lakeRead = (lake: string) => `read_parquet('${lake}/party_key=*/month=*/*.parquet', hive_partitioning = true)`;

describe('a lake written from a store', () => {
  it('holds every leg once, in party and month folders that DuckDB reads back to the ids and months', async () => {
    const store = join(home, 'a.duckdb');
    const lake = join(home, 'lake-a');
    await writeFixtureStore(store, shape);
    const result = await write(store, lake);
    expect(result.written).toBe(2 * (MONTHS.length + 1));
    const rows = await read(
      `SELECT party, month, count(*)::INTEGER FROM ${lakeRead(lake)} GROUP BY ALL ORDER BY party, month NULLS LAST`,
    );
    expect(rows).toEqual(parties.flatMap((p) => [...MONTHS.map((m) => [p, m, 50]), [p, null, 3]]));
    // A party's folder is a short key (its hint and 16 hex digits of its id's hash): the exact id
    // is the files' `party` column, read above.
    expect(partitionPath(PARTY(1), '2026-01')).toMatch(/^party_key=party-1-[0-9a-f]{16}\/month=2026-01$/);
    const manifest = JSON.parse(await readFile(join(lake, LAKE_MANIFEST), 'utf8'));
    expect(manifest.legs).toBe(2 * (4 * 50 + 3));
    expect(manifest.parties.map((p: { party: string }) => p.party)).toEqual(parties);
    // Totals in a partition's manifest are exact units, not floats: 25 in, 25 out of 1.5 CC at scale 10.
    const month = JSON.parse(
      await readFile(join(lake, partitionPath(PARTY(1), '2026-02'), PARTITION_MANIFEST), 'utf8'),
    );
    expect(month.totals).toEqual([
      expect.objectContaining({
        scale: 10,
        legs: 50,
        legsIn: 25,
        legsOut: 25,
        unitsIn: '375000000000',
        unitsOut: '375000000000',
      }),
    ]);
    expect((await verifyLake(lake)).problems).toEqual([]);
  });

  it('writes the columns and Parquet types docs/lake.md documents for Spark, Trino and BigQuery', async () => {
    const lake = join(home, 'lake-a');
    const file = join(lake, partitionPath(PARTY(1), '2026-01'), DATA_FILE);
    const schema = (await read(
      `SELECT name, type, converted_type, logical_type, type_length, precision, scale FROM parquet_schema('${file}') WHERE name <> 'duckdb_schema'`,
    )) as Array<[string, string, string | null, string | null, string | null, number | null, number | null]>;
    expect(schema.map((r) => r[0])).toEqual(LAKE_COLUMNS.map((c) => c.name));
    const parquetOf = ([, physical, converted, logical, length, precision, scale]: (typeof schema)[number]) => {
      if (converted === 'DECIMAL') return `${physical}(${length}) (DECIMAL(${precision},${scale}))`;
      if (converted === 'UTF8') return `${physical} (STRING)`;
      if (logical?.startsWith('TimestampType'))
        return `${physical} (TIMESTAMP(MICROS, isAdjustedToUTC=${logical.includes('isAdjustedToUTC=1') ? 'true' : 'false'}))`;
      return physical;
    };
    for (const [i, column] of LAKE_COLUMNS.entries()) {
      const mapped = LAKE_TYPE_MAP.find((t) => t.type === column.type);
      expect(mapped, column.name).toBeDefined();
      expect(parquetOf(schema[i]), column.name).toBe(mapped?.parquet);
    }
    // The docs list the same mapping, row for row.
    const docs = await readFile(join(import.meta.dirname, '../../../../../docs/lake.md'), 'utf8');
    for (const t of LAKE_TYPE_MAP)
      expect(docs).toContain(`| ${t.type} | ${t.parquet} | ${t.spark} | ${t.trino} | ${t.bigquery} |`);
  });

  it('rewrites only the months that changed (a late leg: that month alone), removes a month the store no longer holds only when it holds the whole history', async () => {
    const store = join(home, 'b.duckdb');
    const lake = join(home, 'lake-b');
    await writeFixtureStore(store, shape);
    await write(store, lake);
    const before = new Map<string, number>();
    for (const p of parties)
      for (const m of [...MONTHS, null])
        before.set(partitionPath(p, m), (await stat(join(lake, partitionPath(p, m), DATA_FILE))).ino);
    // Nothing changed: nothing is written.
    const again = await write(store, lake);
    expect([again.written, again.removed, again.unchanged]).toEqual([0, 0, 10]);
    // Party 1's February changes (a late leg, as the service reports one in a month already written).
    await withStore(store, (c) =>
      c.run(`INSERT INTO leg_store SELECT * REPLACE (update_id || '-late' AS update_id, seq + 100000 AS seq) FROM leg_store
               WHERE party = '${PARTY(1)}' AND strftime(effective_ts, '%Y-%m') = '2026-02' LIMIT 1`),
    );
    const late = await write(store, lake);
    expect([late.written, late.removed, late.unchanged]).toEqual([1, 0, 9]);
    for (const [path, ino] of before) {
      const now = (await stat(join(lake, path, DATA_FILE))).ino;
      if (path === partitionPath(PARTY(1), '2026-02')) expect(now).not.toBe(ino);
      else expect(now, path).toBe(ino);
    }
    expect(
      await read(`SELECT count(*)::INTEGER FROM ${lakeRead(lake)} WHERE month = '2026-02' AND party = '${PARTY(1)}'`),
    ).toEqual([[51]]);
    // A month the store no longer has leaves the lake.
    await withStore(store, (c) =>
      c.run(`DELETE FROM leg_store WHERE party = '${PARTY(2)}' AND strftime(effective_ts, '%Y-%m') = '2026-04'`),
    );
    const gone = await write(store, lake);
    expect([gone.written, gone.removed]).toEqual([0, 1]);
    expect(await read(`SELECT count(*)::INTEGER FROM ${lakeRead(lake)} WHERE month = '2026-04'`)).toEqual([[50]]);
    // Unless the store holds only a window of the party's history: then the lake keeps the month.
    await withStore(store, async (c) => {
      await c.run(`UPDATE party_sync SET full_history = false WHERE party = '${PARTY(1)}'`);
      await c.run(`DELETE FROM leg_store WHERE party = '${PARTY(1)}' AND strftime(effective_ts, '%Y-%m') = '2026-01'`);
    });
    const windowed = await write(store, lake);
    expect([windowed.written, windowed.removed]).toEqual([0, 0]);
    expect(await read(`SELECT count(*)::INTEGER FROM ${lakeRead(lake)} WHERE month = '2026-01'`)).toEqual([[100]]);
    expect((await verifyLake(lake)).problems).toEqual([]);
  });
});

describe('sums over a lake', () => {
  it('stay exact past HUGEINT: the app redoes an overflowing sum of DECIMAL(38,0) units as BIGNUM', async () => {
    const store = join(home, 'd.duckdb');
    const lake = join(home, 'lake-d');
    await writeFixtureStore(store, { parties: [PARTY(1)], months: ['2026-01'], legsPerMonth: 4, generation: 1 });
    const nines = '9'.repeat(38);
    await withStore(store, (c) =>
      c.run(
        `UPDATE leg_store SET amount = '${nines}', decimals = 0, amount_scale = 0, amount_units = ${nines}::HUGEINT, is_incoming = true`,
      ),
    );
    await write(store, lake, [PARTY(1)]);
    const reader = new LakeStore(lake);
    try {
      const ranking = await reader.read((c) =>
        rankCounterparties(c, { sql: `(${legsAsDays('party = ?')})`, params: [PARTY(1)] }),
      );
      expect(ranking.rows.map((r) => r.volumeIn)).toEqual([(BigInt(nines) * 4n).toString()]);
    } finally {
      await reader.close();
    }
  });
});

describe('lake verify', () => {
  it('names a tampered file, a tampered manifest, a missing file and an extra one, and nothing else', async () => {
    const store = join(home, 'c.duckdb');
    const lake = join(home, 'lake-c');
    await writeFixtureStore(store, shape);
    await write(store, lake);
    const jan = partitionPath(PARTY(1), '2026-01');
    const feb = partitionPath(PARTY(1), '2026-02');
    const mar = partitionPath(PARTY(2), '2026-03');
    const apr = partitionPath(PARTY(2), '2026-04');
    // A byte flipped in the middle of a data file.
    const file = join(lake, jan, DATA_FILE);
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(file, bytes);
    // A manifest whose totals were edited.
    const mpath = join(lake, feb, PARTITION_MANIFEST);
    const m = JSON.parse(await readFile(mpath, 'utf8'));
    m.totals[0].unitsIn = '1';
    await writeFile(mpath, JSON.stringify(m));
    await rm(join(lake, mar, DATA_FILE));
    await appendFile(join(lake, apr, 'stray.parquet'), 'x');
    const { problems } = await verifyLake(lake);
    const by = (where: string) =>
      problems
        .filter((p) => p.where === where)
        .map((p) => p.problem)
        .join(' | ');
    expect(by(jan)).toMatch(/bytes differ from the manifest's hash/);
    expect(by(feb)).toMatch(/totals differ for DSO::1220ab\/Amulet at scale 10/);
    expect(by(mar)).toMatch(/part-0.parquet is missing/);
    expect(by(apr)).toMatch(/an extra data file stray.parquet/);
    const named = new Set(problems.map((p) => p.where));
    expect([...named].filter((w) => ![jan, feb, mar, apr, LAKE_MANIFEST].includes(w))).toEqual([]);
  });

  it("names a file whose columns are not its format's, though its manifest describes it", async () => {
    const store = join(home, 'columns.duckdb');
    const lake = join(home, 'lake-columns');
    await writeFixtureStore(store, shape);
    await write(store, lake);
    // A month rewritten with a folder key as a column too (as DuckDB's Hive reader adds it), its
    // manifest's hash renewed: legs, totals and times still agree.
    const month = join(lake, partitionPath(PARTY(1), '2026-03'));
    const file = join(month, DATA_FILE);
    await read(
      `COPY (SELECT * FROM read_parquet('${file}', hive_partitioning = true)) TO '${file}.tmp' (FORMAT parquet)`,
    );
    await rm(file);
    await writeFile(file, await readFile(`${file}.tmp`));
    await rm(`${file}.tmp`);
    const manifest = JSON.parse(await readFile(join(month, PARTITION_MANIFEST), 'utf8'));
    const hash = await fileHash(file);
    await writeFile(join(month, PARTITION_MANIFEST), JSON.stringify({ ...manifest, ...hash }));
    // The file the app reads, the same bytes (as a writer's link would be).
    const versioned = join(month, versionFile(manifest.generation));
    expect((await verifyLake(lake)).problems).toContainEqual({
      where: partitionPath(PARTY(1), '2026-03'),
      problem: "_part-0.parquet.g1, the file the app reads, differs from the manifest's hash",
    });
    await writeFile(versioned, await readFile(file));
    expect((await verifyLake(lake)).problems).toEqual([
      {
        where: partitionPath(PARTY(1), '2026-03'),
        problem: "its columns are not format 2's: extra columns month, party_key",
      },
    ]);
  });

  it("names a party's kept months that differ from the sums of its files", async () => {
    const store = join(home, 'months.duckdb');
    const lake = join(home, 'lake-months');
    await writeFixtureStore(store, shape);
    await write(store, lake);
    expect((await verifyLake(lake)).problems).toEqual([]);
    // One leg more in a row of the months the app reads instead of summing the legs.
    const folder = join(lake, partitionPath(PARTY(1), '2026-03'), '..');
    const kept = (await readdir(folder)).find((n) => n.startsWith('_months.')) as string;
    const file = join(folder, kept);
    await read(
      `COPY (SELECT * REPLACE (legs + 1 AS legs) FROM read_parquet('${file}', hive_partitioning = false)) TO '${file}.tmp' (FORMAT parquet)`,
    );
    await writeFile(file, await readFile(`${file}.tmp`));
    await rm(`${file}.tmp`);
    expect((await verifyLake(lake)).problems).toEqual([
      {
        where: partitionPath(PARTY(1), '2026-03').split('/')[0],
        problem: `${kept}, the months the app reads, differ from the sums of its months' files: remove it, and the next lake sync writes it again`,
      },
    ]);
  });

  it('escapes exactly the characters Hive escapes (format 1) and reads them back', () => {
    const id = 'odd/name=1:2%3 #x::1220ab';
    expect(escapePartitionValue(id)).toBe('odd%2Fname%3D1%3A2%253 %23x%3A%3A1220ab');
    expect(unescapePartitionValue(escapePartitionValue(id))).toBe(id);
  });
});

/** The longest party id the app accepts: a hint of 185 characters (88 colons), 255 in all. */
const LONGEST = `${'desk:a'.padEnd(185, ':a').slice(0, 185)}::1220${'c'.repeat(64)}`;

describe('the longest party id the app accepts', () => {
  it('is written with every name under 255 bytes, read back exactly by DuckDB and the app, and verified', async () => {
    expect(LONGEST).toMatch(PARTY_ID_PATTERN);
    expect(LONGEST.length).toBe(255);
    // Format 1's folder for it: past a file name's 255 bytes (ENAMETOOLONG).
    expect(Buffer.byteLength(LAYOUTS[1].partyFolder(LONGEST))).toBeGreaterThan(255);
    const key = partyKey(LONGEST);
    // Readable (its hint's first 48 characters, the colons made `_`), short, and the id's alone.
    expect(key).toMatch(/^desk_a(_a)+-[0-9a-f]{16}$/);
    expect(key.length).toBe(48 + 1 + 16);
    expect(partyKey(LONGEST)).toBe(key);
    expect(partyKey(LONGEST.replace(/c$/, 'd'))).not.toBe(key);

    const store = join(home, 'long.duckdb');
    const lake = join(home, 'lake-long');
    await writeFixtureStore(store, { parties: [LONGEST, PARTY(1)], months: MONTHS, legsPerMonth: 5, generation: 1 });
    const result = await write(store, lake, [LONGEST, PARTY(1)]);
    expect(result.written).toBe(2 * MONTHS.length);
    expect(Buffer.byteLength(partitionPath(LONGEST, '2026-01').split('/')[0])).toBeLessThan(100);
    expect(await read(`SELECT party, count(*)::INTEGER FROM ${lakeRead(lake)} GROUP BY party ORDER BY party`)).toEqual([
      [LONGEST, 20],
      [PARTY(1), 20],
    ]);
    // Pruned by its folder: an engine's filter on party_key reads that party's files alone.
    expect(await read(`SELECT DISTINCT party FROM ${lakeRead(lake)} WHERE party_key = '${key}'`)).toEqual([[LONGEST]]);
    const reader = new LakeStore(lake);
    try {
      const scoped = await reader.read(
        (c) => c.runAndReadAll('SELECT party, count(*)::INTEGER FROM leg_rows GROUP BY party'),
        { parties: [LONGEST] },
      );
      expect(scoped.getRows()).toEqual([[LONGEST, 20]]);
    } finally {
      await reader.close();
    }
    expect((await verifyLake(lake)).problems).toEqual([]);
  });
});
