// One browser-version server per folder, and what a start makes of a lock or a record it finds:
// a lock whose holder runs is respected, a stale one (its process gone, or its pid reused by a
// process that is not that server) is replaced; a record that cannot be used is kept aside.
import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDispatch, type Handlers } from '../../../src-main/services/dispatch.ts';
import { LOCK_FILE, lockFolder } from '../../../src-main/web-shell/folder-lock.ts';
import { startFolderServer } from '../../../src-main/web-shell/folder-server.ts';
import { RECORD_FILE } from '../../../src-main/web-shell/server-record.ts';
import type { UserDataChoice } from '../../../src-main/web-shell/user-data-choice.ts';

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'web-shell-lock-'));
  folders.push(dir);
  return dir;
}
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('lockFolder', () => {
  it('respects a running holder, and replaces a lock whose pid now belongs to another process', async () => {
    const dir = await folder();
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 4242, port: 5555, instance: 'abc' }));
    const running = await lockFolder(dir, { isAlive: () => true, answers: async () => true });
    expect(running).toEqual({ kind: 'running', pid: 4242, port: 5555 });

    // Same pid alive (reused after a reboot), but nothing at its port answers as that server.
    const lines: string[] = [];
    const taken = await lockFolder(dir, {
      isAlive: () => true,
      answers: async (port, instance) => port === 5555 && instance === 'other',
      log: (line) => lines.push(line),
    });
    expect(taken.kind).toBe('acquired');
    expect(lines).toEqual([`removing a stale ${LOCK_FILE} (its server is not running)`]);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toEqual({ pid: process.pid });
    if (taken.kind !== 'acquired') return;
    await taken.lock.record(6000, 'me');
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toEqual({
      pid: process.pid,
      port: 6000,
      instance: 'me',
    });
    taken.lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits for a holder still starting, and takes over a half-written lock whose writer is gone', async () => {
    const dir = await folder();
    // Created but never written: its writer died between the two steps.
    await writeFile(join(dir, LOCK_FILE), '');
    const taken = await lockFolder(dir, { startingWaitMs: 300 });
    expect(taken.kind).toBe('acquired');
    if (taken.kind === 'acquired') taken.lock.release();

    // A holder that records its port only after the second start has read its lock: found all the same.
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 4242 }));
    let looks = 0;
    const second = await lockFolder(dir, {
      isAlive: () => {
        if (looks++ === 0)
          writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 4242, port: 5555, instance: 'abc' }));
        return true;
      },
      answers: async () => true,
    });
    expect(second).toEqual({ kind: 'running', pid: 4242, port: 5555 });
    expect(looks).toBe(2);
  });

  it('a release never removes a lock that another start has taken since', async () => {
    const dir = await folder();
    const mine = await lockFolder(dir);
    expect(mine.kind).toBe('acquired');
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 4242 }));
    if (mine.kind === 'acquired') mine.lock.release();
    expect(await readdir(dir)).toEqual([LOCK_FILE]);
  });
});

describe('startFolderServer', () => {
  const dispatch = createDispatch({} as Handlers);
  const userData = (dir: string): UserDataChoice => ({
    dir,
    kind: 'chosen',
    keychainService: 'unused',
    throwawayKeychain: false,
  });

  it('keeps a record it cannot use aside, says so and starts with a new key', async () => {
    const dir = await folder();
    await writeFile(join(dir, RECORD_FILE), '{"version": 1, "key": "not hex"');
    const lines: string[] = [];
    const { shell } = await startFolderServer({
      rendererDir: dir,
      dispatch,
      userData: userData(dir),
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      const kept = (await readdir(dir)).filter((name) => name.startsWith(`${RECORD_FILE}.corrupt-`));
      expect(kept).toHaveLength(1);
      expect(await readFile(join(dir, kept[0] as string), 'utf8')).toBe('{"version": 1, "key": "not hex"');
      expect(lines[0]).toContain(`was not usable; kept as ${join(dir, kept[0] as string)}`);
      const record = JSON.parse(await readFile(join(dir, RECORD_FILE), 'utf8'));
      expect(shell.url).toBe(`http://127.0.0.1:${record.port}/#bridge=${record.key}`);
    } finally {
      await shell.close();
    }
  });
});
