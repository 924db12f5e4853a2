// `npm run cli -- aggregates`: the real CLI as a child process checks the totals the store keeps
// (store/leg-days.ts) against its legs after a sync, names a row that no longer agrees (here made
// wrong by hand in the store file, as a bug or a damaged file would) with exit code 1, and
// `--rebuild` puts it right from the legs.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-aggregates-'));
});
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

const dir = () => ['--user-data-dir', join(home, 'data')];
const keychain = ['--keychain-service', `ledger-explorer-test-${randomBytes(4).toString('hex')}`];
const cli = (args: string[]) => runCli(home, [...args, ...dir(), ...keychain, '--sandbox-transfers', '2000']).done;
const summary = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1) as string);

async function storeFile(): Promise<string> {
  const folder = join(home, 'data', 'local-ledger');
  const name = (await readdir(folder)).find((f) => f.endsWith('.duckdb'));
  if (!name) throw new Error('no store file');
  return join(folder, name);
}

describe('npm run cli -- aggregates', () => {
  it('agrees after a sync, names a wrong row with exit 1, and --rebuild puts it right', async () => {
    const synced = await cli(['sync', '--profile', 'sandbox', '--party', 'exchange-north']);
    expect(synced.code, synced.stderr).toBe(0);

    const clean = await cli(['aggregates', '--profile', 'sandbox']);
    expect(clean.code, clean.stderr).toBe(0);
    const figures = summary(clean.stdout);
    expect(figures).toMatchObject({ command: 'aggregates', rebuilt: false, differing: 0, examples: [] });
    expect(figures.rows).toBeGreaterThan(0);
    expect(figures.legs).toBe(figures.legRows);
    expect(clean.stderr).toMatch(/every one agrees with the legs/);

    // One kept row made wrong behind the app's back.
    const instance = await DuckDBInstance.create(await storeFile());
    const connection = await instance.connect();
    await connection.run(
      'UPDATE leg_days SET legs = legs + 1 WHERE rowid = (SELECT min(rowid) FROM leg_days WHERE day IS NOT NULL)',
    );
    connection.closeSync();
    instance.closeSync();

    const wrong = await cli(['aggregates', '--profile', 'sandbox']);
    expect(wrong.code).toBe(1);
    // The day's kept row and the legs' row for its grain; its month's kept row and the days' sum.
    expect(summary(wrong.stdout)).toMatchObject({ differing: 4 });
    expect(wrong.stderr).toMatch(/4 rows differ from the legs \(the first: \{"party":"exchange-north::1220/);
    expect(wrong.stderr).toContain('--rebuild');

    const rebuilt = await cli(['aggregates', '--profile', 'sandbox', '--rebuild']);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(summary(rebuilt.stdout)).toMatchObject({ rebuilt: true, differing: 0, rows: figures.rows });
  }, 120_000);

  it('refuses --party and unknown options with exit code 2', async () => {
    const withParty = await cli(['aggregates', '--profile', 'sandbox', '--party', 'exchange-north']);
    expect(withParty.code).toBe(2);
    expect(withParty.stderr).toMatch(/--party is not an option of aggregates/);
  }, 60_000);
});
