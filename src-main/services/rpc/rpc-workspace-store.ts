// The RPC console's environments and collections: one JSON file in the user-data folder, validated on
// load, written atomically (temp, fsync, rename), one write at a time. The saved requests of
// rpc-history.json become the collection "Saved requests" the first time (that file is left as it is).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { NodeType, type SavedRequest } from '../../../src-shared/contract/rpc.ts';
import type { CollectionRequest, RpcCollection, RpcEnvironment } from '../../../src-shared/contract/rpc-workspace.ts';
import { lastingReadError, moveAside, removeStaleTemps } from '../../files/atomic-write.ts';
import { CoalescedWrite } from '../settings/coalesced-write.ts';

export const RPC_WORKSPACE_FILE = 'rpc-workspace.json';
export const MIGRATED_COLLECTION = 'Saved requests';

const Request = z.object({
  id: z.string(),
  name: z.string(),
  chain: z.string(),
  nodeType: NodeType,
  method: z.string().nullable(),
  text: z.string(),
  savedAt: z.string(),
});
const WorkspaceFile = z.object({
  version: z.literal(1),
  environments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      profileIds: z.array(z.string()),
      variables: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
  collections: z.array(z.object({ id: z.string(), name: z.string(), requests: z.array(Request) })),
});
export type WorkspaceData = z.infer<typeof WorkspaceFile>;

export function newId(): string {
  return randomBytes(8).toString('hex');
}

/** An old saved request (a parsed body) as a collection request (text as the console's editor shows it). */
export function fromSaved(saved: SavedRequest): CollectionRequest {
  const { id, name, chain, nodeType, body, savedAt } = saved;
  if (Array.isArray(body)) {
    const lines = body.map(({ method, params }) => `  ${JSON.stringify({ method, params })}`);
    return { id, name, chain, nodeType, method: null, text: `[\n${lines.join(',\n')}\n]`, savedAt };
  }
  return { id, name, chain, nodeType, method: body.method, text: JSON.stringify(body.params), savedAt };
}

export class RpcWorkspaceStore {
  private readonly writer: CoalescedWrite;

  private readonly path: string;
  private data: WorkspaceData;
  private readonly loadProblem: string | null;

  private constructor(
    path: string,
    data: WorkspaceData,
    loadProblem: string | null,
    neverOverwrite: string | null = null,
  ) {
    this.path = path;
    this.data = data;
    this.loadProblem = loadProblem;
    this.writer = new CoalescedWrite(path, 'The collections', neverOverwrite, () => this.data);
  }

  /** `legacySaved`: the history file's saved requests, read only when this file does not exist yet. */
  static async open(dir: string, legacySaved: () => Promise<SavedRequest[]>): Promise<RpcWorkspaceStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, RPC_WORKSPACE_FILE);
    await removeStaleTemps(path);
    const empty = (): WorkspaceData => ({ version: 1, environments: [], collections: [] });
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        const saved = await legacySaved().catch(() => []);
        const data = empty();
        data.collections.push({ id: newId(), name: MIGRATED_COLLECTION, requests: saved.map(fromSaved) });
        return new RpcWorkspaceStore(path, data, null);
      }
      const why = (error as Error).message;
      if (!lastingReadError(error)) {
        return new RpcWorkspaceStore(path, empty(), `The collections could not be read just now (${why}).`, why);
      }
      const kept = await moveAside(path, 'unreadable');
      const problem = `The collections could not be read (${why}); ${kept ? `kept as ${kept}` : 'left in place'}.`;
      return new RpcWorkspaceStore(path, empty(), problem, kept ? null : 'could not be moved aside');
    }
    let why: string;
    try {
      const parsed = WorkspaceFile.safeParse(JSON.parse(text));
      if (parsed.success) return new RpcWorkspaceStore(path, parsed.data, null);
      why = `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}`;
    } catch (error) {
      why = `not valid JSON: ${(error as Error).message}`;
    }
    const kept = await moveAside(path, 'corrupt');
    return new RpcWorkspaceStore(
      path,
      empty(),
      `The collections file was not usable (${why}); ${kept ? `it was kept as ${kept}` : 'it was left in place'}.`,
      kept ? null : 'could not be moved aside',
    );
  }

  get problem(): string | null {
    return this.writer.problem ?? this.loadProblem;
  }

  environments(): RpcEnvironment[] {
    return structuredClone(this.data.environments);
  }

  collections(): RpcCollection[] {
    return structuredClone(this.data.collections);
  }

  /** Applies a change to a copy, so a change that throws (a refused edit) leaves the data as it was. */
  async update(change: (data: WorkspaceData) => void): Promise<void> {
    const next = structuredClone(this.data);
    change(next);
    this.data = next;
    await this.flush();
  }

  flushed(): Promise<void> {
    return this.writer.flushed();
  }

  private flush(): Promise<void> {
    return this.writer.flush();
  }
}
