// A file that cannot be read and cannot be moved aside (say, unreadable in a folder the app may not
// rename in) is never written over: the app runs on defaults / an empty history, says why, and every
// save is refused with the reason, leaving the file as it was. Tests run as root here, whom file modes
// do not stop, so the two refusals (EACCES on read, EACCES on rename) are injected into node:fs.
// node:fs is not mocked: readFileSync reads what is really on disk.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RPC_HISTORY_FILE, RpcHistoryStore } from '../../src-main/services/rpc/rpc-history-store.ts';
import { defaultSettings } from '../../src-main/services/settings/default-settings.ts';
import { SETTINGS_FILE, SettingsStore } from '../../src-main/services/settings/settings-store.ts';
import { historyEntryOf } from './generations.ts';

/** Paths whose reads and renames fail with EACCES. */
const locked = new Set<string>();
const denied = (path: unknown) =>
  Object.assign(new Error(`EACCES: permission denied, '${String(path)}'`), { code: 'EACCES' });
/** Paths whose reads fail once for a passing reason (EIO), as a flaky disk or a full file table does. */
const flaky = new Set<string>();
const ioError = (path: unknown) => Object.assign(new Error(`EIO: i/o error, read '${String(path)}'`), { code: 'EIO' });

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    readFile: (path: Parameters<typeof fs.readFile>[0], ...rest: [never]) =>
      locked.has(String(path))
        ? Promise.reject(denied(path))
        : flaky.delete(String(path))
          ? Promise.reject(ioError(path))
          : fs.readFile(path, ...rest),
    rename: (from: string, to: string) => (locked.has(from) ? Promise.reject(denied(from)) : fs.rename(from, to)),
  };
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function lockedFile(name: string, content: string): Promise<{ dir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'never-overwrite-'));
  dirs.push(dir);
  const path = join(dir, name);
  await writeFile(path, content);
  locked.add(path);
  return { dir, path };
}

describe('a file that can be neither read nor moved aside', () => {
  it('settings: defaults in use, the user is told, every save is refused and the file stays as it was', async () => {
    const { dir, path } = await lockedFile(SETTINGS_FILE, '{"the user\'s": "settings"}');
    const store = await SettingsStore.open(dir);
    expect(store.view().loadProblem).toEqual({
      message: expect.stringMatching(
        /^The settings file could not be read \(EACCES: .+\)\. It could not be moved aside, so nothing will be saved over it; the app is running on defaults\.$/,
      ),
      backupPath: null,
    });
    await expect(
      store.update((draft) => {
        draft.preferences.theme = 'dark';
      }),
    ).rejects.toMatchObject({
      code: 'settings',
      message: `Settings could not be saved: ${path} could not be read nor moved aside; fix its permissions and restart the app`,
    });
    expect(store.view().settings.preferences.theme).toBe('system');
    expect(readFileSync(path, 'utf8')).toBe('{"the user\'s": "settings"}');
  });

  it('RPC history: an empty history, the user is told, no write lands over the file', async () => {
    const { dir, path } = await lockedFile(RPC_HISTORY_FILE, '{"version":1,"history":[],"saved":["mine"]}');
    const store = await RpcHistoryStore.open(dir);
    expect(store.history().problem).toMatch(
      /^The RPC history could not be read \(EACCES: .+\); it could not be moved aside, so nothing is saved over it/,
    );
    store.add(historyEntryOf(1), []);
    await expect(store.flushed()).rejects.toMatchObject({ code: 'settings' });
    expect(store.history().problem).toMatch(/^The RPC history could not be saved: .+ nothing is saved over it/);
    expect(readFileSync(path, 'utf8')).toBe('{"version":1,"history":[],"saved":["mine"]}');
  });
});

describe('a file whose read fails for a passing reason (EIO)', () => {
  async function flakyFile(name: string, content: string): Promise<{ dir: string; path: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'flaky-read-'));
    dirs.push(dir);
    const path = join(dir, name);
    await writeFile(path, content);
    flaky.add(path);
    return { dir, path };
  }

  it('settings: left where it is (not moved aside), nothing saved over it, and the next start reads it', async () => {
    const content = JSON.stringify(defaultSettings());
    const { dir, path } = await flakyFile(SETTINGS_FILE, content);
    const store = await SettingsStore.open(dir);
    expect(store.view().loadProblem?.message).toMatch(
      /^The settings file could not be read just now \(EIO: .+\)\. It was left as it is and nothing will be saved over it/,
    );
    await expect(
      store.update((draft) => {
        draft.preferences.theme = 'dark';
      }),
    ).rejects.toMatchObject({ code: 'settings', message: expect.stringMatching(/restart the app to read it again$/) });
    expect(readFileSync(path, 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual([SETTINGS_FILE]);
    // The next start: the disk answers again, and the file is read as it was.
    expect((await SettingsStore.open(dir)).view().loadProblem).toBeNull();
  });

  it('RPC history: left where it is, no write lands over it, and the next start reads it', async () => {
    const content = '{"version":1,"history":[],"saved":[]}';
    const { dir, path } = await flakyFile(RPC_HISTORY_FILE, content);
    const store = await RpcHistoryStore.open(dir);
    expect(store.history().problem).toMatch(
      /^The RPC history could not be read just now \(EIO: .+\); it was left as it is/,
    );
    store.add(historyEntryOf(1), []);
    await expect(store.flushed()).rejects.toMatchObject({ code: 'settings' });
    expect(readFileSync(path, 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual([RPC_HISTORY_FILE]);
    expect((await RpcHistoryStore.open(dir)).history().problem).toBeNull();
  });
});
