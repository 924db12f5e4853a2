// Notices that another program (a scheduled `npm run cli -- sync`, a second window of the browser
// version) changed a store, without opening it: every change a reader can see is followed by a new
// `<store>.version` file (store-markers.ts), so a watch on the local-ledger folder, checked a tenth of
// a second after things settle, compares each store's version with the last one seen. A store that
// disappeared (its profile forgotten elsewhere) is a change too. This process's own changes are not
// reported (its screens refresh themselves when its own sync or forget ends). The same check runs
// whenever this process opens a store, in case the file system dropped an event.
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readVersion, type StoreUser, VERSION_SUFFIX } from './store-markers.ts';

export interface StoreChange {
  profileId: string;
  /** The party whose legs changed; null: any (a forgotten profile, or not known). */
  party: string | null;
  /** Who changed it (null: it cannot be told, e.g. the files were removed). */
  by: StoreUser | null;
}

const SETTLE_MS = 100;

export class StoreWatch {
  private readonly folder: string;
  private readonly onChange: (change: StoreChange) => void;
  /** Per profile: the version last seen ("none": a store without one yet; "absent": no store). */
  private readonly seen = new Map<string, string>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;

  constructor(folder: string, onChange: (change: StoreChange) => void) {
    this.folder = folder;
    this.onChange = onChange;
  }

  /** Starts watching (once); the stores as they are now are the baseline, not changes. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await mkdir(this.folder, { recursive: true, mode: 0o700 });
      await this.scan(false);
      try {
        // Not persistent: a CLI or a test that is done exits without closing it.
        this.watcher = watch(this.folder, { persistent: false }, () => this.schedule());
        this.watcher.on('error', () => {});
      } catch {
        // No watch (an exotic file system): changes are still noticed when this process opens the store.
      }
    })();
    return this.started;
  }

  /** Checks one store now (this process is opening it), reporting a change another program made. */
  check(profileId: string): Promise<void> {
    return this.serially(() => this.checkOne(profileId, true));
  }

  /** Takes a store as it is now, silently (this process just changed it, or removed it). */
  note(profileId: string): Promise<void> {
    return this.serially(() => this.checkOne(profileId, false));
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.started = null;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.serially(() => this.scan(true));
    }, SETTLE_MS);
    this.timer.unref?.();
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const run = this.checking.then(work);
    this.checking = run.catch(() => {});
    return run;
  }

  private async scan(report: boolean): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const profiles = new Set(this.seen.keys());
    for (const name of names) {
      if (name.endsWith('.duckdb')) profiles.add(name.slice(0, -'.duckdb'.length));
      else if (name.endsWith(`.duckdb${VERSION_SUFFIX}`))
        profiles.add(name.slice(0, -`.duckdb${VERSION_SUFFIX}`.length));
    }
    for (const profileId of profiles) await this.checkOne(profileId, report);
  }

  private async checkOne(profileId: string, report: boolean): Promise<void> {
    const path = join(this.folder, `${profileId}.duckdb`);
    const [version, file] = await Promise.all([readVersion(path), stat(path).catch(() => null)]);
    const now = file === null ? 'absent' : (version?.id ?? 'none');
    // A store first seen after the baseline is new: it was absent before.
    const before = this.seen.get(profileId) ?? 'absent';
    this.seen.set(profileId, now);
    if (!report || before === now) return;
    // This process's own change: its screens already know.
    if (now !== 'absent' && version?.pid === process.pid) return;
    if (now === 'none') return;
    this.onChange({
      profileId,
      party: now === 'absent' ? null : (version?.party ?? null),
      by: now === 'absent' || !version ? null : { pid: version.pid, program: version.program },
    });
  }
}
