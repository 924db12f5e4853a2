// Writes never leave a half-written settings file: a process saving settings in a loop is killed
// (SIGKILL, no chance to clean up) at random moments, many times; after each kill the file on disk
// is a complete, valid generation, a new store opens it without complaint, and no temp file stays.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_FILE, SettingsStore } from '../../src-main/services/settings/settings-store.ts';

const writer = resolve(import.meta.dirname, '../fixtures/settings-writer.ts');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Starts the writer and kills it right after its `afterSaves`-th save was reported (mid the next). */
async function killDuringWrites(dir: string, afterSaves: number): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, [writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  let lastSaved = 0;
  await new Promise<void>((done) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lastSaved = Number(line.replace('saved ', ''));
      if (lastSaved >= afterSaves) {
        child.kill('SIGKILL');
        done();
      }
    });
    child.once('exit', () => done());
  });
  await exited;
  return lastSaved;
}

describe('settings under SIGKILL', () => {
  it('after 20 kills at random moments the file is always one whole generation', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-kill-'));
    dirs.push(dir);
    const seen: number[] = [];
    for (let round = 0; round < 20; round++) {
      const saved = await killDuringWrites(dir, 1 + Math.floor(Math.random() * 4));
      expect(saved).toBeGreaterThan(0);
      const text = await readFile(join(dir, SETTINGS_FILE), 'utf8');
      const onDisk = JSON.parse(text) as { savedParties: Array<{ label: string }> };
      const labels = new Set(onDisk.savedParties.map((p) => p.label));
      expect(labels.size).toBe(1); // one generation, never a mix
      const generation = Number([...labels][0].replace('generation ', ''));
      // The reported save, or the one after it if the kill came just after its rename.
      expect([saved, saved + 1]).toContain(generation);
      expect(onDisk.savedParties).toHaveLength(200 + ((generation * 397) % 1000));
      const store = await SettingsStore.open(dir);
      expect(store.view().loadProblem).toBeNull();
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      seen.push(generation);
    }
    expect(seen).toHaveLength(20);
  }, 120_000);
});

describe('a settings file that cannot be used', () => {
  it('truncated mid-write by something else: kept as a backup, the app starts on defaults and says so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-trunc-'));
    dirs.push(dir);
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

  it('valid JSON of the wrong shape: kept as a backup with the reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-shape-'));
    dirs.push(dir);
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, profiles: 'none' }));
    const store = await SettingsStore.open(dir);
    expect(store.view().loadProblem?.message).toMatch(/^The settings file was not usable \(\w+/);
    expect(store.view().loadProblem?.backupPath).toMatch(/settings\.json\.corrupt-/);
  });
});
