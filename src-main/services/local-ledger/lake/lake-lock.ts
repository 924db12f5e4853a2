// The one writer of a lake. `lake sync` (and `lake verify`, which must not read a partition between
// its data file's rename and its manifest's) holds `<lake>/_lake.lock`, created with O_EXCL so two
// processes can never both hold it, on any file system that honours O_EXCL (local disks, NFSv3+).
// The file says who holds it: program, pid, host, start, and a heartbeat the holder refreshes every
// few seconds. A lock is stale, and taken over with a message naming the old holder, when
//   - it is this host's and its pid is gone (a killed writer), or
//   - its heartbeat is older than STALE_MS (a writer on another host that died with it).
// The takeover moves the stale file aside (under a small guard file, see takeOver) and then creates
// a new one with O_EXCL, so two programs that both find it stale still end with one owner.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { isAlive } from '../store/store-markers.ts';
import { LAKE_LOCK } from './lake-layout.ts';

/** A heartbeat older than this is a dead writer's, whatever the host. */
export const STALE_MS = 60_000;
const HEARTBEAT_MS = 5_000;
const RETRY_MS = 250;
const TAKEOVER_STALE_MS = 10_000;

const LockFile = z.object({
  token: z.string(),
  program: z.string(),
  pid: z.number().int(),
  host: z.string(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
});
export type LockHolder = z.infer<typeof LockFile>;

export function holderText(h: LockHolder): string {
  return `${h.program} (PID ${h.pid} on ${h.host}, since ${h.startedAt}, last heartbeat ${h.heartbeatAt})`;
}

export class LakeBusyError extends Error {
  readonly holder: LockHolder | null;
  constructor(lake: string, holder: LockHolder | null, waitedMs: number) {
    super(
      `${holder ? holderText(holder) : 'another program'} is writing the lake ${lake}; waited ${Math.round(waitedMs / 1000)} s (--wait). Nothing was changed.`,
    );
    this.holder = holder;
  }
}

/** Why a lock is stale, or null when its holder may still be alive. */
export function staleReason(h: LockHolder, now = Date.now(), host = hostname()): string | null {
  if (h.host === host && !isAlive(h.pid)) return `its process ${h.pid} is gone`;
  const beat = Date.parse(h.heartbeatAt);
  if (!Number.isFinite(beat) || now - beat > STALE_MS)
    return `its heartbeat is ${Number.isFinite(beat) ? Math.round((now - beat) / 1000) : '?'} s old (more than ${STALE_MS / 1000} s)`;
  return null;
}

async function readLock(path: string): Promise<LockHolder | null | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return LockFile.parse(JSON.parse(text));
  } catch {
    return 'unreadable';
  }
}

export interface LakeLockOptions {
  program: string;
  /** How long to wait for a live holder. */
  waitMs: number;
  /** Told once per holder: a stale lock taken over, or the live one waited for. */
  say: (line: string) => void;
  signal?: AbortSignal;
}

export class LakeLock {
  private timer: NodeJS.Timeout | null = null;
  readonly path: string;
  private holder: LockHolder;
  private constructor(path: string, holder: LockHolder) {
    this.path = path;
    this.holder = holder;
  }

  static async acquire(lake: string, options: LakeLockOptions): Promise<LakeLock> {
    const path = join(lake, LAKE_LOCK);
    await mkdir(lake, { recursive: true });
    const started = Date.now();
    let told = '';
    let unreadableSince: number | null = null;
    for (;;) {
      if (options.signal?.aborted) throw new Error('Cancelled while waiting for the lake.');
      const now = new Date().toISOString();
      const holder: LockHolder = {
        token: randomBytes(12).toString('hex'),
        program: options.program,
        pid: process.pid,
        host: hostname(),
        startedAt: now,
        heartbeatAt: now,
      };
      try {
        const handle = await open(path, 'wx', 0o644);
        try {
          await handle.writeFile(JSON.stringify(holder));
          await handle.sync();
        } finally {
          await handle.close();
        }
        const lock = new LakeLock(path, holder);
        lock.timer = setInterval(() => void lock.beat(), HEARTBEAT_MS);
        lock.timer.unref();
        return lock;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const other = await readLock(path);
      if (other === 'unreadable') {
        // Created but not yet written by its holder (a moment), or torn by a crash: stale after STALE_MS.
        unreadableSince ??= Date.now();
        if (Date.now() - unreadableSince > STALE_MS) {
          await takeOver(path, null, 'an unreadable lock file', options);
          continue;
        }
      } else if (other) {
        unreadableSince = null;
        const reason = staleReason(other);
        if (reason) {
          await takeOver(path, other.token, `a stale lock of ${holderText(other)}: ${reason}`, options);
          continue;
        }
        const text = holderText(other);
        if (text !== told) options.say(`waiting: ${text} is writing the lake ${lake}`);
        told = text;
        if (Date.now() - started >= options.waitMs) throw new LakeBusyError(lake, other, Date.now() - started);
      }
      await new Promise((done) => setTimeout(done, RETRY_MS));
    }
  }

  /** Refreshes the heartbeat (in place: the file keeps its identity, so a takeover's rename cannot race it). */
  private async beat(): Promise<void> {
    const mine = await readLock(this.path).catch(() => null);
    if (!mine || mine === 'unreadable' || mine.token !== this.holder.token) return;
    this.holder = { ...this.holder, heartbeatAt: new Date().toISOString() };
    await writeFile(this.path, JSON.stringify(this.holder)).catch(() => {});
  }

  /** Whether this process still holds the lock (a takeover by another program ends it). */
  async held(): Promise<boolean> {
    const now = await readLock(this.path).catch(() => null);
    return now !== null && now !== 'unreadable' && now.token === this.holder.token;
  }

  async release(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (await this.held()) await rm(this.path, { force: true });
  }
}

/**
 * Moves a stale lock aside. Two programs may find the same lock stale; the one that creates
 * `<lock>.takeover` (O_EXCL) checks, under it, that the lock is still the stale one it read (by its
 * token, so it never moves a live lock the other program just created), moves it aside, and lets go.
 * A `.takeover` left by a program killed in these few lines is removed after TAKEOVER_STALE_MS.
 */
async function takeOver(
  path: string,
  staleToken: string | null,
  what: string,
  options: LakeLockOptions,
): Promise<void> {
  const guard = `${path}.takeover`;
  try {
    await (await open(guard, 'wx', 0o644)).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = await stat(guard).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - since > TAKEOVER_STALE_MS) await rm(guard, { force: true });
    return;
  }
  try {
    const now = await readLock(path);
    const same =
      staleToken === null ? now === 'unreadable' : now !== null && now !== 'unreadable' && now.token === staleToken;
    if (!same) return;
    const aside = `${path}.stale-${randomBytes(4).toString('hex')}`;
    await rename(path, aside);
    await rm(aside, { force: true });
    options.say(`took over ${what}`);
  } finally {
    await rm(guard, { force: true });
  }
}
