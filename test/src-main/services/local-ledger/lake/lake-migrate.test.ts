// A lake of format 1 (party ids in folder names) moved to format 2 by the next lake sync, on real
// Parquet and a real store: read as it is first, moved with format 2's columns exactly, months whose
// manifest is stale, missing or unreadable moved too (never deleted), a move killed before or after
// its switch, an older version's lake sync over a format-2 lake, and a read across the switch.
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_FILE,
  LAKE_COLUMNS,
  LAKE_MANIFEST,
  LAYOUTS,
  PARTITION_MANIFEST,
  partitionPath,
} from '../../../../../src-main/services/local-ledger/lake/lake-layout.ts';
import { lakeStatus } from '../../../../../src-main/services/local-ledger/lake/lake-status.ts';
import { LakeStore } from '../../../../../src-main/services/local-ledger/lake/lake-store.ts';
import { verifyLake } from '../../../../../src-main/services/local-ledger/lake/lake-verify.ts';
import { type LakeWriteOptions, writeLake } from '../../../../../src-main/services/local-ledger/lake/lake-writer.ts';
import { sqlString } from '../../../../../src-main/services/local-ledger/store/sql-text.ts';
import {
  asFormat1,
  type FixtureShape,
  PARTY,
  writeFixtureStore,
  writeFormat1LakeManifest,
  writeFormat1Months,
} from './lake-fixture.ts';

let home: string;
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const parties = [PARTY(1), PARTY(2)];
const shape: FixtureShape = { parties, months: MONTHS, legsPerMonth: 50, generation: 1, timeless: 3 };
/** Parties 1 and 2 at generation 1, and a lake written from it (format 2): the same for every test. */
let store: string;
let now: string;
/** The same three parties at generation 1 and 2 (a party 3 no desk below writes: another desk's). */
let store3: string;
let now3: string;
let newer3: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'lake-migrate-'));
  store = join(home, 'store.duckdb');
  now = join(home, 'lake-now');
  await writeFixtureStore(store, shape);
  await write(store, now);
  store3 = join(home, 'store3.duckdb');
  now3 = join(home, 'lake-now3');
  await writeFixtureStore(store3, { ...shape, parties: [...parties, PARTY(3)] });
  await write(store3, now3, [...parties, PARTY(3)]);
  const store3g2 = join(home, 'store3-g2.duckdb');
  newer3 = join(home, 'lake-newer3');
  await writeFixtureStore(store3g2, { ...shape, parties: [...parties, PARTY(3)], generation: 2 });
  await write(store3g2, newer3, [...parties, PARTY(3)]);
}, 60_000);
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

function write(from: string, lake: string, only = parties, more: Partial<LakeWriteOptions> = {}) {
  return withStore(from, (c) =>
    writeLake(c, { lake, parties: only, program: 'test', profile: 'p', say: () => {}, ...more }),
  );
}

async function read<T = unknown[][]>(sql: string): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    return (await c.runAndReadAll(sql)).getRows() as T;
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** A data file's own columns and types (the folder keys are not columns: Hive partitioning off). */
const columnsOf = (file: string) =>
  read<string[][]>(`DESCRIBE SELECT * FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`).then((rows) =>
    rows.map((r) => `${r[0]} ${r[1]}`),
  );

const counts = `SELECT party, coalesce(strftime(effective_ts, '%Y-%m'), 'none') AS month, count(*)::INTEGER,
    min(split_part(update_id, '-', 1)) FROM leg_rows GROUP BY ALL ORDER BY ALL`;
/** party, month, legs, generation of every month, as the app's reader reads the lake (the layout its _lake.json names). */
async function appRead(lake: string, scope?: string[]): Promise<unknown[][]> {
  const reader = new LakeStore(lake);
  try {
    return (await reader.read((c) => c.runAndReadAll(counts), { parties: scope })).getRows();
  } finally {
    await reader.close();
  }
}

/** `text` as a regular expression that matches it alone. */
const asPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const partyFoldersOf = async (lake: string, prefix: string) =>
  (await readdir(lake)).filter((n) => n.startsWith(prefix)).sort();

