// `npm run cli`: the real CLI as a child process, on a temporary user-data folder. The sandbox
// profile starts its in-process sandbox inside the child; a remote profile points at a sandbox in
// this process (a busy party: enough pages to interrupt). What a scheduler and the person who writes
// its job see: --help, exit codes, one JSON summary line on stdout, progress on stderr, messages that
// list the valid values, and never the JWT.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxNetwork, startSandboxNetwork } from '../../../src-sandbox/index.ts';
import { multiset, serviceLegs, storedLegs, writeRemoteProfile } from '../../durability/local-legs.ts';
import { holdStore, runCli, untilLine } from './cli-process.ts';

let home: string;
let sandbox: SandboxNetwork;
let busy: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'cli-test-'));
  sandbox = await startSandboxNetwork({ transfers: 150_000, busyParty: true, evm: false });
  busy = sandbox.describe().parties[0];
  const { baseUrl, translateUrl, partnerUrl, rpcUrl } = sandbox.urls;
  await writeRemoteProfile(join(home, 'remote-data'), 'remote', { baseUrl, translateUrl, partnerUrl, rpcUrl });
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  if (home) await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) => runCli(home, args, env);
const keychain = () => ['--keychain-service', `ledger-explorer-test-${randomBytes(4).toString('hex')}`];
/** A small sandbox in the child (the same seed: the same parties and names as this process's). */
const smallSandbox = ['--sandbox-transfers', '2000'];

