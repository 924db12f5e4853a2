// The one way this app puts a file on disk so that a crash, a SIGKILL or a power cut leaves either
// the old file or the whole new one under its name, never a torn one (docs/durability.md):
// write a temp file in the same folder, fsync it, rename it over the target, fsync the folder.
// The one module for it: settings, stores' side files, exports, charts, the window's state (sync, as
// the app quits) and a lake's partition manifests all write through here.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The temp file beside `path`: `.<name>.<pid>.<random>.tmp` (removeStaleTemps finds a killed write's). */
function tempBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `data` to `path` atomically (temp file beside it, fsync, rename, fsync of the folder).
 * `mode`: the file's permissions (default 0600: settings and exports are the user's alone); set
 * exactly, whatever the umask, so a file another program reads (a team's query, a lake) keeps its own.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const temp = tempBeside(path);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    if (options.mode !== undefined) await handle.chmod(options.mode);
    await handle.writeFile(data, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  await syncFolder(dirname(path));
}

/**
 * writeFileAtomic for the one moment nothing may wait: the app quitting (the window's last state).
 * The same temp name, mode and order; the folder's fsync is left out (it would block the quit, and
 * the rename is still atomic against a killed process).
 */
export function writeFileAtomicSync(path: string, data: string, options: { mode?: number } = {}): void {
  const temp = tempBeside(path);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      if (options.mode !== undefined) fchmodSync(fd, options.mode);
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Puts a finished temp file (written by a stream, e.g. an export) under its final name: fsync it,
 * rename it over `path` (a file already there stays whole until this moment), fsync the folder.
 * `temp` must be in the same folder as `path`, so the rename is atomic.
 */
export async function commitFile(temp: string, path: string): Promise<void> {
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await syncFolder(dirname(path));
}

/**
 * fsync of a folder records a rename on disk, so it survives a power cut and not only a killed
 * process. Not possible on Windows (opening a folder fails there, and NTFS journals the rename):
 * best effort, the new file is in place either way.
 */
async function syncFolder(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // See above: only the rename's survival of a power cut is less certain.
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * Removes temp files an earlier process left beside `path` when it was killed mid-write (the file
 * itself is whole: the rename never happened). Called when a store opens, before anything writes.
 */
export async function removeStaleTemps(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => rm(join(dirname(path), name), { force: true }).catch(() => {})),
  );
}

/**
 * Moves a file that cannot be used to `<name>.<why>-<time>` so that nothing ever writes over what
 * the app could not read (the user, or support, may still recover it). The new path, or null.
 */
export async function moveAside(path: string, why: 'corrupt' | 'unreadable'): Promise<string | null> {
  const backupPath = `${path}.${why}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  return rename(path, backupPath).then(
    () => backupPath,
    () => null,
  );
}

/**
 * Removes `<name>.partial-*` files beside `path` that a killed process left (a streamed write that
 * never reached its rename), except those in `keep` (writes still running in this process).
 */
export async function removeStalePartials(path: string, keep: Set<string>): Promise<void> {
  const prefix = `${basename(path)}.partial-`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && !keep.has(join(dirname(path), name)))
      .map((name) => rm(join(dirname(path), name), { force: true }).catch(() => {})),
  );
}

/**
 * Whether a failed read says something lasting about the file (no permission, a folder in its
 * place): only then is it moved aside. Anything else (an I/O error, too many open files, a busy
 * or slow disk) may pass: the file is left exactly where it is, and nothing is saved over it for
 * the session, so the next start reads it again.
 */
export function lastingReadError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EISDIR';
}