describe('a lake of format 1 (party ids in folder names)', () => {
  it('is read as it is (the app, verify), then moved to format 2 by the next lake sync with format 2 columns exactly, every month kept', async () => {
    const old = join(home, 'lake-old');
    await asFormat1(now, old);
    expect((await partyFoldersOf(old, 'party=')).length).toBe(2);
    // What the version before wrote: format 1's columns alone (no party, no folder key).
    const oldFile = join(old, LAYOUTS[1].partyFolder(PARTY(1)), 'month=2026-01', DATA_FILE);
    expect(await columnsOf(oldFile)).toEqual(LAKE_COLUMNS.slice(1).map((c) => `${c.name} ${c.type}`));
    const expected = await appRead(now);
    expect(await appRead(old)).toEqual(expected);
    expect(await appRead(old, [PARTY(2)])).toEqual(expected.filter((r) => r[0] === PARTY(2)));
    const verified = await verifyLake(old);
    expect([verified.format, verified.problems]).toEqual([1, []]);
    // The app has it open while lake sync moves it: its reader follows to format 2 by itself.
    const open = new LakeStore(old);
    const openRead = async (scope?: string[]) =>
      (await open.read((c) => c.runAndReadAll(counts), { parties: scope })).getRows();
    expect(await openRead()).toEqual(expected);

    const said: string[] = [];
    const moved = await write(store, old, parties, { say: (line) => said.push(line) });
    try {
      expect(await openRead()).toEqual(expected);
      expect(await openRead([PARTY(1)])).toEqual(expected.filter((r) => r[0] === PARTY(1)));
      expect(await open.source()).toMatchObject({ kind: 'lake', format: 2 });
    } finally {
      await open.close();
    }
    expect(said[0]).toMatch(/^lake: this lake is of format 1 .*moving its 10 months to format 2/);
    // The fingerprints came along: nothing had changed, so nothing was written again.
    expect([moved.written, moved.removed, moved.unchanged]).toEqual([0, 0, 10]);
    expect(await partyFoldersOf(old, 'party')).toEqual(await partyFoldersOf(now, 'party'));
    // Every moved file has format 2's columns exactly: the party first, no folder key as a column
    // (Spark, Trino and BigQuery refuse a file column that is also a partition key), as a new month has.
    for (const p of parties)
      for (const m of [...MONTHS, null])
        expect(await columnsOf(join(old, partitionPath(p, m), DATA_FILE)), `${p} ${m}`).toEqual(
          LAKE_COLUMNS.map((c) => `${c.name} ${c.type}`),
        );
    const top = JSON.parse(await readFile(join(old, LAKE_MANIFEST), 'utf8'));
    expect(top.format).toBe(2);
    expect(top.columns).toEqual(LAKE_COLUMNS.map(({ name, type }) => ({ name, type })));
    expect(await appRead(old)).toEqual(expected);
    const after = await verifyLake(old);
    expect([after.format, after.problems]).toEqual([2, []]);
  });

  it('a move killed before its switch leaves format 1 whole; the next run finishes it, months moved whole kept', async () => {
    const lake = join(home, 'lake-half');
    await asFormat1(now, lake);
    // The first party's months are moved (files and manifests in place), then the writer dies.
    const half = await write(store, lake, parties, {
      beforeMoveStep: (step, where) => {
        if (step === 'move' && where.startsWith(LAYOUTS[1].partyFolder(PARTY(2)))) throw new Error('killed');
      },
    }).catch((error: Error) => error);
    expect(half).toEqual(new Error('killed'));
    const moved = partitionPath(PARTY(1), null).split('/')[0];
    const inode = (await stat(join(lake, partitionPath(PARTY(1), '2026-01'), DATA_FILE))).ino;
    expect(await appRead(lake)).toEqual(await appRead(now));
    const before = await verifyLake(lake);
    expect(before.format).toBe(1);
    // Party 2's folder too: the move had made it, and died before its first rename.
    expect(await partyFoldersOf(lake, 'party_key=')).toContain(moved);
    expect(before.problems).toEqual(
      (await partyFoldersOf(lake, 'party_key=')).map((where) => ({
        where,
        problem: expect.stringMatching(/^a party folder of format 2 from a move to format 2 that did not finish/),
      })),
    );
    const said: string[] = [];
    await write(store, lake, parties, { say: (line) => said.push(line) });
    expect(said).toContain('lake: moved 10 months to format 2');
    expect((await stat(join(lake, partitionPath(PARTY(1), '2026-01'), DATA_FILE))).ino).toBe(inode);
    const after = await verifyLake(lake);
    expect([after.format, after.problems, after.legs]).toEqual([2, [], 2 * (4 * 50 + 3)]);
  });

  it('a move killed after its switch leaves format-1 folders that verify names and the next run removes', async () => {
    const lake = join(home, 'lake-left');
    await asFormat1(now, lake);
    const killed = await write(store, lake, parties, {
      beforeMoveStep: (step) => {
        if (step === 'remove') throw new Error('killed');
      },
    }).catch((error: Error) => error);
    expect(killed).toEqual(new Error('killed'));
    expect(JSON.parse(await readFile(join(lake, LAKE_MANIFEST), 'utf8')).format).toBe(2);
    const left = await partyFoldersOf(lake, 'party=');
    expect(left).toHaveLength(2);
    expect((await verifyLake(lake)).problems).toEqual(
      left.map((where) => ({
        where,
        problem: expect.stringMatching(/^a party folder of format 1 that a move to format 2 left behind/),
      })),
    );
    expect(await appRead(lake)).toEqual(await appRead(now));
    await write(store, lake);
    expect(await partyFoldersOf(lake, 'party=')).toEqual([]);
    expect((await verifyLake(lake)).problems).toEqual([]);
  });

  it('moves a month whose file is newer than its manifest (a writer killed between them) with a manifest of its own file, never stopping; the store rewrites its months, another desk keeps its own', async () => {
    const lake = join(home, 'lake-stale');
    await asFormat1(now3, lake);
    const format1Month = (party: string, month: string) =>
      join(lake, LAYOUTS[1].partyFolder(party), `month=${month}`, DATA_FILE);
    // The old writer renamed a newer file in and died before its manifest: for party 1 a month of
    // 10 legs (its manifest says 50), for party 3 one of 50 other legs (the counts agree).
    const newer = join(home, 'lake-newer3-format1');
    await writeFormat1Months(newer3, newer);
    const newerOf = (party: string, month: string) =>
      join(newer, LAYOUTS[1].partyFolder(party), `month=${month}`, DATA_FILE);
    await read(
      `COPY (SELECT * FROM read_parquet(${sqlString(newerOf(PARTY(1), '2026-02'))}, hive_partitioning = false) LIMIT 10) TO ${sqlString(format1Month(PARTY(1), '2026-02'))} (FORMAT parquet)`,
    );
    await cp(newerOf(PARTY(3), '2026-03'), format1Month(PARTY(3), '2026-03'));
    expect(new Set((await verifyLake(lake)).problems.map((p) => p.where))).toEqual(
      new Set([
        `${LAYOUTS[1].partyFolder(PARTY(1))}/month=2026-02`,
        `${LAYOUTS[1].partyFolder(PARTY(3))}/month=2026-03`,
        LAKE_MANIFEST,
      ]),
    );

    // This desk's lake sync of parties 1 and 2 (its store: generation 1 of all three).
    const first = await write(store3, lake, parties);
    expect(first.written).toBe(1);
    const rows = await appRead(lake);
    // Party 1's February is the store's again; party 3's March is the file that was there, whole.
    expect(rows).toContainEqual([PARTY(1), '2026-02', 50, 'g1']);
    expect(rows).toContainEqual([PARTY(3), '2026-03', 50, 'g2']);
    expect(rows).toHaveLength(3 * 5);
    expect((await verifyLake(lake)).problems).toEqual([]);
    expect((await write(store3, lake, parties)).written).toBe(0);
    // The desk that holds party 3 rewrites its March from its store at its next lake sync, and nothing else.
    const third = await write(store3, lake, [PARTY(3)]);
    expect([third.written, third.unchanged]).toEqual([1, 4]);
    expect(await appRead(lake)).toContainEqual([PARTY(3), '2026-03', 50, 'g1']);
    expect((await verifyLake(lake)).problems).toEqual([]);
  });

  it('moves a month without a readable manifest instead of deleting it, and keeps in place, named, a month whose file cannot be read', async () => {
    const lake = join(home, 'lake-unmanifested');
    await asFormat1(now3, lake);
    const folder = (party: string, month: string) => join(lake, LAYOUTS[1].partyFolder(party), `month=${month}`);
    // Another desk's month without its manifest, one of this desk's with a torn one, and another
    // desk's month whose file is not Parquet.
    await rm(join(folder(PARTY(3), '2026-01'), PARTITION_MANIFEST));
    await writeFile(join(folder(PARTY(1), '2026-02'), PARTITION_MANIFEST), '{"format": 1, "par');
    await writeFile(join(folder(PARTY(3), '2026-04'), DATA_FILE), 'not parquet');
    const said: string[] = [];
    await write(store3, lake, parties, { say: (line) => said.push(line) });
    const rows = await appRead(lake);
    expect(rows).toContainEqual([PARTY(3), '2026-01', 50, 'g1']);
    expect(rows).toContainEqual([PARTY(1), '2026-02', 50, 'g1']);
    expect(rows.filter((r) => r[0] === PARTY(3)).map((r) => r[1])).toEqual(['2026-01', '2026-02', '2026-03', 'none']);
    // The unreadable month stays where it was, alone in its folder, and is named with what to do.
    const kept = `${LAYOUTS[1].partyFolder(PARTY(3))}/month=2026-04`;
    expect(said).toContainEqual(
      expect.stringMatching(new RegExp(`^lake: ${asPattern(kept)}: not moved to format 2: `)),
    );
    expect(await readdir(join(lake, LAYOUTS[1].partyFolder(PARTY(3))))).toEqual(['month=2026-04']);
    expect(await readFile(join(folder(PARTY(3), '2026-04'), DATA_FILE), 'utf8')).toBe('not parquet');
    expect(await partyFoldersOf(lake, 'party=')).toEqual([LAYOUTS[1].partyFolder(PARTY(3))]);
    expect((await verifyLake(lake)).problems).toEqual([
      {
        where: kept,
        problem: expect.stringMatching(/^a month of format 1 not moved to format 2 .*cannot be read/),
      },
    ]);
    // The next run keeps it too.
    await write(store3, lake, parties);
    expect(await readFile(join(folder(PARTY(3), '2026-04'), DATA_FILE), 'utf8')).toBe('not parquet');
  });
});

