// `npm run cli`: the real CLI as a child process, on a temporary user-data folder. The sandbox
// profile starts its in-process sandbox inside the child; a remote profile points at a sandbox in
// this process (a busy party: enough pages to interrupt). What a scheduler sees: exit codes, one
// JSON summary line on stdout, progress on stderr, and never the JWT.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxNetwork, startSandboxNetwork } from '../../../src-sandbox/index.ts';
import { multiset, serviceLegs, storedLegs, writeRemoteProfile } from '../../durability/local-legs.ts';

const CLI = resolve(import.meta.dirname, '../../../src-main/cli/cli.ts');

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

interface Run {
  child: ChildProcess;
  stderrLines: AsyncIterableIterator<string>;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function cli(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const stderrLines = createInterface({ input: child.stderr as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolveDone) =>
    child.once('close', (code) => resolveDone({ code, stdout, stderr })),
  );
  return { child, stderrLines, done };
}

const keychain = () => ['--keychain-service', `ledger-explorer-test-${randomBytes(4).toString('hex')}`];

describe('npm run cli', () => {
  it('refuses bad arguments with exit code 2, naming the argument', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /a command is needed/],
      [['pull', '--profile', 'sandbox'], /unknown command "pull"/],
      [['sync', '--profile', 'sandbox'], /--party is required/],
      [['sync', '--profile', 'Bad Id', '--party', busy], /--profile: profile id/],
      [['sync', '--profile', 'sandbox', '--party', 'alice'], /--party: a party id looks like/],
      [['sync', '--profile', 'sandbox', '--party', busy, '--after', 'yesterday'], /--after: not a/],
      [
        [
          'sync',
          '--profile',
          'sandbox',
          '--party',
          busy,
          '--after',
          '2026-02-01T00:00:00Z',
          '--before',
          '2026-01-01T00:00:00Z',
        ],
        /--before must be later than --after/,
      ],
      [['sync', '--profile', 'sandbox', '--party', busy, '--format', 'csv'], /--format is not an option of sync/],
      [['export', '--profile', 'sandbox', '--party', busy, '--format', 'xlsx', '--out', 'x'], /--format:/],
      [['export', '--profile', 'sandbox', '--party', busy, '--format', 'csv'], /--out is required/],
      [['sync', '--profile', 'sandbox', '--party', busy, '--colour'], /--colour/],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await cli(args).done;
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(stderr).toMatch(message);
    }
    const unknown = await cli(['sync', '--profile', 'nope', '--party', busy, '--user-data-dir', join(home, 'empty')])
      .done;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--profile: no connection profile "nope"/);
  }, 60_000);

  it('syncs the sandbox profile, then a second run is incremental; export writes the stored legs', async () => {
    const dir = join(home, 'sandbox-data');
    // The same seed: the child's sandbox has the same parties (its ledger is smaller).
    const party = busy;
    const args = ['--profile', 'sandbox', '--party', party, '--user-data-dir', dir, '--sandbox-transfers', '5000'];
    const first = await cli(['sync', ...args, ...keychain()]).done;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^sync: \d+ legs, \d+ pages, \d+ legs\/s, ETA /m);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ command: 'sync', state: 'done', incremental: false, resumed: false });
    expect(summary.legs).toBeGreaterThan(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);

    const second = JSON.parse((await cli(['sync', ...args, ...keychain()]).done).stdout);
    expect(second).toMatchObject({ state: 'done', incremental: true });
    expect(second.window.after).not.toBeNull();
    expect((await storedLegs(summary.store, party)).legs).toHaveLength(summary.legs);

    const out = join(home, 'legs.jsonl');
    const exported = await cli(['export', ...args, '--format', 'jsonl', '--out', out]).done;
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ command: 'export', format: 'jsonl', rows: summary.legs });
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

  it('SIGINT cancels with exit code 130; the same command resumes and ends equal to the service', async () => {
    const dir = join(home, 'remote-data');
    const args = ['sync', '--profile', 'remote', '--party', busy, '--user-data-dir', dir];
    const env = { LEDGER_EXPLORER_LEDGER_JWT: sandbox.credentials.ledgerJwt };
    const run = cli(args, env);
    for await (const line of run.stderrLines) {
      if (/^sync: [1-9]\d* legs/.test(line)) {
        run.child.kill('SIGINT');
        break;
      }
    }
    const interrupted = await run.done;
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(JSON.parse(interrupted.stdout)).toMatchObject({ state: 'cancelled' });

    const resumed = await cli(args, env).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout);
    expect(summary).toMatchObject({ state: 'done', resumed: true });
    const { legs } = await serviceLegs(sandbox.urls.baseUrl, sandbox.credentials.ledgerJwt, busy);
    expect(multiset((await storedLegs(summary.store, busy)).legs)).toEqual(multiset(legs));
  }, 180_000);
});
