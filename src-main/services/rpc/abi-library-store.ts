// The ABIs one profile saved: `abi-library/<profileId>.json` in the user-data folder, validated on
// load (every ABI checked again with parseAbiText), written atomically, never two writes at once.
// A file that cannot be used is set aside as `.corrupt-<time>` and the library starts empty, saying so.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { checkAbi } from '../../../src-shared/abi/abi-json.ts';
import type { AbiLibraryEntry } from '../../../src-shared/contract/abi-library.ts';
import { lastingReadError, moveAside, removeStaleTemps } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';
import { CoalescedWrite } from '../settings/coalesced-write.ts';

export const ABI_LIBRARY_DIR = 'abi-library';
/** Saved ABIs per profile. */
export const MAX_SAVED_ABIS = 200;
/** The whole file: 200 ABIs of a realistic size fit many times over; 200 of 1 MB do not. */
export const MAX_LIBRARY_BYTES = 16 * 1024 * 1024;

const Saved = z.object({
  id: z.string().regex(/^[a-f0-9]{16}$/),
  name: z.string().min(1).max(80),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .nullable(),
  abi: z.array(z.unknown()),
  savedAt: z.string(),
});
const LibraryFile = z.object({ version: z.literal(1), saved: z.array(Saved) });
type LibraryFile = z.infer<typeof LibraryFile>;

export interface AbiSave {
  name: string;
  address: string | null;
  abi: AbiLibraryEntry['abi'];
}

export class AbiLibraryStore {
  private readonly path: string;
  private data: LibraryFile;
  private readonly loadProblem: string | null;
  private readonly writer: CoalescedWrite;

  private constructor(
    path: string,
    data: LibraryFile,
    loadProblem: string | null,
    neverOverwrite: string | null = null,
  ) {
    this.path = path;
    this.data = data;
    this.loadProblem = loadProblem;
    this.writer = new CoalescedWrite(path, 'The ABI library', neverOverwrite, () => this.data);
  }

  static async open(userDataDir: string, profileId: string): Promise<AbiLibraryStore> {
    const dir = join(userDataDir, ABI_LIBRARY_DIR);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, `${profileId}.json`);
    await removeStaleTemps(path);
    const empty: LibraryFile = { version: 1, saved: [] };
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new AbiLibraryStore(path, empty, null);
      if (!lastingReadError(error)) {
        const why = `could not be read just now (${(error as Error).message})`;
        return new AbiLibraryStore(
          path,
          empty,
          `The saved ABIs ${why}; nothing is saved over them until you restart the app.`,
          why,
        );
      }
      return AbiLibraryStore.setAside(path, empty, (error as Error).message, 'unreadable');
    }
    let why: string;
    try {
      const parsed = LibraryFile.safeParse(JSON.parse(text));
      if (parsed.success) {
        // Each ABI is checked again: the file may have been edited by hand, or by an older version.
        // What is kept is the checker's normalized ABI, not the entry as read (extra fields, an artifact).
        const results = parsed.data.saved.map((entry) => checkAbi(entry.abi));
        const bad = results.findIndex((result) => !result.ok);
        if (bad === -1) {
          const saved = parsed.data.saved.map((entry, i) => {
            const result = results[i];
            return result?.ok ? { ...entry, abi: result.abi } : entry;
          });
          return new AbiLibraryStore(path, { ...parsed.data, saved }, null);
        }
        const result = results[bad];
        why = `saved ABI ${JSON.stringify(parsed.data.saved[bad]?.name)}: ${result?.ok ? '' : result?.message}`;
      } else {
        why = `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}`;
      }
    } catch (error) {
      why = `not valid JSON: ${(error as Error).message}`;
    }
    return AbiLibraryStore.setAside(path, empty, why, 'corrupt');
  }

  private static async setAside(path: string, empty: LibraryFile, why: string, kind: 'corrupt' | 'unreadable') {
    const kept = await moveAside(path, kind);
    const notMoved = 'it could not be moved aside, so nothing is saved over it (move it away and restart the app)';
    return new AbiLibraryStore(
      path,
      empty,
      `The saved ABIs were not usable (${why}); ${kept ? `the file was kept as ${kept} and the library started empty` : notMoved}.`,
      kept === null ? notMoved : null,
    );
  }

  get filePath(): string {
    return this.path;
  }

  get problem(): string | null {
    return this.writer.problem ?? this.loadProblem;
  }

  saved(): AbiLibraryEntry[] {
    return this.data.saved.map((entry) => ({
      ...structuredClone(entry),
      abi: structuredClone(entry.abi) as AbiLibraryEntry['abi'],
      builtin: false,
    }));
  }

  /** Saves an ABI; one saved under the same name (any case) is replaced and keeps its id. */
  async save(input: AbiSave): Promise<AbiLibraryEntry> {
    const same = this.data.saved.find((s) => s.name.toLowerCase() === input.name.toLowerCase());
    const others = this.data.saved.filter((s) => s !== same);
    if (others.length >= MAX_SAVED_ABIS) {
      throw new ServiceError('invalid_argument', `At most ${MAX_SAVED_ABIS} saved ABIs per profile: delete one first.`);
    }
    const entry = { id: same?.id ?? randomBytes(8).toString('hex'), ...input, savedAt: new Date().toISOString() };
    const next: LibraryFile = {
      version: 1,
      saved: [...others, entry].sort((a, b) => a.name.localeCompare(b.name)),
    };
    const bytes = Buffer.byteLength(JSON.stringify(next));
    if (bytes > MAX_LIBRARY_BYTES) {
      throw new ServiceError(
        'invalid_argument',
        `The saved ABIs would take over ${MAX_LIBRARY_BYTES / 1024 / 1024} MB: delete some first.`,
      );
    }
    await this.commit(next);
    return { ...structuredClone(entry), builtin: false };
  }

  async delete(id: string): Promise<void> {
    if (!this.data.saved.some((s) => s.id === id))
      throw new ServiceError('not_found', 'That ABI is not in the library (deleted already?).');
    await this.commit({ version: 1, saved: this.data.saved.filter((s) => s.id !== id) });
  }

  /** Resolves when everything changed so far is on disk. */
  flushed(): Promise<void> {
    return this.writer.flushed();
  }

  /**
   * Takes the new state only once it is on disk: a failed write leaves the library as it was, so
   * the list never shows an ABI that a restart would lose.
   */
  private async commit(next: LibraryFile): Promise<void> {
    const before = this.data;
    this.data = next;
    try {
      await this.flush();
    } catch (error) {
      if (this.data === next) this.data = before;
      throw error;
    }
  }

  private flush(): Promise<void> {
    return this.writer.flush();
  }
}
