// Small files beside a store that let two programs (the app, `npm run cli`, the browser version) share
// it without a server between them (docs/local-ledger.md, "Two programs, one store"). DuckDB lets one
// process at a time open the file; these say who, and who is next:
// - `<store>.holder`: the program that has the file open now (written once it holds DuckDB's lock,
//   removed before it lets go), so a program that waits can name it in words;
// - `<store>.waiting-<pid>`: a program waiting for the file. A holder lets go as soon as it has no
//   work in flight, and programs open in the order they started waiting, so a long sync cannot starve
//   a reader and a reader cannot starve a sync. Touched while waiting: an old one is a dead waiter's;
// - `<store>.sync-<hash of the party>`: a sync of that party is running in that program (across many
//   opens and closes), so a second program waits for it instead of writing the same run twice;
// - `<store>.version`: written after every change a reader can see (a sync's legs, a forget), so
//   another program's watcher knows its views are stale without opening the store.
// Every marker names a process id; a marker of a process that is gone is ignored and removed.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.ts';

/** A program using a store, as another program names it: "npm run cli -- sync (PID 4242)". */
export interface StoreUser {
  pid: number;
  program: string;
}

export function userText(user: StoreUser): string {
  return `${user.program} (PID ${user.pid})`;
}

/** The same at the start of a sentence; null: a program that cannot be told ("Another program"). */
export function userSentence(user: StoreUser | null): string {
  return (user ? userText(user) : 'another program').replace(/^another program/, 'Another program');
}

/** A marker not touched for this long belongs to a program that stopped without removing it. */
export const MARKER_STALE_MS = 15_000;
/** How often a program touches the markers it keeps (waiting, sync claims). */
export const MARKER_TOUCH_MS = 2_000;

/** DuckDB's refusal when another process holds the file: "Could not set lock ... (PID 4242)". */
export function lockHolderPid(error: unknown): number | null | undefined {
  const message = (error as Error)?.message ?? String(error);
  if (!/Could not set lock|Conflicting lock/i.test(message)) return undefined;
  const pid = /\(PID (\d+)\)/.exec(message);
  return pid ? Number(pid[1]) : null;
}

export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * Linux: a process that has ended but was not reaped yet still answers kill(0), yet holds no file.
 * A ledger engine whose program was killed with it (a process group's SIGKILL) is one until something
 * reaps it, for good in a container whose first process reaps no orphans. Its first thread shows as a
 * zombie while its other threads (DuckDB's) still end and hold the file: gone only when it is the last.
 */
function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return /^State:\s+Z/m.test(status) && /^Threads:\s+1$/m.test(status);
  } catch {
    return false;
  }
}

const holderPath = (store: string) => `${store}.holder`;

export async function writeHolder(store: string, program: string): Promise<void> {
  await writeFile(holderPath(store), JSON.stringify({ pid: process.pid, program }), { mode: 0o600 }).catch(() => {});
}

/** Removed only while this process still holds the file (before DuckDB lets go), so it is never another's. */
export async function removeHolder(store: string): Promise<void> {
  await rm(holderPath(store), { force: true }).catch(() => {});
}

/** Who holds the store: its holder file when that names the process DuckDB named, else DuckDB's PID alone. */
export async function readHolder(store: string, pid: number | null): Promise<StoreUser | null> {
  const written = await readUser(holderPath(store));
  if (written && (pid === null || written.pid === pid)) return written;
  return pid === null ? null : { pid, program: 'another program' };
}

async function readUser(path: string): Promise<(StoreUser & Record<string, unknown>) | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    if (typeof value.pid !== 'number' || typeof value.program !== 'string') return null;
    return value as StoreUser & Record<string, unknown>;
  } catch {
    return null;
  }
}

/** This process's place in the queue for a store, kept (touched) until it opens or gives up. */
export class WaitingMarker {
  readonly since: number;
  private readonly path: string;
  private lastTouch: number;

  private constructor(path: string, since: number) {
    this.path = path;
    this.since = since;
    this.lastTouch = since;
  }

  static async create(store: string, program: string, since: number): Promise<WaitingMarker> {
    const path = `${store}.waiting-${process.pid}`;
    await writeFile(path, JSON.stringify({ pid: process.pid, program, since }), { mode: 0o600 }).catch(() => {});
    return new WaitingMarker(path, since);
  }

