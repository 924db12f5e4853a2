// The notebook's files as notebook-folders.ts reads them, and the folders it may point at: a file
// is read only as what was opened (no link followed, no file over budget, checked again on the open
// handle), and a version is the hash of its bytes (a save compares it to refuse overwriting a file
// changed on disk).
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, lstat, open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { type NotebookFile, QUERY_TEXT_MAX } from '../../../src-shared/contract/notebook.ts';
import { ServiceError } from '../errors.ts';

/** Bytes of a file read at most: 4 per character of the format's budget (UTF-8's widest). */
export const FILE_BYTES_MAX = QUERY_TEXT_MAX * 4;

export function versionOf(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function fileOf(file: string, data: Buffer, modifiedMs: number): NotebookFile {
  return { file, text: data.toString('utf8'), version: versionOf(data), modifiedMs };
}

/**
 * The file's bytes, or null when there is none; a link, a non-file or an over-budget file is refused.
 * The lstat answers early; what is read is what was opened: O_NOFOLLOW refuses a link swapped in after
 * the lstat (O_NONBLOCK: a FIFO swapped in does not hang the open), and the size and kind are checked
 * again on the open handle (fstat).
 */
export async function readChecked(
  path: string,
  file: string,
  max = FILE_BYTES_MAX,
): Promise<{ data: Buffer; modifiedMs: number; mode: number } | null> {
  const info = await lstat(path).catch(() => null);
  if (!info) return null;
  if (info.isSymbolicLink()) throw new ServiceError('invalid_argument', `${file} is a link: links are not followed.`);
  if (!info.isFile()) throw new ServiceError('invalid_argument', `${file} is not a plain file.`);
  if (info.size > max) throw new ServiceError('invalid_argument', `${file}: ${tooBig(info.size, max)}`);
  let handle: FileHandle;
  try {
    // O_NOFOLLOW is undefined on Windows (0 here): the lstat above is the check there.
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP' || code === 'EMLINK') {
      throw new ServiceError('invalid_argument', `${file} is a link: links are not followed.`);
    }
    throw error;
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new ServiceError('invalid_argument', `${file} is not a plain file.`);
    if (opened.size > max) throw new ServiceError('invalid_argument', `${file}: ${tooBig(opened.size, max)}`);
    const data = await handle.readFile();
    if (data.length > max) throw new ServiceError('invalid_argument', `${file}: ${tooBig(data.length, max)}`);
    return { data, modifiedMs: Math.round(opened.mtimeMs), mode: opened.mode & 0o777 };
  } finally {
    await handle.close();
  }
}

/** An existing folder's resolved path; `roots` (the browser version): it must be inside one of them. */
export async function checkFolder(path: string, roots: string[] | null): Promise<string> {
  if (path.includes('\0') || /\p{Cc}/u.test(path)) throw new ServiceError('invalid_argument', 'Not a folder path.');
  if (!isAbsolute(path)) {
    throw new ServiceError('invalid_argument', 'Type the folder’s full path (starting with / or a drive letter).');
  }
  const full = resolve(path);
  const info = await stat(full).catch(() => null);
  if (!info) throw new ServiceError('not_found', `${full} does not exist.`);
  if (!info.isDirectory()) throw new ServiceError('invalid_argument', `${full} is not a folder.`);
  if (roots) {
    // Links resolved first: a link under the home folder to /etc is /etc.
    const real = await realpath(full);
    const inside = await Promise.all(
      roots.map(async (root) => {
        const base = await realpath(root).catch(() => null);
        if (!base) return false;
        const rel = relative(base, real);
        return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
      }),
    );
    if (!inside.includes(true)) {
      throw new ServiceError(
        'invalid_argument',
        `The browser version opens folders inside your home folder (${roots[0]}) or the app's data folder only: ${full} is outside them.`,
      );
    }
  }
  return full;
}

export function tooBig(bytes: number, max = FILE_BYTES_MAX): string {
  return max === FILE_BYTES_MAX
    ? `${(bytes / 1_000_000).toFixed(1)} MB: a query file is at most ${QUERY_TEXT_MAX.toLocaleString('en-US')} characters, it was not opened`
    : `${bytes.toLocaleString('en-US')} bytes: at most ${max.toLocaleString('en-US')}, it was not opened`;
}

export function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'it does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? 'unreadable';
}
