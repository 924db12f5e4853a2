// The notebook's folder of query files (docs/notebook.md, "The folder"): one `.sql` file per
// query, directly in a folder per profile. The renderer names a file by its name only; main joins it
// to the profile's folder after checking it (no separators, no `..`, no hidden or device names).
import { z } from 'zod';
import { ProfileIdText } from './transfers.ts';

/** Files listed at most; the rest are counted (`more`). */
export const NOTEBOOK_MAX_FILES = 2_000;
export const QUERY_FILE_NAME_MAX = 200;

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** Why a file name is refused, or null: a `*.sql` name directly in the folder. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0) return 'enter a file name';
  if (name.length > QUERY_FILE_NAME_MAX) return `at most ${QUERY_FILE_NAME_MAX} characters`;
  if (/[/\\]/.test(name)) return 'a file name, not a path: no / or \\';
  if (/\p{Cc}/u.test(name)) return 'no control characters';
  if (/[<>:"|?*]/.test(name)) return 'none of < > : " | ? * (not allowed in file names on Windows)';
  if (name.startsWith('.')) return 'may not start with a dot (a hidden file)';
  if (!/\.sql$/i.test(name)) return 'a query file ends in .sql';
  const stem = name.slice(0, -4);
  if (stem.trim() === '' || /[. ]$/.test(stem) || /^ /.test(stem))
    return 'the name before .sql is empty or ends in a dot or space';
  if (WINDOWS_DEVICE.test(stem.split('.')[0])) return `"${stem}" is a device name on Windows`;
  return null;
}

export const QueryFileName = z.string().superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** QUERY_FILE_LIMITS.fileChars (src-shared/notebook/query-file.ts; kept out of main's start-up bundle, a test holds them equal). */
export const QUERY_TEXT_MAX = 1_000_000;
const QueryText = z.string().max(QUERY_TEXT_MAX, 'a query file is at most 1,000,000 characters');
/** A file's version: the SHA-256 of its bytes (hex), as main read it. */
const Version = z.string().regex(/^[a-f0-9]{64}$/, 'a file version');

export const NotebookFileRef = z.strictObject({ profileId: ProfileIdText, file: QueryFileName });
export type NotebookFileRef = z.input<typeof NotebookFileRef>;

export const NotebookSave = z.strictObject({
  profileId: ProfileIdText,
  file: QueryFileName,
  text: QueryText,
  /** The version the edit started from; null: a new file (refused if the name is taken). */
  expect: Version.nullable(),
  /** The user confirmed: write even if the file changed on disk since `expect`. */
  overwrite: z.boolean().optional(),
});
export type NotebookSave = z.input<typeof NotebookSave>;

export const NotebookCreate = z.strictObject({
  profileId: ProfileIdText,
  /** The file name wanted; taken: " 2", " 3"… is added before .sql. */
  file: QueryFileName,
  text: QueryText,
});
export type NotebookCreate = z.input<typeof NotebookCreate>;

export const NotebookRename = z.strictObject({ profileId: ProfileIdText, file: QueryFileName, to: QueryFileName });
export type NotebookRename = z.input<typeof NotebookRename>;

export const NotebookOpenFolder = z.strictObject({
  profileId: ProfileIdText,
  /**
   * null: ask with the desktop app's folder dialog (the browser version answers `unsupported`: type
   * the path). A path: an absolute path to an existing folder, checked by main. `''`: back to the default.
   */
  path: z.string().max(4096, 'at most 4,096 characters').nullable(),
});
export type NotebookOpenFolder = z.input<typeof NotebookOpenFolder>;

export interface NotebookEntry {
  file: string;
  /** The header's name; '' when it has none or the file could not be read. */
  name: string;
  description: string;
  /** The header's and SQL's problems (parseQueryFile); a file not read has 1. */
  problems: number;
  /** Why the file was not read (too big, unreadable, a link), else null. */
  problem: string | null;
  modifiedMs: number;
  bytes: number;
}

export interface NotebookListing {
  folder: string;
  /** The profile's default folder (under the user-data folder), not one the user opened. */
  isDefault: boolean;
  /** Bumped on every change seen in the folder (notebook:changes). */
  generation: number;
  files: NotebookEntry[];
  /** `*.sql` files past NOTEBOOK_MAX_FILES, not listed. */
  more: number;
  /** The folder could not be read (gone, no permission): the message; files is then empty. */
  error: string | null;
}

export interface NotebookFile {
  file: string;
  text: string;
  version: string;
  modifiedMs: number;
}

export type NotebookSaved =
  | { ok: true; file: NotebookFile }
  | {
      ok: false;
      /** `changed`: edited on disk since it was read; `exists`: a new file's name is taken; `gone`: deleted on disk. */
      conflict: 'changed' | 'exists' | 'gone';
      message: string;
    };

/** The dashboard's file in the folder (docs/dashboards.md; src-shared/notebook/dashboard-file.ts reads it). */
export const DASHBOARD_FILE = 'dashboard.json';
/** DASHBOARD_LIMITS.fileChars (kept out of main's start-up bundle; a test holds them equal). */
export const DASHBOARD_TEXT_MAX = 256_000;

export const NotebookDashboardSave = z.strictObject({
  profileId: ProfileIdText,
  text: z.string().max(DASHBOARD_TEXT_MAX, 'a dashboard is at most 256,000 characters'),
  /** The version it was read at; null: there was none (refused if one appeared since). */
  expect: Version.nullable(),
  overwrite: z.boolean().optional(),
});
export type NotebookDashboardSave = z.input<typeof NotebookDashboardSave>;

export interface NotebookDashboardFile {
  /** Where it is (or would be). */
  path: string;
  /** null: the folder has no dashboard.json yet. */
  text: string | null;
  version: string | null;
}

export interface NotebookChanges {
  folder: string;
  generation: number;
}
