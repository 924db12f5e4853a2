// `npm run cli -- lake sync|verify|status`: the real CLI as a child process with its in-process
// sandbox. Two parties named as the app names them are synced into the store and written to a lake;
// a second run fetches only what is new and rewrites nothing that did not change; status lists the
// parties; verify passes, then names a tampered month and exits 1; bad arguments exit 2.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-lake-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

const keychain = `ledger-explorer-test-${randomBytes(4).toString('hex')}`;
const sync = (lake: string) => [
  'lake',
  'sync',
  '--profile',
  'sandbox',
  '--parties',
  'treasury-ops, alice',
  '--lake',
  lake,
  '--user-data-dir',
  join(home, 'data'),
  '--sandbox-transfers',
  '3000',
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
    const folders = (await readdir(lake)).filter((n) => n.startsWith('party=')).sort();
    expect(folders.map((f) => f.replace(/%3A%3A.*/, ''))).toEqual(['party=alice', 'party=treasury-ops']);

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
    const month = (await readdir(party)).sort()[0];
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

  it('refuses a missing action, a missing --lake and an option of another action, naming them', async () => {
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
    expect(unread.stderr).toMatch(/has no readable lake manifest/);
  }, 60_000);
});
