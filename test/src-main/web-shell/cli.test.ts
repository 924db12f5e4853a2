// `npm run dev:web` run as a script would run it (stdout a pipe, not a terminal): the ready line
// is one small JSON line with no sandbox secret in it, unless --print-credentials asks for them.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../../src-main/web-shell/cli.ts');
const started: ChildProcess[] = [];
const folders: string[] = [];

/** Starts the CLI on a pipe and resolves with its first stdout line. */
async function readyLineOf(args: string[]): Promise<string> {
  const rendererDir = await mkdtemp(join(tmpdir(), 'dev-web-renderer-'));
  const userDataDir = await mkdtemp(join(tmpdir(), 'dev-web-data-'));
  folders.push(rendererDir, userDataDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  const child = spawn(
    process.execPath,
    [
      CLI,
      '--renderer-dir',
      rendererDir,
      '--user-data-dir',
      userDataDir,
      '--transfers',
      '500',
      '--keychain-service',
      `ledger-explorer-cli-test-${randomBytes(4).toString('hex')}`,
      ...args,
    ],
    // No Secret Service: the test writes nothing to a keychain.
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } },
  );
  started.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolveLine, reject) => {
    child.once('exit', (code) => reject(new Error(`dev:web exited (${code}) before it was ready:\n${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolveLine);
  });
}

afterAll(async () => {
  await Promise.all(
    started.map((child) => {
      if (child.exitCode !== null) return undefined;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      return exited;
    }),
  );
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('dev:web ready line, stdout not a terminal', () => {
  it('is one small JSON line without the sandbox secrets; --print-credentials adds them', async () => {
    const [plain, withCredentials] = await Promise.all([readyLineOf([]), readyLineOf(['--print-credentials'])]);

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
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#bridge=[0-9a-f]+$/);
    expect(Object.keys(ready).sort()).toEqual(['exportDir', 'sandbox', 'secretStorage', 'url', 'userDataDir']);
    expect(ready.secretStorage).toBe('session');
    expect(ready.sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ledger$/);
    expect(ready.sandbox.partyCount).toBe(60);
    expect(ready.sandbox).not.toHaveProperty('parties');
    for (const party of full.sandbox.parties) expect(plain).not.toContain(party);
    // Small enough to read: the old line was 42 KB.
    expect(plain.length).toBeLessThan(1_000);
  });
});
