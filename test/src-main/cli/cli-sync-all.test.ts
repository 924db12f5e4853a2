// `npm run cli -- sync --parties all-readable`: the real CLI as a child process with its own small
// in-process sandbox: every party of the sandbox JWT synced, one JSON summary, exit 0; a wrong
// --parties value is a usage error naming the one choice.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-sync-all-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

const args = (dir: string) => [
  'sync',
  '--profile',
  'sandbox',
  '--parties',
  'all-readable',
  '--user-data-dir',
  dir,
  '--sandbox-transfers',
  '2000',
  '--keychain-service',
  `ledger-explorer-test-${randomBytes(4).toString('hex')}`,
];

describe('npm run cli -- sync --parties all-readable', () => {
  it('syncs every party of the sandbox JWT with one summary line', async () => {
    const dir = join(home, 'data');
    const first = await runCli(home, args(dir)).done;
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout.trim());
    expect(summary).toMatchObject({
      command: 'sync',
      parties: 'all-readable',
      state: 'done',
      source: 'sandbox',
      failed: 0,
    });
    expect(summary.done).toBe(summary.total);
    expect(summary.total).toBeGreaterThan(10);
    expect(summary.perParty.every((p: { state: string }) => p.state === 'done')).toBe(true);
    expect(first.stderr).toMatch(new RegExp(`sync all: ${summary.total} of ${summary.total} parties`));
  }, 120_000);

  it('refuses another --parties value and --party beside it, naming the choice', async () => {
    const wrong = await runCli(home, ['sync', '--profile', 'sandbox', '--parties', 'everyone']).done;
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--parties: "everyone" is not a choice; the one choice is all-readable');
    const both = await runCli(home, ['sync', '--profile', 'sandbox', '--party', 'x', '--parties', 'all-readable']).done;
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--party and --parties: give one of them');
  }, 60_000);
});
