// The notebook's folder of query files, per profile (docs/notebook.md, "The folder"): by default
// <user-data>/queries/<profile>/, or any folder the user opened (a team's git checkout), remembered
// in <user-data>/notebook-folders.json. Only `*.sql` files directly in the folder are touched, named by
// a checked file name (no separators, `..`, hidden or device names; links are not followed). Writes are
// atomic (files/atomic-write.ts) and refuse to overwrite a file changed on disk since it was read
// unless the user confirms. fs.watch bumps a generation the renderer polls (notebook:changes).
import { type FSWatcher, watch } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import {
  DASHBOARD_FILE,
  DASHBOARD_TEXT_MAX,
  fileNameProblem,
  NOTEBOOK_MAX_FILES,
  type NotebookChanges,
  type NotebookCreate,
  type NotebookDashboardFile,
  type NotebookDashboardSave,
  type NotebookEntry,
  type NotebookFile,
  type NotebookFileRef,
  type NotebookListing,
  type NotebookOpenFolder,
  type NotebookRename,
  type NotebookSave,
  type NotebookSaved,
} from '../../../src-shared/contract/notebook.ts';
import { parseQueryFile } from '../../../src-shared/notebook/query-file.ts';
import { writeFileAtomic } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';
import { checkFolder, describe, FILE_BYTES_MAX, fileOf, readChecked, tooBig, versionOf } from './notebook-files.ts';

export { FILE_BYTES_MAX } from './notebook-files.ts';

export const QUERIES_FOLDER = 'queries';
export const FOLDERS_FILE = 'notebook-folders.json';
/** A new query or dashboard file: the owner writes, everyone who may enter the folder reads (the default folder is 0700). */
export const NEW_FILE_MODE = 0o644;
/** Bytes one listing reads at most; files past it are listed unread (their problem says so). */
export const LIST_BYTES_MAX = 64 * 1024 * 1024;
/** dashboard.json read at most: 4 bytes per character of the format's budget. */
export const DASHBOARD_BYTES_MAX = DASHBOARD_TEXT_MAX * 4;

export interface NotebookHost {
  /** The desktop app's folder dialog; absent in the browser version. null: cancelled. */
  chooseFolder?(): Promise<string | null>;
}

interface Watched {
  folder: string;
  watcher: FSWatcher | null;
  generation: number;
}

export class NotebookFolders {
  private remembered: Promise<Record<string, string>> | null = null;
  private readonly watched = new Map<string, Watched>();
  /** Parsed entries by path, while the file's time and size stay the same. */
  private readonly cache = new Map<string, { key: string; entry: NotebookEntry }>();

  private readonly userDataDir: string;
  private readonly host: NotebookHost;
  /** Throws for an unknown profile. */
  private readonly checkProfile: (profileId: string) => void;

  constructor(userDataDir: string, host: NotebookHost, checkProfile: (profileId: string) => void) {
    this.userDataDir = userDataDir;
    this.host = host;
    this.checkProfile = checkProfile;
  }

  defaultFolder(profileId: string): string {
    return join(this.userDataDir, QUERIES_FOLDER, profileId);
  }

  async folderOf(profileId: string): Promise<{ folder: string; isDefault: boolean }> {
    this.checkProfile(profileId);
    const chosen = (await this.folders())[profileId];
    if (chosen) return { folder: chosen, isDefault: false };
    const folder = this.defaultFolder(profileId);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    return { folder, isDefault: true };
  }

  /** The generation of the profile's folder: it changes when anything in the folder does. */
  async changes(profileId: string): Promise<NotebookChanges> {
    const { folder } = await this.folderOf(profileId);
    return { folder, generation: this.watch(profileId, folder).generation };
  }

  async list(profileId: string): Promise<NotebookListing> {
    const { folder, isDefault } = await this.folderOf(profileId);
    const generation = this.watch(profileId, folder).generation;
    const listing: NotebookListing = { folder, isDefault, generation, files: [], more: 0, error: null };
    let names: string[];
    try {
      names = (await readdir(folder)).filter((n) => /\.sql$/i.test(n) && fileNameProblem(n) === null);
    } catch (error) {
      listing.error = `The folder cannot be read: ${describe(error)}`;
      return listing;
    }
    names.sort((a, b) => a.localeCompare(b, 'en'));
    listing.more = Math.max(0, names.length - NOTEBOOK_MAX_FILES);
    let budget = LIST_BYTES_MAX;
    for (const file of names.slice(0, NOTEBOOK_MAX_FILES)) {
      const entry = await this.entryOf(folder, file, budget);
      if (!entry) continue;
      if (entry.problem === null) budget -= entry.bytes;
      listing.files.push(entry);
    }
    return listing;
  }

