// Settings: one JSON file in the user-data folder, validated on load, written atomically.
// A file that cannot be used is kept as a backup and the app starts on defaults, telling the user.
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { type Settings, Settings as SettingsSchema, type SettingsView } from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import { removeStaleTemps, writeFileAtomic } from './atomic-write.ts';
import { defaultSettings } from './default-settings.ts';

export const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  private current: Settings;
  private readonly loadProblem: SettingsView['loadProblem'];
  private readonly path: string;
  /** Writes run one after another so two quick saves cannot interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(path: string, settings: Settings, loadProblem: SettingsView['loadProblem']) {
    this.path = path;
    this.current = settings;
    this.loadProblem = loadProblem;
  }

  static async open(dir: string): Promise<SettingsStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, SETTINGS_FILE);
    await removeStaleTemps(path);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new SettingsStore(path, defaultSettings(), null);
      return new SettingsStore(path, defaultSettings(), {
        message: `The settings file could not be read (${(error as Error).message}); the app is running on defaults.`,
        backupPath: null,
      });
    }
    const parsed = parseSettings(text);
    if (parsed.ok) return new SettingsStore(path, parsed.settings, null);
    const problem = parsed.problem;

    const backupPath = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let kept: string | null = backupPath;
    try {
      await rename(path, backupPath);
    } catch {
      kept = null;
    }
    return new SettingsStore(path, defaultSettings(), {
      message: `The settings file was not usable (${problem}). ${
        kept ? `It was kept as ${kept}` : 'It could not be moved aside'
      }; the app is running on defaults.`,
      backupPath: kept,
    });
  }

  get filePath(): string {
    return this.path;
  }

  view(): SettingsView {
    return { settings: structuredClone(this.current), loadProblem: this.loadProblem };
  }

  get settings(): Settings {
    return this.current;
  }

  /** Applies `change` to a copy, validates it, writes it; the in-memory settings change only when the write succeeded. */
  update(change: (draft: Settings) => void): Promise<SettingsView> {
    const run = async () => {
      const draft = structuredClone(this.current);
      change(draft);
      const checked = SettingsSchema.safeParse(draft);
      if (!checked.success) throw new ServiceError('settings', `Settings not saved: ${describeIssue(checked.error)}`);
      const next = checked.data;
      try {
        await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
      } catch (error) {
        throw new ServiceError('settings', `Settings could not be saved: ${(error as Error).message}`);
      }
      this.current = next;
      return this.view();
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }
}

function parseSettings(text: string): { ok: true; settings: Settings } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not valid JSON: ${(error as Error).message}` };
  }
  const result = SettingsSchema.safeParse(data);
  return result.success ? { ok: true, settings: result.data } : { ok: false, problem: describeIssue(result.error) };
}

function describeIssue(error: z.ZodError): string {
  const first = error.issues[0];
  return `${first?.path.join('.') || 'file'}: ${first?.message ?? 'invalid'}`;
}