describe('an older version of the app writing a lake of format 2', () => {
  it('is named by verify and status, and the next lake sync of this version lists every party again, the older write kept', async () => {
    const lake = join(home, 'lake-mixed');
    await cp(now, lake, { recursive: true });
    // The version before format 2 syncs party 1 (newer legs: generation 2) into the lake: it writes
    // party=… folders and a _lake.json of format 1 listing its own party=… folders alone.
    const g2 = join(home, 'store-g2.duckdb');
    const newer = join(home, 'lake-g2');
    await writeFixtureStore(g2, { ...shape, generation: 2 });
    await write(g2, newer);
    await writeFormat1Months(newer, lake, [PARTY(1)]);
    await writeFormat1LakeManifest(lake);
    // Readers follow _lake.json: party 2 vanished for them.
    expect(new Set((await appRead(lake)).map((r) => r[0]))).toEqual(new Set([PARTY(1)]));
    const verified = await verifyLake(lake);
    expect(verified.problems).toContainEqual({
      where: LAKE_MANIFEST,
      problem: expect.stringMatching(
        /^is of format 1, written by an older version of the app over this lake of format 2: readers see only its 1 party .*upgrade every writer.*then run lake sync/,
      ),
    });
    expect(verified.problems.some((p) => /did not finish/.test(p.problem))).toBe(false);
    expect((await lakeStatus(lake)).warning).toMatch(/written by an older version of the app/);

    // This version's next lake sync (of party 2 alone) lists both again, party 1 as the older version wrote it last.
    await write(store, lake, [PARTY(2)]);
    const rows = await appRead(lake);
    expect(rows.filter((r) => r[0] === PARTY(1)).map((r) => r[3])).toEqual(Array(5).fill('g2'));
    expect(rows.filter((r) => r[0] === PARTY(2)).map((r) => r[3])).toEqual(Array(5).fill('g1'));
    expect(await partyFoldersOf(lake, 'party=')).toEqual([]);
    expect((await verifyLake(lake)).problems).toEqual([]);
    expect((await lakeStatus(lake)).warning).toBeNull();
  });
});

