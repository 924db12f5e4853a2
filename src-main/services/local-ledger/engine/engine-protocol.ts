// The messages between main and the ledger engine (engine-main.ts): main calls the engine's `local:*`
// channels and cancels them; the engine asks main for what only main has (a transfer page's bytes,
// the parties a JWT reads, a save dialog) and tells it what happened (a store changed, a task ended).
// Structured-clone values over the process's channel (Node's advanced serialization, Electron's
// utilityProcess), so a page's bytes cross once, as bytes. Every message is checked with zod where it
// arrives, as the bridge checks the renderer's: a call's arguments with the channel's own schema
// (engine-main.ts runs them through dispatch.ts), everything else with the schemas below.
// docs/architecture.md, "The ledger engine".
import { z } from 'zod';
import { ERROR_CODES } from '../../../../src-shared/contract/errors.ts';
import { Profile, SavedParty } from '../../../../src-shared/contract/schemas.ts';
import { TransferFilters } from '../../../../src-shared/contract/transfers.ts';

const Id = z.number().int().nonnegative();

export const ErrorShape = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorShape = z.infer<typeof ErrorShape>;

/** What the engine knows of main's settings: the non-secret parts the local ledger reads (no credential is in settings). */
export const EngineFacts = z.object({
  profiles: z.array(Profile),
  savedParties: z.array(SavedParty),
});
export type EngineFacts = z.infer<typeof EngineFacts>;

/** How the engine runs its LocalLedger: main's options for it (budgets may be Infinity: not JSON). */
export const EngineStart = z.object({
  type: z.literal('start'),
  userDataDir: z.string().min(1),
  /** LocalLedgerOptions less onChange: plain values (sqlBudgets, access, syncWaitMs). */
  options: z.record(z.string(), z.unknown()),
  /** Tell main when another program changed a store (the app: yes; the CLI: no screen). */
  watch: z.boolean(),
  /** The browser version: files written for the user are registered for download (main). */
  downloads: z.boolean(),
  /** The desktop app: the engine cannot start processes itself, main starts its SQL processes. */
  sqlThroughMain: z.boolean(),
  /** Tell main each time a store operation waits for another program (the CLI prints them: `waiting: ...`). */
  reportWaits: z.boolean().optional(),
});
export type EngineStart = z.infer<typeof EngineStart>;

/** A SQL process main started for the engine (the desktop app), and what passes between them. */
const SqlRelayToEngine = z.discriminatedUnion('event', [
  z.object({ type: z.literal('sql'), child: Id, event: z.literal('started'), pid: z.number().int().optional() }),
  z.object({ type: z.literal('sql'), child: Id, event: z.literal('message'), message: z.unknown() }),
  z.object({
    type: z.literal('sql'),
    child: Id,
    event: z.literal('exit'),
    code: z.number().int().nullable(),
    signal: z.string().nullable(),
  }),
]);

export const MainToEngine = z.union([
  EngineStart,
  z.object({ type: z.literal('facts'), facts: EngineFacts }),
  /** One `local:*` channel's call; `args` are checked in the engine against the channel's schema. */
  z.object({ type: z.literal('call'), id: Id, channel: z.string().startsWith('local:'), args: z.array(z.unknown()) }),
  /** The call was abandoned in main (app:cancel, a newer filter): its request stops in the engine too. */
  z.object({ type: z.literal('cancel'), id: Id }),
  /** Main's answer to one of the engine's questions. */
  z.object({ type: z.literal('answer'), id: Id, ok: z.literal(true), value: z.unknown() }),
  z.object({ type: z.literal('answer'), id: Id, ok: z.literal(false), error: ErrorShape }),
  SqlRelayToEngine,
  /** Stop syncs, close the stores, exit. */
  z.object({ type: z.literal('close') }),
]);
export type MainToEngine = z.infer<typeof MainToEngine>;

/** What the engine asks main. Each answer is checked in the engine with ANSWERS[kind]. */
export const Question = z.discriminatedUnion('kind', [
  /** One transfer page's answer, as bytes: main fetches it with the profile's JWT (ledger/transfer-fetch.ts). */
  z.object({
    kind: z.literal('transferBody'),
    profileId: z.string(),
    filters: TransferFilters,
    next: z.string().nullable(),
  }),
  /** The parties the profile's ledger JWT can read ("sync all"). */
  z.object({ kind: z.literal('readableParties'), profileId: z.string() }),
  /** A page the engine could not read: main takes the JWT out of the words before anyone sees them. */
  z.object({ kind: z.literal('scrub'), profileId: z.string(), error: ErrorShape }),
  /** The host's save dialog. */
  z.object({
    kind: z.literal('chooseSavePath'),
    defaultName: z.string(),
    filters: z.array(z.object({ name: z.string(), extensions: z.array(z.string()) })),
  }),
  /** The browser version: a file written whole, which the page may download. */
  z.object({ kind: z.literal('download'), path: z.string() }),
]);
export type Question = z.infer<typeof Question>;

