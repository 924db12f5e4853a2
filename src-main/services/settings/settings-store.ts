// Settings: one JSON file in the user-data folder, validated on load, written atomically.
// A file that cannot be used (corrupt, truncated, unreadable) is kept as a backup and the app starts
// on defaults, telling the user; nothing is ever saved over a file the app could not read
// (docs/durability.md).
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { type Settings, Settings as SettingsSchema, type SettingsView } from '../../../src-shared/contract/schemas.ts';
import { lastingReadError, moveAside, removeStaleTemps, writeFileAtomic } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';
import { defaultSettings } from './default-settings.ts';

export const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  private current: Settings;
  private readonly loadProblem: SettingsView['loadProblem'];
  private readonly path: string;
  /** Set when the file could not be read nor moved aside: a save would replace what was never read. */
  private readonly neverOverwrite: string | null;
  /** Writes run one after another so two quick saves cannot interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    path: string,
    settings: Settings,
    loadProblem: SettingsView['loadProblem'],
    neverOverwrite: string | null = null,
  ) {
    this.path = path;
    this.current = settings;
    this.loadProblem = loadProblem;
    this.neverOverwrite = neverOverwrite;
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
      // Unreadable (permissions, a folder in its place...): moved aside, so that the first save cannot
      // replace settings the app never read. If even that fails, nothing is saved over it. A read that
      // failed for a passing reason (an I/O error, too many open files) leaves the file alone.
      const why = (error as Error).message;
      if (!lastingReadError(error)) {
        return new SettingsStore(
          path,
          defaultSettings(),
          {
            message: `The settings file could not be read just now (${why}). It was left as it is and nothing will be saved over it; the app is running on defaults until you restart it.`,
            backupPath: null,
          },
          `${path} could not be read at start (${why}); restart the app to read it again`,
        );
      }
      const kept = await moveAside(path, 'unreadable');
      return new SettingsStore(
        path,
        defaultSettings(),
        {
          message: `The settings file could not be read (${why}). ${
            kept ? `It was kept as ${kept}` : 'It could not be moved aside, so nothing will be saved over it'
          }; the app is running on defaults.`,
          backupPath: kept,
        },
        kept ? null : `${path} could not be read nor moved aside; fix its permissions and restart the app`,
      );
    }
    const parsed = parseSettings(text);
    if (parsed.ok) return new SettingsStore(path, parsed.settings, null);
    const problem = parsed.problem;

    const kept = await moveAside(path, 'corrupt');
    return new SettingsStore(
      path,
      defaultSettings(),
      {
        message: `The settings file was not usable (${problem}). ${
          kept ? `It was kept as ${kept}` : 'It could not be moved aside, so nothing will be saved over it'
        }; the app is running on defaults.`,
        backupPath: kept,
      },
      kept ? null : `${path} was not usable and could not be moved aside; move it away and restart the app`,
    );
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
      if (this.neverOverwrite)
        throw new ServiceError('settings', `Settings could not be saved: ${this.neverOverwrite}`);
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
