// A file found unusable at start (a torn file from a non-atomic writer after a power cut, a disk that
// filled up, something else's write, a folder in its place): it is never silently replaced. It is kept
// byte for byte as `<name>.corrupt-<time>` (or `.unreadable-<time>`), the user is told where, the app
// runs on defaults (settings) or an empty history, and the next save works without touching the backup.
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RPC_HISTORY_FILE, RpcHistoryStore } from '../../src-main/services/rpc/rpc-history-store.ts';
import { SETTINGS_FILE, SettingsStore } from '../../src-main/services/settings/settings-store.ts';
import { historyEntryOf, savedRequestOf } from './generations.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function freshDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A settings file the app wrote, with a non-default theme so defaults are told apart. */
async function savedSettings(dir: string): Promise<string> {
  const store = await SettingsStore.open(dir);
  await store.update((draft) => {
    draft.preferences.theme = 'light';
    draft.savedParties.push({ party: `desk::1220${'0'.repeat(64)}`, label: 'Desk', colour: 'none', note: '' });
  });
  return readFile(join(dir, SETTINGS_FILE), 'utf8');
}

/** An RPC history file the app wrote: one call in the history, one saved request. */
async function savedHistory(dir: string): Promise<string> {
  const store = await RpcHistoryStore.open(dir);
  store.add(historyEntryOf(1), []);
  await store.saveRequest(savedRequestOf(2), []);
  await store.flushed();
  return readFile(join(dir, RPC_HISTORY_FILE), 'utf8');
}

const cuts: Array<[string, (n: number) => number]> = [
  ['empty (cut at 0 bytes)', () => 0],
  ['cut after 1 byte', () => 1],
  ['cut in half', (n) => Math.floor(n / 2)],
  ['missing its last "}"', (n) => n - 2],
];

describe('a settings file that cannot be used', () => {
  it('truncated mid-write by something else: kept as a backup, the app starts on defaults and says so', async () => {
    const dir = await freshDir('settings-trunc-');
    const store = await SettingsStore.open(dir);
    await store.update((draft) => {
      draft.preferences.theme = 'dark';
    });
    const path = join(dir, SETTINGS_FILE);
    const whole = await readFile(path, 'utf8');
    await truncate(path, Math.floor(whole.length / 2));
    const reopened = await SettingsStore.open(dir);
    expect(reopened.view().loadProblem?.message).toMatch(/^The settings file was not usable \(not valid JSON/);
    const backup = reopened.view().loadProblem?.backupPath as string;
    expect(await readFile(backup, 'utf8')).toBe(whole.slice(0, Math.floor(whole.length / 2)));
    expect(reopened.view().settings.preferences.theme).not.toBe('dark');
  });

  it.each(cuts)(
    'truncated, %s: kept byte for byte, the app starts on defaults, says where, and saves again',
    async (_n, cut) => {
      const dir = await freshDir('settings-trunc-');
      const whole = await savedSettings(dir);
      const path = join(dir, SETTINGS_FILE);
      await truncate(path, cut(whole.length));
      const bad = await readFile(path);

      const store = await SettingsStore.open(dir);
      const { loadProblem, settings } = store.view();
      expect(loadProblem?.message).toMatch(
        /^The settings file was not usable \(not valid JSON: .+\)\. It was kept as /,
      );
      expect(loadProblem?.message).toContain(loadProblem?.backupPath as string);
      expect(loadProblem?.backupPath).toMatch(/settings\.json\.corrupt-/);
      expect(await readFile(loadProblem?.backupPath as string)).toEqual(bad);
      expect(settings.preferences.theme).toBe('system');

      // The app keeps working: a save lands, and the backup stays where the message said.
      await store.update((draft) => {
        draft.preferences.theme = 'dark';
      });
      expect((await SettingsStore.open(dir)).view().settings.preferences.theme).toBe('dark');
      expect(await readFile(loadProblem?.backupPath as string)).toEqual(bad);
    },
  );

  it('valid JSON of the wrong shape: kept as a backup with the reason', async () => {
    const dir = await freshDir('settings-shape-');
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, profiles: 'none' }));
    const store = await SettingsStore.open(dir);
    expect(store.view().loadProblem?.message).toMatch(/^The settings file was not usable \(\w+/);
    expect(store.view().loadProblem?.backupPath).toMatch(/settings\.json\.corrupt-/);
  });

  it('a folder where the file should be: moved aside with what was in it, and saves work', async () => {
    const dir = await freshDir('settings-isdir-');
    await mkdir(join(dir, SETTINGS_FILE));
    await writeFile(join(dir, SETTINGS_FILE, 'keep-me.txt'), 'notes');
    const store = await SettingsStore.open(dir);
    const { loadProblem } = store.view();
    expect(loadProblem?.message).toMatch(/^The settings file could not be read \(.*EISDIR.*\)\. It was kept as /);
    expect(loadProblem?.backupPath).toMatch(/settings\.json\.unreadable-/);
    expect(await readFile(join(loadProblem?.backupPath as string, 'keep-me.txt'), 'utf8')).toBe('notes');
    await store.update((draft) => {
      draft.preferences.theme = 'dark';
    });
    expect((await SettingsStore.open(dir)).view().settings.preferences.theme).toBe('dark');
  });
});