describe('a whole-lake read across the switch to format 2', () => {
  it('that listed format 1 and ran its query after the switch reads the lake again, in format 2', async () => {
    const lake = join(home, 'lake-race');
    await asFormat1(now, lake);
    const expected = await appRead(now);
    const reader = new LakeStore(lake);
    try {
      expect(await reader.source()).toMatchObject({ kind: 'lake', format: 1 });
      let attempts = 0;
      const rows = await reader.read(async (c) => {
        // The lake sync moves the lake between this read's start (format 1) and its query.
        if (attempts++ === 0) await write(store, lake);
        return (await c.runAndReadAll(counts)).getRows();
      });
      expect(rows).toEqual(expected);
      expect(attempts).toBe(2);
    } finally {
      await reader.close();
    }
  });
});

describe('a lake of a newer format', () => {
  it('is refused by this version, saying so, and left as it was', async () => {
    const lake = join(home, 'lake-future');
    await cp(now, lake, { recursive: true });
    const top = JSON.parse(await readFile(join(lake, LAKE_MANIFEST), 'utf8'));
    const future = JSON.stringify({ ...top, format: 3 });
    await writeFile(join(lake, LAKE_MANIFEST), future);
    const refused = await write(store, lake).catch((error: Error) => error);
    expect((refused as Error).message).toBe(
      `${lake}'s _lake.json is of format 3, written by a newer version of the app: this version reads formats 1 and 2 and writes 2. Upgrade the app to write this lake.`,
    );
    expect(await readFile(join(lake, LAKE_MANIFEST), 'utf8')).toBe(future);
  });
});
