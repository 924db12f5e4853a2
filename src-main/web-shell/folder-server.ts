// Starts the browser version's server for a user-data folder on the port and with the key a tab
// left open expects (server-record.ts), with a fallback when that port is taken.

import type { Dispatch } from '../services/dispatch.ts';
import type { DownloadRegistry } from '../services/local-ledger/export/download-registry.ts';
import { readServerRecord, writeServerRecord } from './server-record.ts';
import type { UserDataChoice } from './user-data-choice.ts';
import { newBridgeKey, startWebShell, type WebShell } from './web-shell-server.ts';

/**
 * The port a folder's first run tries (later runs: the one they used last). Fixed, so the address
 * is the same from run to run; below the OS's ephemeral range (32768+ on Linux, 49152+ elsewhere)
 * so an outgoing connection never holds it; not a port common dev servers default to.
 */
export const DEFAULT_PORT = 4780;

export class PortTakenError extends Error {}

export interface FolderServer {
  shell: WebShell;
  /** Said on stderr: why the key or port changed, for a person with a tab open on the old one. */
  notes: string[];
}

export async function startFolderServer(options: {
  rendererDir: string;
  dispatch: Dispatch | Promise<Dispatch>;
  /** The files main wrote that the page may download. */
  downloads?: Promise<DownloadRegistry | null>;
  userData: UserDataChoice;
  /** --port: exactly this one (0: any free port); refused if taken. */
  port?: number;
  /** --new-key: a new bridge key (every open tab must open the new address). */
  newKey?: boolean;
  log: (line: string) => void;
}): Promise<FolderServer> {
  const { userData } = options;
  const temporary = userData.kind === 'temporary';
  const record = temporary ? null : await readServerRecord(userData.dir, options.log);
  const notes: string[] = [];
  let key = record && !options.newKey ? record.key : newBridgeKey();
  if (record && options.newKey) notes.push('a new bridge key: tabs open on the old address must open the new one');
  // A throwaway folder never comes back: any free port.
  const wanted = options.port ?? (temporary ? 0 : (record?.port ?? DEFAULT_PORT));
  const served = { rendererDir: options.rendererDir, dispatch: options.dispatch, downloads: options.downloads };
  let shell: WebShell;
  try {
    shell = await startWebShell({ ...served, key, port: wanted });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (options.port !== undefined) {
      throw new PortTakenError(
        `port ${options.port} is in use by another program: choose another --port, or leave --port out to use this folder's usual one`,
      );
    }
    // Another program holds our port. It may have served a page at our origin while we were away
    // and read a tab's key there: the key changes with the port (a tab on the old port cannot
    // follow anyway, its origin is gone).
    if (record && key === record.key) key = newBridgeKey();
    shell = await startWebShell({ ...served, key, port: 0 });
    notes.push(
      `port ${wanted} is in use by another program: serving on port ${shell.port} instead, with a new bridge key (a tab open on port ${wanted} must open the new address)`,
    );
  }
  if (!temporary) await writeServerRecord(userData.dir, { key, port: shell.port });
  return { shell, notes };
}