describe('npm run cli', () => {
  it('--help and help print every command, option, exit code, the JWT variable, the folder and the UTC rule, with exit code 0', async () => {
    for (const args of [['--help'], ['help'], ['-h'], ['sync', '--help'], ['export', '--profile', 'x', '--help']]) {
      const { code, stdout, stderr } = await cli(args, { LEDGER_EXPLORER_USER_DATA: join(home, 'by-env') }).done;
      expect({ args, code, stderr }).toEqual({ args, code: 0, stderr: '' });
      for (const part of [
        'npm run cli -- sync',
        'npm run cli -- export',
        'npm run cli -- profiles',
        'npm run cli -- aggregates',
        '--rebuild',
        ...['--profile', '--party', '--node', '--after', '--before', '--format', '--out', '--wait'],
        ...['--user-data-dir', '--json', '--keychain-service', '--sandbox-transfers'],
        'parquet | parquet-by-month | csv | jsonl',
        'LEDGER_EXPLORER_LEDGER_JWT',
        `user-data folder: ${join(home, 'by-env')}`,
        'YYYY-MM-DD (midnight UTC)',
        "UTC, never this machine's zone",
        ...['  0 ', '  1 ', '  2 ', '  75 ', '  130 '],
      ]) {
        expect(stdout, part).toContain(part);
      }
    }
    // Without the variable: the desktop app's folder ($XDG_CONFIG_HOME/ledger-explorer here).
    const plain = await cli(['--help']).done;
    expect(plain.stdout).toContain(`user-data folder: ${join(home, '.config', 'ledger-explorer')}`);
  }, 120_000);

  it('profiles lists ids, kinds and names; --json for scripts', async () => {
    const dir = join(home, 'remote-data');
    const table = await cli(['profiles', '--user-data-dir', dir]).done;
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.trim().split('\n')).toEqual([
      'id       kind     name',
      'sandbox  sandbox  Local sandbox network',
      'remote   remote   Test remote',
    ]);
    const json = await cli(['profiles', '--json', '--user-data-dir', dir]).done;
    expect(JSON.parse(json.stdout)).toEqual([
      { id: 'sandbox', kind: 'sandbox', name: 'Local sandbox network', active: false },
      { id: 'remote', kind: 'remote', name: 'Test remote', active: true },
    ]);
  }, 60_000);

  it('refuses bad arguments with exit code 2, naming the argument and listing the valid values', async () => {
    const dir = ['--user-data-dir', join(home, 'remote-data')];
    const sandboxSync = ['sync', '--profile', 'sandbox', ...dir, ...smallSandbox];
    const cases: Array<[string[], RegExp[]]> = [
      [[], [/a command is needed: sync, export, aggregates, profiles, lake, help/]],
      [
        ['pull', '--profile', 'sandbox'],
        [/unknown command "pull": the commands are sync, export, aggregates, profiles, lake, help/],
      ],
      [['sync', '--profile', 'sandbox'], [/--party is required/]],
      [
        ['sync', '--profile', 'nope', '--party', busy, ...dir],
        [
          /--profile: no connection profile "nope" in .*remote-data; the profiles there:/,
          /^ {2}remote +remote +Test remote$/m,
        ],
      ],
      [
        [...sandboxSync, '--party', 'zelda'],
        [
          /--party: no party is named "zelda" in profile "sandbox"/,
          /^ {2}exchange-north +exchange-north::1220[0-9a-f]{64}$/m,
        ],
      ],
      [[...sandboxSync, '--party', 'bad::id'], [/--party: not a Canton party id/]],
      [
        [...sandboxSync, '--party', busy, '--node', 'validator-9'],
        [/--node: the sandbox profile has no node "validator-9"; its nodes:/, /\(deployment default\)/],
      ],
      [[...sandboxSync, '--party', busy, '--after', 'yesterday'], [/--after: not a date or time: use 2026-10-30/]],
      [[...sandboxSync, '--party', busy, '--after', '2026-02-30'], [/--after: /]],
      [
        [...sandboxSync, '--party', busy, '--after', '2026-02-01', '--before', '2026-01-01T00:00:00Z'],
        [/--before must be later than --after/],
      ],
      [[...sandboxSync, '--party', busy, '--format', 'csv'], [/--format is not an option of sync: its options are/]],
      [[...sandboxSync, '--party', busy, '--wait', 'soon'], [/--wait: a whole number of seconds/]],
      [
        ['export', '--profile', 'sandbox', '--party', busy, '--format', 'xlsx', '--out', 'x'],
        [/--format: "xlsx" is not a format; the formats are csv, jsonl, parquet, parquet-by-month/],
      ],
      [['export', '--profile', 'sandbox', '--party', busy, '--format', 'csv'], [/--out is required/]],
      [
        ['sync', '--profile', 'sandbox', '--party', busy, '--colour'],
        [/--colour/, /--help lists every command/],
      ],
    ];
    for (const [args, messages] of cases) {
      const { code, stdout, stderr } = await cli([...args, ...keychain()]).done;
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
      for (const message of messages) expect(stderr, args.join(' ')).toMatch(message);
    }
  }, 240_000);

  it('syncs the sandbox profile by party name and a UTC date; a second run is incremental; export writes the stored legs', async () => {
    const dir = join(home, 'sandbox-data');
    const args = ['--profile', 'sandbox', '--user-data-dir', dir, ...smallSandbox];
    // The party by its name (any case), the range as a date: midnight UTC.
    const first = await cli(['sync', ...args, '--party', 'Exchange-North', '--after', '2026-10-30', ...keychain()])
      .done;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^sync: \d+ legs, \d+ pages, \d+ legs\/s/m);
    const windowed = JSON.parse(first.stdout);
    expect(windowed).toMatchObject({
      command: 'sync',
      state: 'done',
      party: busy,
      window: { after: '2026-10-30T00:00:00.000000Z', before: null },
    });
    expect(first.stdout.trim().split('\n')).toHaveLength(1);

    const whole = JSON.parse((await cli(['sync', ...args, '--party', busy, ...keychain()]).done).stdout);
    expect(whole).toMatchObject({ state: 'done', incremental: false, resumed: false });
    expect(whole.legs).toBeGreaterThan(windowed.legs);
    const againRun = await cli(['sync', ...args, '--party', busy, ...keychain()]).done;
    const again = JSON.parse(againRun.stdout);
    expect(again).toMatchObject({ state: 'done', incremental: true, newLegs: 0, changedLegs: 0, goneLegs: 0 });
    // Its last hour fetched again, none of it new: said so, and no ETA for a sync of one page ("ETA 7 min 28 s").
    expect(againRun.stderr).toMatch(
      new RegExp(
        `^sync: ${again.legs} legs, \\d+ pages, \\d+ legs/s; nothing new since the last sync \\(${again.legs} legs? checked again\\)$`,
        'm',
      ),
    );
    expect(againRun.stderr).not.toMatch(/ETA/);
    expect(again.window.after).not.toBeNull();
    expect((await storedLegs(whole.store, busy)).legs).toHaveLength(whole.legs);

    const out = join(home, 'legs.jsonl');
    const exported = await cli(['export', ...args, '--party', 'exchange-north', '--format', 'jsonl', '--out', out])
      .done;
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ command: 'export', format: 'jsonl', rows: whole.legs });
  }, 180_000);

  it('waits for another program that holds the store, saying who; past --wait it exits 75 and changes nothing', async () => {
    const dir = join(home, 'held-data');
    const folder = join(dir, 'local-ledger');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const holder = holdStore(join(folder, 'sandbox.duckdb'), 'Ledger Explorer');
    await once(holder.stdout as NodeJS.ReadableStream, 'data');
    try {
      const args = ['--profile', 'sandbox', '--party', busy, '--user-data-dir', dir, ...smallSandbox];
      const run = await cli(['sync', ...args, '--wait', '2', ...keychain()]).done;
      expect(run.code, run.stderr).toBe(75);
      expect(run.stderr).toMatch(
        new RegExp(
          `^waiting: Ledger Explorer \\(PID ${holder.pid}\\) has the local store .*sandbox\\.duckdb open; waited 1 s of at most 2 s \\(--wait\\)$`,
          'm',
        ),
      );
      expect(run.stderr).toMatch(
        new RegExp(
          `^error: Ledger Explorer \\(PID ${holder.pid}\\) has this local store open: nothing was changed`,
          'm',
        ),
      );
      expect(JSON.parse(run.stdout)).toMatchObject({ state: 'failed', legs: 0 });

      const exported = await cli(['export', ...args, '--wait', '0', '--format', 'csv', '--out', join(home, 'x.csv')])
        .done;
      expect(exported.code, exported.stderr).toBe(75);
    } finally {
      holder.stdin?.end();
      await once(holder, 'exit');
    }
  }, 120_000);

  it('takes the JWT from LEDGER_EXPLORER_LEDGER_JWT and never prints it', async () => {
    const wrong = `eyJ.wrong-${randomBytes(12).toString('hex')}`;
    const run = await cli(
      ['sync', '--profile', 'remote', '--party', busy, '--user-data-dir', join(home, 'remote-data')],
      {
        LEDGER_EXPLORER_LEDGER_JWT: wrong,
      },
    ).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: /m);
    expect(run.stdout + run.stderr).not.toContain(wrong);
    expect(run.stdout + run.stderr).not.toContain(wrong.slice(4));
  }, 60_000);

  it('SIGINT cancels with exit code 130, SIGTERM with 143; the same command resumes and ends equal to the service', async () => {
    const dir = join(home, 'remote-data');
    const args = ['sync', '--profile', 'remote', '--party', busy, '--user-data-dir', dir];
    const env = { LEDGER_EXPLORER_LEDGER_JWT: sandbox.credentials.ledgerJwt };
    for (const [signal, exitCode] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const run = cli(args, env);
      await untilLine(run, /^sync: [1-9]\d* legs/);
      run.child.kill(signal);
      const stopped = await run.done;
      expect(stopped.code, stopped.stderr).toBe(exitCode);
      expect(JSON.parse(stopped.stdout)).toMatchObject({ state: 'cancelled' });
    }

    const resumed = await cli(args, env).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout);
    expect(summary).toMatchObject({ state: 'done', resumed: true });
    const { legs } = await serviceLegs(sandbox.urls.baseUrl, sandbox.credentials.ledgerJwt, busy);
    expect(multiset((await storedLegs(summary.store, busy)).legs)).toEqual(multiset(legs));
  }, 240_000);
});
