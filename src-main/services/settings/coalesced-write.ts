// One JSON file kept on disk by a store that changes it often (the RPC history, the workspace, the
// ABI library): each change asks for a write; writes never overlap, and changes made while one runs
// are written by the same loop right after, so every caller's change is on disk when its promise
// resolves. Each write is atomic (temp file, fsync, rename).

import { writeFileAtomic } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';

export class CoalescedWrite {
  private writing: Promise<void> | null = null;
  private dirty = false;
  private failed: string | null = null;
  private readonly path: string;
  private readonly what: string;
  private readonly neverOverwrite: string | null;
  private readonly current: () => unknown;

  /**
   * `what`: the file's contents for a message ("The RPC history"). `neverOverwrite`: why this file may
   * not be written this session (it was never read), or null. `current`: the data to write.
   */
  constructor(path: string, what: string, neverOverwrite: string | null, current: () => unknown) {
    this.path = path;
    this.what = what;
    this.neverOverwrite = neverOverwrite;
    this.current = current;
  }

  /** Why the last write failed, until one succeeds. */
  get problem(): string | null {
    return this.failed;
  }

  /** Resolves when everything changed so far is on disk. */
  flushed(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  flush(): Promise<void> {
    this.dirty = true;
    this.writing ??= (async () => {
      try {
        if (this.neverOverwrite) throw new Error(`${this.path} ${this.neverOverwrite}`);
        while (this.dirty) {
          this.dirty = false;
          await writeFileAtomic(this.path, `${JSON.stringify(this.current())}\n`);
        }
        this.failed = null;
      } catch (error) {
        this.failed = `${this.what} could not be saved: ${(error as Error).message}`;
        throw new ServiceError('settings', this.failed);
      } finally {
        this.writing = null;
      }
    })();
    return this.writing;
  }
}
