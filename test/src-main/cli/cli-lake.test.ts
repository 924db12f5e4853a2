// `npm run cli -- lake sync|verify|status`: the real CLI as a child process with its in-process
// sandbox. Two parties named as the app names them are synced into the store and written to a lake;
// a second run fetches only what is new and rewrites nothing that did not change; status lists the
// parties; verify passes, then names a tampered month and exits 1; the app's reader reads whole
// months while lake sync rewrites them; an older version's lake sync over the lake is named by verify
// and status and undone by the next lake sync; bad arguments exit 2.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LakeStore } from '../../../src-main/services/local-ledger/lake/lake-store.ts';
import { LONG_PARTY_INDEX, withLongPartyId } from '../../../src-sandbox/ledger/long-party-id.ts';
import { sandboxParties } from '../../../src-sandbox/ledger/parties.ts';
import { PARTY_ID_PATTERN } from '../../../src-shared/contract/transfers.ts';
import { writeFormat1LakeManifest, writeFormat1Months } from '../services/local-ledger/lake/lake-fixture.ts';
import { runCli } from './cli-process.ts';

/** Legs per "party month" (month 'none': no time) as the lake's manifests say. */
async function monthCounts(lake: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const p of (await readdir(lake)).filter((n) => n.startsWith('party_key='))) {
    for (const m of await readdir(join(lake, p))) {
      // A month the last lake sync removed keeps its versioned file, for the generation before, and no manifest.
      const text = await readFile(join(lake, p, m, '_manifest.json'), 'utf8').catch(() => null);
      if (text === null) continue;
      const manifest = JSON.parse(text);
      out.set(`${manifest.party} ${manifest.month ?? 'none'}`, manifest.legs);
    }
  }
  return out;
}

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-lake-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

const keychain = `ledger-explorer-test-${randomBytes(4).toString('hex')}`;
const sync = (lake: string, data = join(home, 'data'), transfers = 3000) => [
  'lake',
  'sync',
  '--profile',
  'sandbox',
  '--parties',
  'treasury-ops, alice',
  '--lake',
  lake,
  '--user-data-dir',
  data,
  '--sandbox-transfers',
  String(transfers),
  '--keychain-service',
  keychain,
];