  async touch(): Promise<void> {
    const now = Date.now();
    if (now - this.lastTouch < MARKER_TOUCH_MS) return;
    this.lastTouch = now;
    const at = new Date(now);
    await utimes(this.path, at, at).catch(() => {});
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true }).catch(() => {});
  }
}

export interface Waiter extends StoreUser {
  since: number;
}

/** Other programs waiting for the store (live and touched lately), first come first. Dead ones' markers go. */
export async function otherWaiters(store: string): Promise<Waiter[]> {
  const prefix = `${basename(store)}.waiting-`;
  const names = await readdir(dirname(store)).catch(() => [] as string[]);
  const waiters: Waiter[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const path = join(dirname(store), name);
    const [user, info] = await Promise.all([readUser(path), stat(path).catch(() => null)]);
    if (!isAlive(pid) || !info || Date.now() - info.mtimeMs > MARKER_STALE_MS) {
      await rm(path, { force: true }).catch(() => {});
      continue;
    }
    const since = typeof user?.since === 'number' ? user.since : info.mtimeMs;
    waiters.push({ pid, program: user?.program ?? 'another program', since });
  }
  return waiters.sort((a, b) => a.since - b.since || a.pid - b.pid);
}

/** Whether `waiter` came before this process, which started waiting at `since` (ties: the lower PID). */
export function cameFirst(waiter: Waiter, since: number): boolean {
  return waiter.since < since || (waiter.since === since && waiter.pid < process.pid);
}

function claimPath(store: string, party: string): string {
  return `${store}.sync-${createHash('sha256').update(party).digest('hex').slice(0, 16)}`;
}

/** The program syncing `party` into the store now, if it is another live one. */
export async function syncClaimant(store: string, party: string): Promise<StoreUser | null> {
  const path = claimPath(store, party);
  const [user, info] = await Promise.all([readUser(path), stat(path).catch(() => null)]);
  if (!user || !info) return null;
  if (user.pid === process.pid || !isAlive(user.pid) || Date.now() - info.mtimeMs > MARKER_STALE_MS) return null;
  return { pid: user.pid, program: user.program };
}

/** This process syncs `party` now: written while it holds the store (so two programs cannot both claim it). */
export class SyncClaim {
  private readonly path: string;
  private timer: NodeJS.Timeout;

  private constructor(path: string) {
    this.path = path;
    this.timer = setInterval(() => {
      const now = new Date();
      void utimes(this.path, now, now).catch(() => {});
    }, MARKER_TOUCH_MS);
    this.timer.unref?.();
  }

  static async take(store: string, party: string, program: string): Promise<SyncClaim> {
    const path = claimPath(store, party);
    // The party is in the name's hash only: a forgotten party's id stays in no file.
    await writeFile(path, JSON.stringify({ pid: process.pid, program }), { mode: 0o600 });
    return new SyncClaim(path);
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    if ((await readUser(this.path))?.pid === process.pid) await rm(this.path, { force: true }).catch(() => {});
  }
}

/** What a store's version file says: who last changed what a reader sees. */
export interface StoreVersion extends StoreUser {
  id: string;
  party: string | null;
}

export const VERSION_SUFFIX = '.version';

/** Announces a change readers can see (after its transaction committed). */
export async function writeVersion(store: string, program: string, party: string | null): Promise<void> {
  const version: StoreVersion = { pid: process.pid, program, party, id: randomBytes(8).toString('hex') };
  await writeFileAtomic(`${store}${VERSION_SUFFIX}`, JSON.stringify(version)).catch(() => {});
}

export async function readVersion(store: string): Promise<StoreVersion | null> {
  const user = await readUser(`${store}${VERSION_SUFFIX}`);
  return user && typeof user.id === 'string' ? (user as unknown as StoreVersion) : null;
}

/** Every marker of a store (a forgotten profile leaves none; a waiting program writes its own again). */
export async function storeMarkers(store: string): Promise<string[]> {
  const prefix = `${basename(store)}.`;
  const names = await readdir(dirname(store)).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix) && /\.(holder|version|sync-[0-9a-f]{16})$/.test(name))
    .map((name) => join(dirname(store), name));
}
