// `npm run dev:web` run as a script would run it (stdout a pipe, not a terminal): the ready line
// is one small JSON line with no sandbox secret in it, unless --print-credentials asks for them; it
// runs on the desktop app's folder by default, one server per folder, and comes back on the same
// address with the same key after a restart (docs/security.md, "The browser version's key").
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../../src-main/web-shell/cli.ts');
const started: ChildProcess[] = [];
const folders: string[] = [];
let rendererDir: string;

beforeAll(async () => {
  rendererDir = await folder('dev-web-renderer-');
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
});

async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

interface Run {
  child: ChildProcess;
  /** The first stdout line. */
  line: Promise<string>;
  exit: Promise<number | null>;
  stderr(): string;
}

/** Starts the CLI on a pipe; no Secret Service, so nothing reaches a keychain. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [CLI, '--renderer-dir', rendererDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', ...env },
  });
  started.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const line = new Promise<string>((resolveLine, reject) => {
    void exit.then((code) => reject(new Error(`dev:web exited (${code}) before its line:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolveLine);
  });
  line.catch(() => {});
  return { child, line, exit, stderr: () => stderr };
}

async function ready(args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = run(args, env);
  return { ...started, ready: JSON.parse(await started.line) };
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

const uniqueService = () => `ledger-explorer-cli-test-${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  await Promise.all(started.map((child) => stop(child)));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('dev:web ready line, stdout not a terminal', () => {
  it('is one small JSON line without the sandbox secrets; --print-credentials adds them', async () => {
    const common = ['--transfers', '500', '--port', '0', '--keychain-service', uniqueService()];
    const [plain, withCredentials] = await Promise.all([
      run([...common, '--user-data-dir', await folder('dev-web-data-')]).line,
      run([...common, '--user-data-dir', await folder('dev-web-data-'), '--print-credentials']).line,
    ]);

    // The credentials are those of the sandbox (same seed in both runs): read from the flagged line.
    const full = JSON.parse(withCredentials);
    const { apiKey, partnerToken, tokens } = full.sandbox;
    const secrets: string[] = [
      apiKey,
      partnerToken,
      tokens.readAll,
      tokens.readNone,
      ...Object.values<string>(tokens.byParty),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) {
      expect(typeof secret).toBe('string');
      expect(secret.length).toBeGreaterThan(8);
      expect(withCredentials).toContain(secret);
      expect(plain).not.toContain(secret);
    }
    expect(full.sandbox.parties).toHaveLength(60);
    // The JWTs are signed at start, so the plain run's own differ: no JWT-shaped text at all.
    expect(plain).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    const ready = JSON.parse(plain);
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#bridge=[0-9a-f]{48}$/);
    expect(Object.keys(ready).sort()).toEqual([
      'exportDir',
      'sandbox',
      'secretStorage',
      'url',
      'userDataDir',
      'userDataKind',
    ]);
    expect(ready.userDataKind).toBe('chosen');
    expect(ready.secretStorage).toBe('session');
    expect(ready.sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ledger$/);
    expect(ready.sandbox.partyCount).toBe(60);
    expect(ready.sandbox).not.toHaveProperty('parties');
    for (const party of full.sandbox.parties) expect(plain).not.toContain(party);
    // Small enough to read: the old line was 42 KB.
    expect(plain.length).toBeLessThan(1_000);
  });
});

describe('dev:web user-data folder', () => {
  it("uses the desktop app's and the CLI's folder by default, with the desktop app's keychain service", async () => {
    const home = await folder('dev-web-home-');
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), LEDGER_EXPLORER_USER_DATA: '' };
    const app = await ready(['--no-sandbox', '--port', '0'], env);
    const shared = join(home, 'config', 'ledger-explorer');
    expect(app.ready).toMatchObject({
      userDataDir: shared,
      userDataKind: 'shared',
      exportDir: join(shared, 'exports'),
    });
    expect(app.stderr()).toContain('keychain service "ledger-explorer"');
    // The settings the desktop app and the CLI read are written there, owner-only.
    expect(((await stat(shared)).mode & 0o777).toString(8)).toBe('700');
    const record = JSON.parse(await readFile(join(shared, 'web-shell.json'), 'utf8'));
    expect(app.ready.url).toBe(`http://127.0.0.1:${record.port}/#bridge=${record.key}`);
    expect(((await stat(join(shared, 'web-shell.json'))).mode & 0o777).toString(8)).toBe('600');
    await stop(app.child);
    expect(existsSync(join(shared, 'web-shell.lock'))).toBe(false);

    // LEDGER_EXPLORER_USER_DATA first, as the desktop app and the CLI do.
    const chosen = join(home, 'elsewhere');
    const second = await ready(['--no-sandbox', '--port', '0'], { ...env, LEDGER_EXPLORER_USER_DATA: chosen });
    expect(second.ready.userDataDir).toBe(chosen);
    await stop(second.child);
  });

  it('--temp-user-data runs on a new folder and its own keychain service, and removes the folder when it stops', async () => {
    const home = await folder('dev-web-home-');
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), LEDGER_EXPLORER_USER_DATA: '' };
    const app = await ready(['--no-sandbox', '--temp-user-data'], env);
    const dir: string = app.ready.userDataDir;
    expect(app.ready.userDataKind).toBe('temporary');
    expect(dir.startsWith(join(tmpdir(), 'ledger-explorer-temp-'))).toBe(true);
    expect(existsSync(dir)).toBe(true);
    // The shared folder is not touched.
    expect(existsSync(join(home, 'config', 'ledger-explorer'))).toBe(false);
    expect(app.stderr()).toMatch(/keychain service "ledger-explorer-temp-[0-9a-f]{12}"/);
    await stop(app.child);
    expect(await app.exit).toBe(0);
    expect(existsSync(dir)).toBe(false);

    // Two folders named at once is a mistake, said before anything is created.
    const both = run(['--temp-user-data', '--user-data-dir', await folder('dev-web-data-')]);
    expect(await both.exit).toBe(2);
    expect(both.stderr()).toContain('--temp-user-data and --user-data-dir name two folders');
  });
});

describe('dev:web on one folder', () => {
  it('a second start on the same folder says where the first runs and exits 0', async () => {
    const dir = await folder('dev-web-data-');
    const first = await ready(['--no-sandbox', '--user-data-dir', dir, '--port', '0']);
    const second = run(['--no-sandbox', '--user-data-dir', dir]);
    expect(JSON.parse(await second.line)).toEqual({
      alreadyRunning: true,
      url: first.ready.url,
      userDataDir: dir,
      pid: first.child.pid,
    });
    expect(await second.exit).toBe(0);
    // The first is untouched.
    expect((await fetch(new URL('/__health', first.ready.url))).status).toBe(200);
    await stop(first.child);
  });

  it('of two starts on one folder at the same moment, exactly one serves', async () => {
    const dir = await folder('dev-web-data-');
    const runs = [
      run(['--no-sandbox', '--user-data-dir', dir, '--port', '0']),
      run(['--no-sandbox', '--user-data-dir', dir, '--port', '0']),
    ];
    const lines = (await Promise.all(runs.map((r) => r.line))).map((line) => JSON.parse(line));
    const serving = lines.filter((line) => !line.alreadyRunning);
    expect(serving).toHaveLength(1);
    expect(lines.find((line) => line.alreadyRunning)?.url).toBe(serving[0].url);
    await Promise.all(runs.map((r) => stop(r.child)));
  });

  it('comes back on the same address with the same key after a stop, and after a crash', async () => {
    const dir = await folder('dev-web-data-');
    const first = await ready(['--no-sandbox', '--user-data-dir', dir, '--port', '0']);
    await stop(first.child);
    const second = await ready(['--no-sandbox', '--user-data-dir', dir]);
    expect(second.ready.url).toBe(first.ready.url);
    // Killed outright: its lock stays behind, and the next start sees that nothing runs.
    await stop(second.child, 'SIGKILL');
    expect(existsSync(join(dir, 'web-shell.lock'))).toBe(true);
    const third = await ready(['--no-sandbox', '--user-data-dir', dir]);
    expect(third.ready.url).toBe(first.ready.url);
    expect(third.stderr()).toContain('removing a stale web-shell.lock');

    // --new-key: same address, another key.
    await stop(third.child);
    const fourth = await ready(['--no-sandbox', '--user-data-dir', dir, '--new-key']);
    expect(new URL(fourth.ready.url).port).toBe(new URL(first.ready.url).port);
    expect(fourth.ready.url).not.toBe(first.ready.url);
    await stop(fourth.child);
  });

  it('when another program has taken its port: another port and a new key, and it says so', async () => {
    const dir = await folder('dev-web-data-');
    const first = await ready(['--no-sandbox', '--user-data-dir', dir, '--port', '0']);
    await stop(first.child);
    const port = Number(new URL(first.ready.url).port);
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', r));
    try {
      const second = await ready(['--no-sandbox', '--user-data-dir', dir]);
      const moved = new URL(second.ready.url);
      expect(Number(moved.port)).not.toBe(port);
      expect(moved.hash).not.toBe(new URL(first.ready.url).hash);
      expect(second.stderr()).toContain(
        `port ${port} is in use by another program: serving on port ${moved.port} instead, with a new bridge key`,
      );
      await stop(second.child);

      // A port asked for by name is not swapped for another.
      const asked = run(['--no-sandbox', '--user-data-dir', dir, '--port', String(port)]);
      expect(await asked.exit).toBe(1);
      expect(asked.stderr()).toContain(`port ${port} is in use by another program: choose another --port`);
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });
});