  async read(ref: NotebookFileRef): Promise<NotebookFile> {
    const path = await this.pathOf(ref.profileId, ref.file);
    const bytes = await readChecked(path, ref.file);
    if (!bytes) throw new ServiceError('not_found', `${ref.file} is not in the folder (deleted or renamed?).`);
    return fileOf(ref.file, bytes.data, bytes.modifiedMs);
  }

  async save(request: NotebookSave): Promise<NotebookSaved> {
    const path = await this.pathOf(request.profileId, request.file);
    const current = await readChecked(path, request.file);
    if (request.expect === null && current) {
      return { ok: false, conflict: 'exists', message: `${request.file} already exists: choose another name.` };
    }
    if (!request.overwrite && request.expect !== null) {
      if (!current) {
        return {
          ok: false,
          conflict: 'gone',
          message: `${request.file} was deleted or renamed on disk since you opened it.`,
        };
      }
      if (versionOf(current.data) !== request.expect) {
        return {
          ok: false,
          conflict: 'changed',
          message: `${request.file} was changed on disk since you opened it (in another editor?).`,
        };
      }
    }
    // A file keeps its permissions (a team's folder: others may read it); a new one is readable by all
    // who may enter the folder, as an editor would make it.
    await writeFileAtomic(path, request.text, { mode: current?.mode ?? NEW_FILE_MODE });
    this.bump(request.profileId);
    return { ok: true, file: await this.read({ profileId: request.profileId, file: request.file }) };
  }

  /** The folder's dashboard.json (docs/dashboards.md): its text (null: none yet) and version. */
  async dashboard(profileId: string): Promise<NotebookDashboardFile> {
    const { folder } = await this.folderOf(profileId);
    this.watch(profileId, folder);
    const path = join(folder, DASHBOARD_FILE);
    const bytes = await readChecked(path, DASHBOARD_FILE, DASHBOARD_BYTES_MAX);
    return bytes
      ? { path, text: bytes.data.toString('utf8'), version: versionOf(bytes.data) }
      : { path, text: null, version: null };
  }

  /** Writes dashboard.json atomically unless it changed (or appeared) on disk since `expect`. */
  async saveDashboard(request: NotebookDashboardSave): Promise<NotebookSaved> {
    const { folder } = await this.folderOf(request.profileId);
    const path = join(folder, DASHBOARD_FILE);
    const current = await readChecked(path, DASHBOARD_FILE, DASHBOARD_BYTES_MAX);
    const version = current ? versionOf(current.data) : null;
    if (!request.overwrite && version !== request.expect) {
      return {
        ok: false,
        conflict: 'changed',
        message: `${DASHBOARD_FILE} was changed on disk since it was read (in another editor?).`,
      };
    }
    await writeFileAtomic(path, request.text, { mode: current?.mode ?? NEW_FILE_MODE });
    this.bump(request.profileId);
    const saved = await this.dashboard(request.profileId);
    return {
      ok: true,
      file: { file: DASHBOARD_FILE, text: saved.text ?? '', version: saved.version ?? '', modifiedMs: Date.now() },
    };
  }

  /** A new file under `file`, or "name 2.sql", "name 3.sql"… when it is taken. */
  async create(request: NotebookCreate): Promise<NotebookFile> {
    const stem = request.file.slice(0, -4);
    for (let n = 1; n <= 1000; n++) {
      const file = n === 1 ? request.file : `${stem} ${n}.sql`;
      if (fileNameProblem(file)) break;
      const saved = await this.save({ profileId: request.profileId, file, text: request.text, expect: null });
      if (saved.ok) return saved.file;
    }
    throw new ServiceError('invalid_argument', `No free name like ${request.file}: choose another name.`);
  }

  async rename(request: NotebookRename): Promise<NotebookFile> {
    const from = await this.pathOf(request.profileId, request.file);
    const to = await this.pathOf(request.profileId, request.to);
    if (!(await readChecked(from, request.file))) {
      throw new ServiceError('not_found', `${request.file} is not in the folder (deleted or renamed?).`);
    }
    // A case-only rename on a case-insensitive disk finds the file itself at `to`: let it through. Any
    // other file there (on Linux "Report.sql" beside "report.sql") is taken, whatever the case.
    const [fromInfo, toInfo] = await Promise.all([lstat(from), lstat(to).catch(() => null)]);
    if (toInfo && !(toInfo.dev === fromInfo.dev && toInfo.ino === fromInfo.ino)) {
      throw new ServiceError('invalid_argument', `${request.to} already exists: choose another name.`);
    }
    await rename(from, to);
    this.bump(request.profileId);
    return this.read({ profileId: request.profileId, file: request.to });
  }

  async delete(ref: NotebookFileRef): Promise<boolean> {
    const path = await this.pathOf(ref.profileId, ref.file);
    const info = await lstat(path).catch(() => null);
    if (!info) return false;
    if (!info.isFile()) throw new ServiceError('invalid_argument', `${ref.file} is not a plain file: not deleted.`);
    await rm(path);
    this.bump(ref.profileId);
    return true;
  }

