// The lake under real processes: a writer SIGKILLed at random points (between a month's rename and
// its manifest's too) never leaves a month that is not whole (a month switched in before its
// manifest is rewritten by the next run), while a reader in this process reads
// the lake throughout with the app's reader; a move of a format-1 lake to format 2 killed at random
// steps the same; two writers started together both finish, one after the other; a dead writer's lock
// is taken over with a message naming it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAKE_LOCK, LAKE_MANIFEST } from '../../../../../src-main/services/local-ledger/lake/lake-layout.ts';
import { LakeBusyError, LakeLock } from '../../../../../src-main/services/local-ledger/lake/lake-lock.ts';
import { LakeStore, lakeLegRowsSql } from '../../../../../src-main/services/local-ledger/lake/lake-store.ts';
import { verifyLake } from '../../../../../src-main/services/local-ledger/lake/lake-verify.ts';
import { seededRandom } from '../../../../../src-sandbox/ledger/random.ts';
import { asFormat1, type FixtureShape, PARTY } from './lake-fixture.ts';

const CHILD = resolve(import.meta.dirname, 'lake-writer-child.ts');
const KILLS = 12;
const FINISHED = 3;
const MOVE_KILLS = 6;
const MONTHS = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04'];
const PARTIES = [PARTY(1), PARTY(2), PARTY(3)];
const LEGS = 200;
const PARTITIONS = PARTIES.length * (MONTHS.length + 1);
const shapeOf = (generation: number): FixtureShape => ({
  parties: PARTIES,
  months: MONTHS,
  legsPerMonth: LEGS,
  generation,
  timeless: 2,
});

/** The same kill points on every run with the same seed (the sandbox's seeded PRNG). */
const random = seededRandom(Number(process.env.KILL_SEED ?? 29));
const turn = () => new Promise<void>((done) => setImmediate(done));

let home: string;
let runs = 0;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'lake-processes-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

interface Child {
  child: ChildProcess;
  lines: AsyncIterableIterator<string>;
  seen: string[];
  exited: Promise<number | null>;
}

