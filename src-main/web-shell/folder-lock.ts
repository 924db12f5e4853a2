// One browser-version server per user-data folder. Two servers on one folder would each hold its own
// settings in memory and overwrite the other's saves, so the second start finds the first (its pid and
// port in `web-shell.lock`), says where it runs and exits 0 (cli.ts). The desktop app has Electron's
// single-instance lock for the same reason (docs/desktop.md).
//
// The lock is a file created with O_EXCL (`wx`): of two starts at once, exactly one creates it. A
// file left by a server that was killed is recognised as stale: its process is gone, or (the pid
// was reused after a reboot) nothing at its port answers /__health as that server, and is replaced.
import { readFileSync, rmSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { WEB_APP_NAME, WEB_HEALTH_PATH } from '../../src-shared/bridge/web-bridge.ts';

export const LOCK_FILE = 'web-shell.lock';

interface LockContent {
  pid: number;
  /** Set once the server listens. */
  port?: number;
  instance?: string;
}

export type LockOutcome = { kind: 'acquired'; lock: FolderLock } | { kind: 'running'; pid: number; port: number };

export interface LockChecks {
  /** The process exists (default: signal 0). */
  isAlive?: (pid: number) => boolean;
  /** The server at this port answers /__health as this instance (default: an HTTP GET, 2 s). */
  answers?: (port: number, instance: string) => Promise<boolean>;
  /** How long a lock holder that has not recorded its port yet is waited for (default 15 s). */
  startingWaitMs?: number;
  log?: (line: string) => void;
}

export class FolderLock {
  private released = false;
  readonly path: string;
  private readonly pid: number;
  constructor(path: string, pid: number) {
    this.path = path;
    this.pid = pid;
  }

  /** Records where this server listens, so a second start can point to it. */
  async record(port: number, instance: string): Promise<void> {
    const handle = await open(this.path, 'r+');
    try {
      await handle.truncate(0);
      await handle.write(JSON.stringify({ pid: this.pid, port, instance } satisfies LockContent), 0);
    } finally {
      await handle.close();
    }
  }

  /** Synchronous, so it also runs from a process 'exit' handler. Removes only a lock that is still ours. */
  release(): void {
    if (this.released) return;
    this.released = true;
    try {
      const content = parse(readFileSync(this.path, 'utf8'));
      if (content?.pid === this.pid) rmSync(this.path, { force: true });
    } catch {
      // already gone
    }
  }
}

export async function lockFolder(dir: string, checks: LockChecks = {}): Promise<LockOutcome> {
  const path = join(dir, LOCK_FILE);
  const isAlive = checks.isAlive ?? processAlive;
  const answers = checks.answers ?? answersHealth;
  const startingWaitMs = checks.startingWaitMs ?? 15_000;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.write(JSON.stringify({ pid: process.pid } satisfies LockContent));
      await handle.close();
      return { kind: 'acquired', lock: new FolderLock(path, process.pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await holderOf(path, isAlive, startingWaitMs);
    if (holder && (await answers(holder.port, holder.instance))) {
      return { kind: 'running', pid: holder.pid, port: holder.port };
    }
    checks.log?.(`removing a stale ${LOCK_FILE} (its server is not running)`);
    await rm(path, { force: true });
  }
  throw new Error(`could not take ${path}: another start keeps replacing it`);
}

/** The lock's holder once it has a port; null when the lock is stale (its process gone, or never got a port). */
async function holderOf(
  path: string,
  isAlive: (pid: number) => boolean,
  startingWaitMs: number,
): Promise<{ pid: number; port: number; instance: string } | null> {
  const deadline = Date.now() + startingWaitMs;
  for (;;) {
    let content: LockContent | null;
    try {
      content = parse(await readFile(path, 'utf8'));
    } catch {
      return null;
    }
    // A lock just created and not yet written reads empty: its holder is starting.
    if (content && !isAlive(content.pid)) return null;
    if (content?.port && content.instance) return { pid: content.pid, port: content.port, instance: content.instance };
    if (Date.now() > deadline) return null;
    await delay(100);
  }
}

function parse(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      ...(typeof value.port === 'number' ? { port: value.port } : {}),
      ...(typeof value.instance === 'string' ? { instance: value.instance } : {}),
    };
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function answersHealth(port: number, instance: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${WEB_HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { app?: unknown; instance?: unknown };
    return body.app === WEB_APP_NAME && body.instance === instance;
  } catch {
    return false;
  }
}