describe('an RPC history file (history and saved requests) that cannot be used', () => {
  it.each(cuts)('truncated, %s: kept byte for byte, a new history starts, saying where', async (_n, cut) => {
    const dir = await freshDir('rpc-trunc-');
    const whole = await savedHistory(dir);
    const path = join(dir, RPC_HISTORY_FILE);
    await truncate(path, cut(whole.length));
    const bad = await readFile(path);

    const store = await RpcHistoryStore.open(dir);
    const problem = store.history().problem as string;
    expect(problem).toMatch(/^The RPC history file was not usable \(not valid JSON: .+\); it was kept as .+ and a new/);
    const backup = join(dir, (await readdir(dir)).find((f) => f.startsWith(`${RPC_HISTORY_FILE}.corrupt-`)) as string);
    expect(problem).toContain(backup);
    expect(await readFile(backup)).toEqual(bad);
    expect(store.history().total).toBe(0);
    expect(store.saved()).toEqual([]);

    // The console keeps working: a request is saved, and the backup stays.
    await store.saveRequest(savedRequestOf(3), []);
    expect((await RpcHistoryStore.open(dir)).saved().map((s) => s.name)).toEqual(['slot 3']);
    expect(await readFile(backup)).toEqual(bad);
  });

  it('valid JSON of the wrong shape: kept as a backup with the reason; the saved requests are in it', async () => {
    const dir = await freshDir('rpc-shape-');
    const whole = await savedHistory(dir);
    const path = join(dir, RPC_HISTORY_FILE);
    await writeFile(path, whole.replace('"version":1', '"version":2'));
    const store = await RpcHistoryStore.open(dir);
    expect(store.history().problem).toMatch(/^The RPC history file was not usable \(version: .+\); it was kept as /);
    const backup = (await readdir(dir)).find((f) => f.startsWith(`${RPC_HISTORY_FILE}.corrupt-`)) as string;
    expect(JSON.parse(await readFile(join(dir, backup), 'utf8')).saved[0].name).toBe('slot 2');
  });

  it('a folder where the file should be: moved aside as .unreadable, and the next write works', async () => {
    const dir = await freshDir('rpc-isdir-');
    await mkdir(join(dir, RPC_HISTORY_FILE));
    const store = await RpcHistoryStore.open(dir);
    expect(store.history().problem).toMatch(
      /^The RPC history could not be read \(.*EISDIR.*\); it was kept as .+rpc-history\.json\.unreadable-.+ and a new history started\.$/,
    );
    store.add(historyEntryOf(1), []);
    await store.flushed();
    expect((await RpcHistoryStore.open(dir)).history().total).toBe(1);
  });
});