function startWriter(lake: string, generation: number, hold = false): Child {
  const store = join(home, `store-${++runs}.duckdb`);
  const child = spawn(process.execPath, [CHILD, JSON.stringify({ store, lake, shape: shapeOf(generation), hold })], {
    stdio: [hold ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
  const seen: string[] = [];
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, lines, seen, exited };
}

async function nextLine(c: Child): Promise<string | null> {
  const next = await c.lines.next();
  if (next.done) return null;
  c.seen.push(next.value);
  return next.value;
}

/** Every month of every party: whole (all its legs) and of one generation, read with DuckDB's Hive reader. */
async function checkWhole(lake: string): Promise<Set<string>> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    await c.run(`CREATE VIEW leg_rows AS ${lakeLegRowsSql(lake)}`);
    return await checkWholeOn(c);
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** The same over a connection that has the app's leg_rows view of the lake. */
async function checkWholeOn(c: DuckDBConnection): Promise<Set<string>> {
  {
    const rows = (
      await c.runAndReadAll(
        `SELECT party, coalesce(strftime(effective_ts, '%Y-%m'), 'none'), count(*)::INTEGER,
           list(DISTINCT split_part(update_id, '-', 1)) FROM leg_rows GROUP BY ALL`,
      )
    ).getRows();
    expect(rows.length).toBe(PARTITIONS);
    const generations = new Set<string>();
    for (const [party, month, legs, gens] of rows) {
      expect(legs, `${party} ${month}`).toBe(month === 'none' ? 2 : LEGS);
      const list = (gens as { items: string[] }).items;
      expect(list.length, `${party} ${month} mixes ${list}`).toBe(1);
      generations.add(list[0]);
    }
    return generations;
  }
}

describe('a lake writer killed at random points', () => {
  it(`leaves every month whole and the app's reader on one generation, ${KILLS} kills and ${FINISHED} runs that finish; a final run verifies clean`, async () => {
    const lake = join(home, 'lake-kill');
    const first = startWriter(lake, 1);
    while ((await nextLine(first)) !== null);
    expect(await first.exited).toBe(0);
    let takeovers = 0;
    let cutBetween = 0;
    let finished = 0;
    /** What the app's reads saw: each read every month of one generation (the fixture's g<N> in update ids). */
    const seen = new Set<string>();
    for (let k = 0; k < KILLS + FINISHED; k++) {
      const writer = startWriter(lake, k + 2);
      // Every fifth run finishes: its _lake.json switches the reader to it while the reader reads.
      const finish = k % 5 === 4;
      // A month's rename, or (PARTITIONS + 1) some turns after the last one: in the switch of
      // _lake.json itself, or in the removal of old versions after it.
      const killAt = 1 + Math.floor(random() * (PARTITIONS + 1));
      // Half the kills at the line between a month's file and its manifest, the others some turns after the line before it.
      const atSwitch = killAt <= PARTITIONS && random() < 0.5;
      let reading = true;
      // The app's reader (lake-store.ts, as the Local ledger reads an open lake), again and again while the writer runs.
      const reader = new LakeStore(lake);
      const reads = (async () => {
        let n = 0;
        try {
          while (reading) {
            const generations = await reader.read((c) => checkWholeOn(c));
            expect([...generations], 'one read saw months of two lake syncs').toHaveLength(1);
            seen.add([...generations][0]);
            n += 1;
          }
        } finally {
          await reader.close();
        }
        return n;
      })();
      for (;;) {
        const line = await nextLine(writer);
        if (line === null) break;
        if (line.startsWith('say: took over')) takeovers += 1;
        if (finish) continue;
        if (atSwitch && line === `switched ${killAt}`) {
          writer.child.kill('SIGKILL');
          break;
        }
        if (!atSwitch && line === `commit ${Math.min(killAt, PARTITIONS)}`) {
          // Some turns after the line: lands before, inside or after the rename, between file and
          // manifest, or (past the last month) in the switch of the generation.
          const turns = Math.floor(random() * (killAt > PARTITIONS ? 400 : 40));
          for (let t = 0; t < turns; t++) await turn();
          writer.child.kill('SIGKILL');
          break;
        }
      }
      if ((await writer.exited) === 0) finished += 1;
      reading = false;
      expect(await reads).toBeGreaterThan(0);
      await checkWhole(lake);
      // What a kill may leave: months switched in whose manifests are older (each still whole, above),
      // healed by the next run that reaches them. Never a missing, unreadable or extra file.
      const { problems } = await verifyLake(lake);
      const months = problems.filter((p) => p.where !== LAKE_MANIFEST);
      for (const p of months)
        expect(p.problem).toMatch(/^(the file's bytes differ|totals differ|times |\d+ legs in the file)/);
      if (months.length > 0) cutBetween += 1;
    }
    // Each killed writer left its lock: the next one took it over, saying whose it was.
    expect(takeovers).toBeGreaterThanOrEqual(KILLS - FINISHED);
    // The reader was switched to the runs that finished while it read.
    expect(finished).toBeGreaterThanOrEqual(FINISHED);
    expect(seen.size).toBeGreaterThan(1);
    console.info(
      `lake kill test: ${KILLS} kills, ${finished} runs finished, ${cutBetween} left a month switched in before its manifest; generations read: ${[...seen].join(' ')}`,
    );
    const last = startWriter(lake, 99);
    while ((await nextLine(last)) !== null);
    expect(await last.exited).toBe(0);
    expect([...(await checkWhole(lake))]).toEqual(['g99']);
    expect((await verifyLake(lake)).problems).toEqual([]);
    // Versions no generation names are gone: a month holds its current file and the one before it at
    // most, a party the months kept for them.
    for (const party of await readdir(lake)) {
      if (!party.startsWith('party_key=')) continue;
      const names = await readdir(join(lake, party));
      expect(names.filter((n) => n.startsWith('_months.')).length).toBeLessThanOrEqual(2);
      for (const month of names.filter((n) => n.startsWith('month=')))
        expect(
          (await readdir(join(lake, party, month))).filter((n) => n.startsWith('_part-0.parquet.g')).length,
        ).toBeLessThanOrEqual(2);
    }
  }, 300_000);
});

describe('a move to format 2 killed at random points', () => {
  it(`leaves one whole layout for a reader throughout, ${MOVE_KILLS} times; the next run finishes the move and verifies clean`, async () => {
    const now = join(home, 'move-now');
    const first = startWriter(now, 1);
    while ((await nextLine(first)) !== null);
    expect(await first.exited).toBe(0);
    const format1 = join(home, 'move-format1');
    await asFormat1(now, format1);
    // Each month's rename into format 2, the switch, each format-1 month's removal.
    const steps = 2 * PARTITIONS + 1;
    for (let k = 0; k < MOVE_KILLS; k++) {
      const lake = join(home, `move-${k}`);
      await cp(format1, lake, { recursive: true });
      // The same legs as the lake holds: the run after the move has nothing to write.
      const writer = startWriter(lake, 1);
      const killAt = 1 + Math.floor(random() * steps);
      let reading = true;
      const reader = new LakeStore(lake);
      const reads = (async () => {
        let n = 0;
        try {
          while (reading) {
            await reader.read((c) => checkWholeOn(c));
            n += 1;
          }
        } finally {
          await reader.close();
        }
        return n;
      })();
      let killed = '';
      for (;;) {
        const line = await nextLine(writer);
        if (line === null) break;
        if (line.startsWith(`step ${killAt} `)) {
          const turns = Math.floor(random() * 20);
          for (let t = 0; t < turns; t++) await turn();
          writer.child.kill('SIGKILL');
          killed = line;
          break;
        }
      }
      await writer.exited;
      reading = false;
      expect(await reads).toBeGreaterThan(0);
      expect(killed).not.toBe('');
      const after = new LakeStore(lake);
      try {
        expect([...(await after.read((c) => checkWholeOn(c)))]).toEqual(['g1']);
      } finally {
        await after.close();
      }
      // What a kill may leave: the other format's party folders (a move not finished, or its
      // leftovers), named as such; never a month that is not whole.
      for (const p of (await verifyLake(lake)).problems)
        expect(p.problem, `${killed}: ${p.where}`).toMatch(
          /^a party folder of format (2 from a move to format 2 that did not finish|1 that a move to format 2 left behind)/,
        );
      const last = startWriter(lake, 1);
      while ((await nextLine(last)) !== null);
      expect(await last.exited).toBe(0);
      expect((await verifyLake(lake)).problems).toEqual([]);
      expect((await readdir(lake)).filter((n) => n.startsWith('party='))).toEqual([]);
    }
  }, 180_000);
});

describe('two writers', () => {
  it('never write at once: the second waits while the first holds the lock, naming it, then both finish', async () => {
    const lake = join(home, 'lake-two');
    // The first holds the lock until told (started together, one could otherwise finish before the
    // other even tried: CI found it so); the second must say it waits for it.
    const a = startWriter(lake, 5, true);
    while ((await nextLine(a)) !== 'locked');
    const b = startWriter(lake, 6);
    for (;;) {
      const line = await nextLine(b);
      if (line === null) break;
      if (/^say: waiting: lake writer g5 /.test(line)) break;
    }
    a.child.stdin?.end('go\n');
    const drain = async (c: Child) => {
      while ((await nextLine(c)) !== null);
      return c.exited;
    };
    expect(await Promise.all([drain(a), drain(b)])).toEqual([0, 0]);
    const waited = [a, b].filter((c) =>
      c.seen.some((l) => /^say: waiting: lake writer g\d .*is writing the lake/.test(l)),
    );
    expect(waited).toHaveLength(1);
    // The one that waited wrote last: the lake is its generation, whole, and verifies clean.
    const second = waited[0] === a ? 'g5' : 'g6';
    expect([...(await checkWhole(lake))]).toEqual([second]);
    expect((await verifyLake(lake)).problems).toEqual([]);
  }, 60_000);

  it("takes over another host's lock when its heartbeat is older than a minute, and waits for a fresh one", async () => {
    const lake = join(home, 'lake-lock');
    await rm(lake, { recursive: true, force: true });
    await (await import('node:fs/promises')).mkdir(lake, { recursive: true });
    const old = new Date(Date.now() - 120_000).toISOString();
    const holder = {
      token: 'x',
      program: 'npm run cli -- lake sync',
      pid: 4242,
      host: 'elsewhere',
      startedAt: old,
      heartbeatAt: old,
    };
    await writeFile(join(lake, LAKE_LOCK), JSON.stringify(holder));
    const said: string[] = [];
    const lock = await LakeLock.acquire(lake, { program: 'test', waitMs: 0, say: (l) => said.push(l) });
    expect(said).toEqual([
      expect.stringMatching(
        /^took over a stale lock of npm run cli -- lake sync \(PID 4242 on elsewhere, .*\): its heartbeat is 12\d s old/,
      ),
    ]);
    await lock.release();
    const fresh = new Date().toISOString();
    await writeFile(join(lake, LAKE_LOCK), JSON.stringify({ ...holder, startedAt: fresh, heartbeatAt: fresh }));
    const refused = await LakeLock.acquire(lake, { program: 'test', waitMs: 300, say: (l) => said.push(l) }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(LakeBusyError);
    expect((refused as Error).message).toMatch(
      /npm run cli -- lake sync \(PID 4242 on elsewhere.*is writing the lake .*Nothing was changed/,
    );
    expect(hostname()).not.toBe('elsewhere');
  });
});