describe('npm run cli -- lake', () => {
  it('writes named parties to a lake, rewrites nothing unchanged, lists them, and verifies them', async () => {
    const lake = join(home, 'lake');
    const first = await runCli(home, sync(lake)).done;
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout.trim());
    expect(summary).toMatchObject({
      command: 'lake sync',
      parties: 2,
      failed: 0,
      monthsRemoved: 0,
      monthsUnchanged: 0,
    });
    expect(summary.monthsWritten).toBeGreaterThan(10);
    expect(summary.lakeLegs).toBe(summary.legsWritten);
    // One line per party, counted over the run's parties (each said "(1 of 1)": written one at a time).
    const counted = [...first.stderr.matchAll(/^lake: \S+: \d+ months? written, .*\((\d+ of \d+)\)$/gm)].map(
      (m) => m[1],
    );
    expect(counted, first.stderr).toEqual(['1 of 2', '2 of 2']);
    // A party's folder is a short key: its hint, and 16 hex digits of its id's hash.
    const folders = (await readdir(lake)).filter((n) => n.startsWith('party_key=')).sort();
    expect(folders.map((f) => f.replace(/-[0-9a-f]{16}$/, ''))).toEqual(['party_key=alice', 'party_key=treasury-ops']);

    const again = await runCli(home, sync(lake)).done;
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout.trim());
    expect(second.lakeLegs).toBe(summary.lakeLegs);
    expect(second.monthsWritten + second.monthsUnchanged).toBe(summary.monthsWritten);
    expect(second.monthsUnchanged).toBeGreaterThan(0);

    const status = await runCli(home, ['lake', 'status', '--lake', lake]).done;
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^lake ${lake}: 2 parties, ${summary.lakeLegs} legs`));
    expect(status.stdout).toMatch(
      /^treasury-ops::1220\S+ +\d+ +\d+ +[\d.]+ MB +\d{4}-\d\d-\d\d +\d{4}-\d\d-\d\d +\d+ s$/m,
    );

    const verified = await runCli(home, ['lake', 'verify', '--lake', lake]).done;
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout.trim())).toMatchObject({ problems: 0, legs: summary.lakeLegs });

    // A data file edited by hand: verify names the month and fails.
    const party = join(lake, folders[0]);
    const month = (await readdir(party)).filter((n) => n.startsWith('month=')).sort()[0];
    const file = join(party, month, 'part-0.parquet');
    const bytes = await readFile(file);
    bytes[bytes.length >> 1] ^= 1;
    await writeFile(file, bytes);
    const tampered = await runCli(home, ['lake', 'verify', '--lake', lake]).done;
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain(
      `differs: ${folders[0]}/${month}: the file's bytes differ from the manifest's hash`,
    );
  }, 180_000);

  it('is read by the app while lake sync rewrites it: every read is the whole lake before it or the whole lake after it', async () => {
    const lake = join(home, 'lake-rw');
    const data = join(home, 'data-rw');
    const first = await runCli(home, sync(lake, data, 3000)).done;
    expect(first.code, first.stderr).toBe(0);
    const before = await monthCounts(lake);
    // A bigger ledger, synced from scratch: every month of both parties changes, and is rewritten.
    await rm(join(data, 'local-ledger'), { recursive: true, force: true });
    const second = runCli(home, sync(lake, data, 6000));
    let running = true;
    void second.done.finally(() => {
      running = false;
    });
    const reader = new LakeStore(lake);
    const seen: Array<Map<string, number>> = [];
    let reads = 0;
    try {
      // Months the bigger ledger does not have are removed meanwhile: a read of the generation before still finds them.
      // One read more once it ended: the same reader, switched to the new generation.
      for (let last = false; !last; ) {
        last = !running;
        const rows = await reader.read((c) =>
          c.runAndReadAll(
            `SELECT party, coalesce(strftime(effective_ts, '%Y-%m'), 'none'), count(*)::INTEGER FROM leg_rows GROUP BY ALL`,
          ),
        );
        seen.push(new Map(rows.getRows().map(([party, month, legs]) => [`${party} ${month}`, legs as number])));
        reads += 1;
      }
    } finally {
      await reader.close();
      await second.done;
    }
    const ended = await second.done;
    expect(ended.code, ended.stderr).toBe(0);
    expect(JSON.parse(ended.stdout.trim()).monthsWritten).toBeGreaterThan(10);
    const after = await monthCounts(lake);
    expect(reads).toBeGreaterThan(2);
    const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
    const whole = [sorted(before), sorted(after)].map((m) => JSON.stringify(m));
    for (const read of seen)
      expect(whole, 'a read mixed the lake before and after').toContain(JSON.stringify(sorted(read)));
    // Both were read: the switch happened under the reader.
    expect(new Set(seen.map((m) => JSON.stringify(sorted(m)))).size).toBe(2);
  }, 180_000);

  it('takes the longest party id the app accepts: synced, written, verified, listed and read back exactly', async () => {
    // 255 characters, 88 of them colons: its Hive-escaped folder name was 447 bytes (ENAMETOOLONG).
    const long = withLongPartyId(sandboxParties(1)).ids[LONG_PARTY_INDEX];
    expect(long).toMatch(PARTY_ID_PATTERN);
    expect(long.length).toBe(255);
    const lake = join(home, 'lake-long');
    const args = ['--lake', lake, '--user-data-dir', join(home, 'data-long'), '--keychain-service', keychain];
    const run = await runCli(home, [
      'lake',
      'sync',
      '--profile',
      'sandbox',
      '--parties',
      long,
      ...args,
      '--sandbox-transfers',
      '3000',
      '--sandbox-long-party-id',
    ]).done;
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim());
    expect(summary).toMatchObject({ parties: 1, failed: 0 });
    expect(summary.lakeLegs).toBeGreaterThan(0);

    // Every name in the lake fits a file system's 255 bytes.
    const names: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        names.push(entry.name);
        if (entry.isDirectory()) await walk(join(dir, entry.name));
      }
    };
    await walk(lake);
    expect(Math.max(...names.map((n) => Buffer.byteLength(n)))).toBeLessThanOrEqual(255);

    const verified = await runCli(home, ['lake', 'verify', '--lake', lake]).done;
    expect(verified.code, verified.stderr).toBe(0);
    const status = await runCli(home, ['lake', 'status', '--lake', lake, '--json']).done;
    expect(JSON.parse(status.stdout).parties.map((p: { party: string }) => p.party)).toEqual([long]);

    // An engine reading the files sees the exact id; so does the app's reader, scoped to the party.
    const reader = new LakeStore(lake);
    try {
      const engine = await reader.read((c) =>
        c.runAndReadAll(
          `SELECT party, count(*)::INTEGER FROM read_parquet('${lake}/*/*/*.parquet', hive_partitioning = true) GROUP BY party`,
        ),
      );
      expect(engine.getRows()).toEqual([[long, summary.lakeLegs]]);
      const app = await reader.read(
        (c) => c.runAndReadAll('SELECT party, count(*)::INTEGER FROM leg_rows GROUP BY party'),
        { parties: [long] },
      );
      expect(app.getRows()).toEqual([[long, summary.lakeLegs]]);
    } finally {
      await reader.close();
    }
  }, 180_000);

  it('says when an older version of the app wrote the lake after it moved to format 2, and the next lake sync lists every party again', async () => {
    const lake = join(home, 'lake-older');
    const data = join(home, 'data-older');
    const first = await runCli(home, sync(lake, data)).done;
    expect(first.code, first.stderr).toBe(0);
    const before = await runCli(home, ['lake', 'status', '--lake', lake, '--json']).done;
    const parties = JSON.parse(before.stdout).parties.map((p: { party: string }) => p.party);
    expect(parties).toHaveLength(2);
    // The version before format 2 runs lake sync for one party: party=… folders, and a _lake.json of
    // format 1 that lists them alone.
    await writeFormat1Months(lake, lake, [parties[0]]);
    await writeFormat1LakeManifest(lake);

    const verified = await runCli(home, ['lake', 'verify', '--lake', lake]).done;
    expect(verified.code).toBe(1);
    expect(verified.stderr).toContain(
      `differs: _lake.json: is of format 1, written by an older version of the app over this lake of format 2: readers see only its 1 party (in format-1 folders), not the months in format-2 folders of 2 parties (${[...parties].sort().join(', ')}); upgrade every writer of this lake to this version (docs/lake.md, "Format 1"), then run lake sync: it moves the format-1 months to format 2 again and lists every party`,
    );
    expect(verified.stderr).not.toMatch(/did not finish/);
    const status = await runCli(home, ['lake', 'status', '--lake', lake]).done;
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr).toMatch(
      /^warning: _lake.json is of format 1, written by an older version of the app over this lake of format 2: /m,
    );
    expect(status.stdout).toMatch(new RegExp(`^lake ${lake}: 1 parties`));

    const again = await runCli(home, sync(lake, data)).done;
    expect(again.code, again.stderr).toBe(0);
    expect((await runCli(home, ['lake', 'verify', '--lake', lake]).done).code).toBe(0);
    const after = await runCli(home, ['lake', 'status', '--lake', lake, '--json']).done;
    expect(after.stderr).not.toMatch(/warning/);
    expect(JSON.parse(after.stdout)).toMatchObject({
      format: 2,
      warning: null,
      parties: parties.map((party: string) => ({ party })),
    });
    expect((await readdir(lake)).filter((n) => n.startsWith('party='))).toEqual([]);
  }, 180_000);

  it('refuses a missing action, a missing --lake, an option of another action and a lake of a newer format, naming them', async () => {
    const none = await runCli(home, ['lake']).done;
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('lake: an action is needed: the actions are sync, verify, status');
    const noLake = await runCli(home, ['lake', 'verify']).done;
    expect(noLake.code).toBe(2);
    expect(noLake.stderr).toContain('--lake is required');
    const wrong = await runCli(home, ['lake', 'status', '--lake', 'x', '--profile', 'sandbox']).done;
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--profile is not an option of lake status: its options are --lake, --json');
    const unread = await runCli(home, ['lake', 'status', '--lake', join(home, 'nowhere')]).done;
    expect(unread.code).toBe(1);
    expect(unread.stderr).toContain(
      `error: ${join(home, 'nowhere')} is not a lake: it has no _lake.json (a lake is written by npm run cli -- lake sync).`,
    );
    // A lake a newer version wrote: status and verify say so, and which formats this version reads.
    const future = join(home, 'lake-future');
    await mkdir(join(future, 'parties', 'a'), { recursive: true });
    await writeFile(join(future, '_lake.json'), JSON.stringify({ format: 3, layout: 'parties/<id>' }));
    const newer = await runCli(home, ['lake', 'status', '--lake', future]).done;
    expect(newer.code).toBe(1);
    expect(newer.stderr).toContain(
      `error: ${future}'s _lake.json is of format 3, written by a newer version of the app: this version reads formats 1 and 2. Upgrade the app to read this lake.`,
    );
    const unverified = await runCli(home, ['lake', 'verify', '--lake', future]).done;
    expect(unverified.code).toBe(1);
    expect(unverified.stderr).toContain(
      'differs: _lake.json: is of format 3, written by a newer version of the app: this version reads formats 1 and 2: upgrade the app to verify this lake',
    );
  }, 60_000);
});