  /** Points the profile's notebook at a folder (null: ask with the dialog; '': back to the default). */
  async openFolder(request: NotebookOpenFolder): Promise<NotebookListing | null> {
    this.checkProfile(request.profileId);
    let path = request.path;
    if (path === null) {
      if (!this.host.chooseFolder) {
        throw new ServiceError('unsupported', 'The browser version has no folder dialog: type the folder’s full path.');
      }
      path = await this.host.chooseFolder();
      if (path === null) return null;
    }
    const folders = { ...(await this.folders()) };
    if (path.trim() === '') delete folders[request.profileId];
    else folders[request.profileId] = await checkFolder(path.trim(), this.host.chooseFolder ? null : this.typedRoots());
    await writeFileAtomic(
      join(this.userDataDir, FOLDERS_FILE),
      `${JSON.stringify({ version: 1, folders }, null, 2)}\n`,
    );
    this.remembered = Promise.resolve(folders);
    return this.list(request.profileId);
  }

  /** Where a typed path may point (the browser version): the user's home and the app's data folder. */
  private typedRoots(): string[] {
    return [homedir(), this.userDataDir];
  }

  close(): void {
    for (const w of this.watched.values()) w.watcher?.close();
    this.watched.clear();
  }

  private async pathOf(profileId: string, file: string): Promise<string> {
    // The channel checked it; a caller from inside main gets the same check.
    const problem = fileNameProblem(file);
    if (problem) throw new ServiceError('invalid_argument', `${JSON.stringify(file.slice(0, 80))}: ${problem}`);
    return join((await this.folderOf(profileId)).folder, file);
  }

  private async entryOf(folder: string, file: string, budget: number): Promise<NotebookEntry | null> {
    const path = join(folder, file);
    const base = { file, name: '', description: '', problems: 1 };
    const info = await lstat(path).catch(() => null);
    if (!info) return null;
    const facts = { modifiedMs: Math.round(info.mtimeMs), bytes: info.size };
    if (info.isSymbolicLink()) return { ...base, ...facts, problem: 'a link: links are not followed' };
    if (!info.isFile()) return null;
    if (info.size > FILE_BYTES_MAX) return { ...base, ...facts, problem: tooBig(info.size) };
    const key = `${info.mtimeMs}:${info.size}`;
    const cached = this.cache.get(path);
    if (cached?.key === key) return cached.entry;
    if (info.size > budget) return { ...base, ...facts, problem: 'not read: the listing read its budget of 64 MB' };
    let text: string;
    try {
      const bytes = await readChecked(path, file);
      if (!bytes) return null;
      text = bytes.data.toString('utf8');
    } catch (error) {
      if (error instanceof ServiceError) return { ...base, ...facts, problem: error.message };
      return { ...base, ...facts, problem: `cannot be read: ${describe(error)}` };
    }
    const parsed = parseQueryFile(text);
    const entry: NotebookEntry = {
      file,
      name: parsed.header.name,
      description: parsed.header.description,
      problems: parsed.problems.length,
      problem: null,
      ...facts,
    };
    if (this.cache.size > NOTEBOOK_MAX_FILES * 2) this.cache.clear();
    this.cache.set(path, { key, entry });
    return entry;
  }

  private watch(profileId: string, folder: string): Watched {
    let w = this.watched.get(profileId);
    if (w && w.folder !== folder) {
      w.watcher?.close();
      w = { folder, watcher: null, generation: w.generation + 1 };
      this.watched.set(profileId, w);
    }
    if (!w) {
      w = { folder, watcher: null, generation: 1 };
      this.watched.set(profileId, w);
    }
    if (!w.watcher) {
      const target = w;
      try {
        target.watcher = watch(folder, { persistent: false }, () => {
          target.generation++;
        });
        target.watcher.on('error', () => {
          target.watcher?.close();
          target.watcher = null; // watched again at the next call
          target.generation++;
        });
      } catch {
        // The folder is gone or cannot be watched: the listing says so; tried again at the next call.
      }
    }
    return w;
  }

  private bump(profileId: string): void {
    const w = this.watched.get(profileId);
    if (w) w.generation++;
  }

  private folders(): Promise<Record<string, string>> {
    this.remembered ??= readFile(join(this.userDataDir, FOLDERS_FILE), 'utf8')
      .then((text) => {
        const value = JSON.parse(text) as { folders?: unknown };
        const out: Record<string, string> = {};
        if (value && typeof value.folders === 'object' && value.folders) {
          for (const [id, path] of Object.entries(value.folders)) {
            if (typeof path === 'string' && isAbsolute(path)) out[id] = path;
          }
        }
        return out;
      })
      // Missing or unreadable: every profile uses its default folder (the file is rewritten at the next "Open folder…").
      .catch(() => ({}));
    return this.remembered;
  }
}
