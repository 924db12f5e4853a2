// The RPC console's history and saved requests: one JSON file in the user-data folder, validated on
// load, written atomically behind the calls (never two writes at once). It holds requests and one-line outcomes,
// never an answer and never a key: every write is scrubbed of the keys the caller names.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  ChainName,
  formatBytes,
  NodeType,
  RpcBody,
  type RpcHistoryEntry,
  type RpcHistoryView,
  type SavedRequest,
  type SavedRequestInput,
} from '../../../src-shared/contract/rpc.ts';
import { replaceSecrets, secretForms } from '../../../src-shared/text/secret-text.ts';
import { lastingReadError, moveAside, removeStaleTemps } from '../../files/atomic-write.ts';
import { ServiceError } from '../errors.ts';
import { CoalescedWrite } from '../settings/coalesced-write.ts';

export const RPC_HISTORY_FILE = 'rpc-history.json';
/** The newest calls kept; older ones drop off. */
export const MAX_HISTORY_ENTRIES = 200;
/** A request larger than this is listed in the history without its body (it cannot be re-run from there). */
export const MAX_KEPT_BODY_BYTES = 64 * 1024;
export const MAX_SAVED_REQUESTS = 100;
export const MAX_SAVED_BODY_BYTES = 256 * 1024;
/** What stands in for a key wherever one would have been written. */
export const KEY_PLACEHOLDER = '$LEDGER_API_KEY';

const Entry = z.object({
  id: z.string(),
  at: z.string(),
  profileId: z.string(),
  chain: ChainName,
  nodeType: NodeType,
  label: z.string(),
  body: RpcBody.nullable(),
  bodyBytes: z.number(),
  status: z.number().int().nullable(),
  elapsedMs: z.number(),
  sizeBytes: z.number().nullable(),
  outcome: z.enum(['result', 'rpc_error', 'batch', 'unexpected', 'failed']),
  summary: z.string(),
});

const Saved = z.object({
  id: z.string(),
  name: z.string(),
  chain: ChainName,
  nodeType: NodeType,
  body: RpcBody,
  savedAt: z.string(),
});

const HistoryFile = z.object({
  version: z.literal(1),
  history: z.array(Entry),
  saved: z.array(Saved),
});
type HistoryFile = z.infer<typeof HistoryFile>;

/** Said when a bad file could not be renamed away: the history then lives in memory only. */
const NOT_MOVED = 'it could not be moved aside, so nothing is saved over it (move it away and restart the app)';

export type NewHistoryEntry = Omit<RpcHistoryEntry, 'id' | 'at' | 'label' | 'bodyBytes'>;

export class RpcHistoryStore {
  private data: HistoryFile;
  private readonly path: string;
  private readonly loadProblem: string | null;
  private readonly writer: CoalescedWrite;
  /** Set when the file could not be read nor moved aside: nothing is written over what was never read. */

  private constructor(path: string, data: HistoryFile, problem: string | null, neverOverwrite: string | null = null) {
    this.path = path;
    this.data = data;
    this.loadProblem = problem;
    this.writer = new CoalescedWrite(path, 'The RPC history', neverOverwrite, () => this.data);
  }

