import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../../../src-main/services/settings/settings-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts on the sandbox profile with no file, and writes nothing until something changes', async () => {
    const store = await SettingsStore.open(dir);
    const { settings, loadProblem } = store.view();
    expect(loadProblem).toBeNull();
    expect(settings.activeProfileId).toBe('sandbox');
    expect(settings.profiles.map((p) => p.kind)).toEqual(['sandbox']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('saves, and a new store reads back the same settings', async () => {
    const store = await SettingsStore.open(dir);
    await store.update((draft) => {
      draft.preferences.theme = 'dark';
      draft.savedParties.push({ party: 'alice::1220abcd', label: 'Alice', colour: 'none', note: '' });
    });
    const again = (await SettingsStore.open(dir)).view().settings;
    expect(again.preferences.theme).toBe('dark');
    expect(again.savedParties).toEqual([{ party: 'alice::1220abcd', label: 'Alice', colour: 'none', note: '' }]);
  });

  it.each([
    ['not JSON', '{"version": 1, "activePro'],
    ['valid JSON, wrong shape', JSON.stringify({ version: 1, profiles: 'many' })],
    ['empty', ''],
  ])('keeps a %s file as a backup and starts on defaults, saying so', async (_label, content) => {
    await writeFile(join(dir, SETTINGS_FILE), content);
    const view = (await SettingsStore.open(dir)).view();
    expect(view.settings.activeProfileId).toBe('sandbox');
    expect(view.loadProblem?.message).toMatch(/not usable/);
    expect(view.loadProblem?.backupPath).toMatch(/settings\.json\.corrupt-/);
    expect(await readFile(view.loadProblem?.backupPath as string, 'utf8')).toBe(content);
  });

  it('refuses a change that would make the settings invalid, and keeps the old ones', async () => {
    const store = await SettingsStore.open(dir);
    await expect(
      store.update((draft) => {
        draft.profiles = [];
      }),
    ).rejects.toMatchObject({ code: 'settings', message: expect.stringMatching(/profiles/) });
    await expect(
      store.update((draft) => {
        draft.activeProfileId = 'gone';
      }),
    ).rejects.toMatchObject({
      code: 'settings',
      message: 'Settings not saved: activeProfileId: names no existing profile',
    });
    expect(store.view().settings.profiles).toHaveLength(1);
    expect(store.view().settings.activeProfileId).toBe('sandbox');
  });

  it('reports a failed write as a settings error, keeps the old settings and leaves no temp file', async () => {
    const folder = join(dir, 'profile');
    const store = await SettingsStore.open(folder);
    await store.update((draft) => {
      draft.preferences.theme = 'light';
    });
    // Make the folder unusable in a way that holds even for root: replace it with a plain file.
    await rm(folder, { recursive: true });
    await writeFile(folder, 'not a folder');
    await expect(
      store.update((draft) => {
        draft.preferences.theme = 'dark';
      }),
    ).rejects.toMatchObject({ code: 'settings', message: expect.stringMatching(/could not be saved/) });
    expect(store.view().settings.preferences.theme).toBe('light');
    expect(await readdir(dir)).toEqual(['profile']);
  });

  it('serializes quick concurrent writes: none is lost and the file is always whole', async () => {
    const store = await SettingsStore.open(dir);
    const parties = ['a', 'b', 'c', 'd', 'e'].map((n) => ({
      party: `${n}::1220${'0'.repeat(64)}`,
      label: n,
      colour: 'none' as const,
      note: '',
    }));
    await Promise.all(
      parties.map((p) =>
        store.update((draft) => {
          draft.savedParties.push(p);
        }),
      ),
    );
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'));
    expect(onDisk.savedParties.map((p: { label: string }) => p.label).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
