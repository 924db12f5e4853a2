// app:reveal (docs/desktop.md): the settings or logs folder, shown in the OS file manager where the
// host can (the desktop app), else only named (the browser version answers the path, opens nothing).
import { mkdir } from 'node:fs/promises';
import type { Revealed, RevealTarget } from '../../../src-shared/contract/schemas.ts';
import type { ServiceContext } from '../service-context.ts';
import { logsFolderIn } from './log-file.ts';

export const folderOf = (userDataDir: string, target: RevealTarget) =>
  target === 'logs' ? logsFolderIn(userDataDir) : userDataDir;

export async function revealFolder(ctx: ServiceContext, userDataDir: string, target: RevealTarget): Promise<Revealed> {
  const path = folderOf(userDataDir, target);
  // The logs folder exists only once main has logged to a file; an empty one is still the answer.
  await mkdir(path, { recursive: true, mode: 0o700 });
  const opened = ctx.host.revealPath ? await ctx.host.revealPath(path).catch(() => false) : false;
  return { path, opened };
}