export const ANSWERS = {
  transferBody: z.object({
    bytes: z.instanceof(Uint8Array),
    url: z.string(),
    nodeId: z.string().nullable(),
    elapsedMs: z.number(),
    status: z.number().int(),
    contentType: z.string().nullable(),
    declaredBytes: z.number().nullable(),
  }),
  readableParties: z.object({ source: z.enum(['token', 'sandbox']), parties: z.array(z.string()) }),
  scrub: ErrorShape,
  chooseSavePath: z.string().nullable(),
  download: z.null(),
} as const satisfies Record<Question['kind'], z.ZodType>;
export type AnswerOf<K extends Question['kind']> = z.infer<(typeof ANSWERS)[K]>;

export const EngineEvent = z.discriminatedUnion('kind', [
  /** Another program changed a store (store-watch.ts): main tells the renderer. */
  z.object({
    kind: z.literal('storeChanged'),
    change: z.object({ profileId: z.string(), party: z.string().nullable(), by: z.unknown() }),
  }),
  /** A sync ended: the desktop host may notify. */
  z.object({
    kind: z.literal('taskFinished'),
    task: z.object({
      kind: z.enum(['export', 'sync']),
      state: z.string(),
      legs: z.number(),
      elapsedMs: z.number(),
      error: z.string().nullable(),
    }),
  }),
  z.object({ kind: z.literal('log'), line: z.string() }),
  /** A store operation is waiting for another program to let go of the file (store/leg-access.ts StoreWaitNotice). */
  z.object({
    kind: z.literal('storeWait'),
    wait: z.object({
      path: z.string(),
      holder: z.object({ pid: z.number().int(), program: z.string() }).nullable(),
      waitedMs: z.number().nonnegative(),
    }),
  }),
]);
export type EngineEvent = z.infer<typeof EngineEvent>;

export const EngineToMain = z.union([
  z.object({ type: z.literal('ready'), pid: z.number().int() }),
  /** A call's outcome: the bridge's own envelope. */
  z.object({
    type: z.literal('result'),
    id: Id,
    envelope: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: ErrorShape }),
    ]),
  }),
  z.object({ type: z.literal('ask'), id: Id, question: Question }),
  /** The engine no longer needs the answer (its sync was cancelled): main stops the fetch. */
  z.object({ type: z.literal('unask'), id: Id }),
  z.object({ type: z.literal('event'), event: EngineEvent }),
  z.object({ type: z.literal('sql'), child: Id, op: z.literal('start'), cwd: z.string(), heapMiB: z.number() }),
  z.object({ type: z.literal('sql'), child: Id, op: z.literal('post'), message: z.unknown() }),
  z.object({ type: z.literal('sql'), child: Id, op: z.literal('kill') }),
  z.object({ type: z.literal('closed') }),
]);
export type EngineToMain = z.infer<typeof EngineToMain>;

/** A running engine, however the host started it (Node's fork, Electron's utilityProcess). */
export interface EngineChild {
  readonly pid: number | undefined;
  /**
   * Posting copies a byte view's own bytes only (Node's advanced serialization), so a page read into
   * a reused buffer may be posted as it is. Electron's structured clone copies a view's whole
   * buffer: there main posts an exact copy of the page instead (engine-client.ts).
   */
  readonly copiesViewBytesOnly?: boolean;
  post(message: MainToEngine): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once, when the process has gone: its exit code, or the signal that ended it. */
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  kill(): void;
}

export type EngineStarter = () => EngineChild;

/**
 * glibc's allocator settings in the engine's environment (both hosts; other allocators ignore them):
 * two arenas instead of one per thread (V8's helpers, libuv's pool), and blocks of 128 KB and more
 * (a page's bytes) mapped and unmapped on their own, so freed memory goes back to the OS instead of
 * staying in the engine's RSS (glibc otherwise raises the mmap threshold to 32 MB after the first such
 * free). DuckDB allocates through its own jemalloc (its Linux library links it), which these do not reach:
 * its levers are DuckDB options (DUCKDB_OPTIONS in store/store-file.ts). Measured in
 * docs/performance.md, "The engine's memory levers".
 */
export const ENGINE_ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * The engine's V8 flags (both hosts). `--expose-gc`: the sync collects its garbage at its batch
 * boundaries (sync/heap-trim.ts): V8 let the engine's heap grow to 120-160 MB for ~45 MB live during a
 * sync of a million legs, most of the engine's RSS above the 400 MB. No untrusted code runs in
 * the engine (user SQL runs in the SQL process), so `gc` in its global scope is no one's lever.
 * `--max-semi-space-size=8` (MB; 16 by default): the young generation, where a page's legs live and
 * die, at most half as big: ~20 MB less at the engine's peak (docs/performance.md, "The engine's
 * memory, met"). No heap ceiling: a reconcile near its 2,000,000-line limit holds the statement whole.
 */
export const ENGINE_EXEC_ARGV: readonly string[] = ['--expose-gc', '--max-semi-space-size=8'];