  /**
   * Opens the file; one that cannot be used is kept aside as `.corrupt-<time>` (or `.unreadable-<time>`)
   * and the store starts empty, saying so. One that cannot even be moved aside is never written over.
   */
  static async open(dir: string): Promise<RpcHistoryStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, RPC_HISTORY_FILE);
    await removeStaleTemps(path);
    const empty: HistoryFile = { version: 1, history: [], saved: [] };
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new RpcHistoryStore(path, empty, null);
      // A passing failure (an I/O error, too many open files): the file is left alone, never saved over.
      if (!lastingReadError(error)) {
        return new RpcHistoryStore(
          path,
          empty,
          `The RPC history could not be read just now (${(error as Error).message}); it was left as it is and nothing is saved over it until you restart the app.`,
          'could not be read at start; restart the app to read it again',
        );
      }
      const kept = await moveAside(path, 'unreadable');
      return new RpcHistoryStore(
        path,
        empty,
        `The RPC history could not be read (${(error as Error).message}); ${
          kept ? `it was kept as ${kept} and a new history started` : NOT_MOVED
        }.`,
        kept === null ? NOT_MOVED : null,
      );
    }
    let why: string;
    try {
      const parsed = HistoryFile.safeParse(JSON.parse(text));
      if (parsed.success) return new RpcHistoryStore(path, parsed.data, null);
      why = `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}`;
    } catch (error) {
      why = `not valid JSON: ${(error as Error).message}`;
    }
    const kept = await moveAside(path, 'corrupt');
    return new RpcHistoryStore(
      path,
      empty,
      `The RPC history file was not usable (${why}); ${kept ? `it was kept as ${kept} and a new history started` : NOT_MOVED}.`,
      kept === null ? NOT_MOVED : null,
    );
  }

  get filePath(): string {
    return this.path;
  }

  /** Newest first; `search` words must all appear (any case) in the method, chain, params or summary. */
  history(search = '', limit = 100): RpcHistoryView {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const entries = this.data.history
      .filter((entry) => {
        if (words.length === 0) return true;
        const haystack = [
          entry.label,
          `${entry.chain}_${entry.nodeType}`,
          `${entry.chain}-${entry.nodeType}`,
          entry.status === null ? '' : String(entry.status),
          entry.summary,
          entry.body === null ? '' : JSON.stringify(entry.body),
        ]
          .join('\n')
          .toLowerCase();
        return words.every((word) => haystack.includes(word));
      })
      .slice(0, limit);
    return {
      entries: structuredClone(entries),
      total: this.data.history.length,
      problem: this.writer.problem ?? this.loadProblem,
    };
  }

  saved(): SavedRequest[] {
    return structuredClone(this.data.saved);
  }

  /**
   * Records a call that was sent; `secrets` are taken out of everything written. The entry is in
   * memory at once and written behind the answer, so a call does not wait for the disk.
   */
  add(entry: NewHistoryEntry, secrets: string[]): RpcHistoryEntry {
    const bodyBytes = entry.body === null ? 0 : Buffer.byteLength(JSON.stringify(entry.body));
    const full: RpcHistoryEntry = scrub(
      {
        id: newId(),
        at: new Date().toISOString(),
        ...entry,
        label: labelOf(entry.body),
        body: bodyBytes > MAX_KEPT_BODY_BYTES ? null : entry.body,
        bodyBytes,
        summary: entry.summary.length > 200 ? `${entry.summary.slice(0, 199)}…` : entry.summary,
      },
      secrets,
    );
    this.data.history = [full, ...this.data.history].slice(0, MAX_HISTORY_ENTRIES);
    this.flush().catch(() => {}); // the failure is kept in writeProblem and shown with the history
    return structuredClone(full);
  }

  async clearHistory(): Promise<RpcHistoryView> {
    this.data.history = [];
    await this.flush();
    return this.history();
  }

  /** Saves a request under a name; a request saved under the same name is replaced. */
  async saveRequest(input: z.output<typeof SavedRequestInput>, secrets: string[]): Promise<SavedRequest[]> {
    const bytes = Buffer.byteLength(JSON.stringify(input.body));
    if (bytes > MAX_SAVED_BODY_BYTES) {
      throw new ServiceError(
        'invalid_argument',
        `This request is ${formatBytes(bytes)}; saved requests are at most ${formatBytes(MAX_SAVED_BODY_BYTES)}.`,
      );
    }
    const others = this.data.saved.filter((s) => s.name !== input.name);
    if (others.length >= MAX_SAVED_REQUESTS) {
      throw new ServiceError('invalid_argument', `At most ${MAX_SAVED_REQUESTS} saved requests: delete one first.`);
    }
    const saved: SavedRequest = scrub({ id: newId(), ...input, savedAt: new Date().toISOString() }, secrets);
    this.data.saved = [...others, saved].sort((a, b) => a.name.localeCompare(b.name));
    await this.flush();
    return this.saved();
  }

  async deleteSaved(id: string): Promise<SavedRequest[]> {
    this.data.saved = this.data.saved.filter((s) => s.id !== id);
    await this.flush();
    return this.saved();
  }

  /** Resolves when everything changed so far is on disk. */
  flushed(): Promise<void> {
    return this.writer.flushed();
  }

  /**
   * Writes the current state (temp file, fsync, rename). Changes made while a write runs are
   * written by the same loop right after, so every caller's change is on disk when its promise resolves.
   */
  private flush(): Promise<void> {
    return this.writer.flush();
  }
}

function labelOf(body: RpcHistoryEntry['body']): string {
  if (body === null) return 'request';
  return Array.isArray(body) ? `batch (${body.length} call${body.length === 1 ? '' : 's'})` : body.method;
}

function newId(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Any key the caller names is replaced by the placeholder, wherever it sits (a key pasted into
 * params, a server message that quoted the address). Done on the JSON text, so nothing is missed:
 * there a string field's text is escaped once more, so each of the key's forms is matched escaped.
 */
export function scrub<T>(value: T, secrets: string[]): T {
  const forms = secrets.flatMap(secretForms).map((form) => JSON.stringify(form).slice(1, -1));
  return JSON.parse(replaceSecrets(JSON.stringify(value), [{ forms, by: KEY_PLACEHOLDER }])) as T;
}
