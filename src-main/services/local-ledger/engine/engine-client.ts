// Main's side of the ledger engine (engine-main.ts): starts it on the first call, forwards each
// `local:*` call and its cancel, answers the engine's questions with main's HTTP, credentials and
// dialogs, and passes on what the engine tells (a store changed, a sync ended). Main never holds
// DuckDB or waits on the engine's work: a call is a message and a promise.
//
// The engine can die (a crash, the OS killing it, a kill in a test). Then every call in flight is
// rejected at once with a message that says so, its fetches are stopped, and the next call starts a
// new engine; what a sync had written is in the store, which resumes from there (sync-run.ts), and an
// export writes a temporary file renamed only when whole. An engine that dies CRASH_LIMIT times within
// CRASH_WINDOW_MS is not started again: the calls say so (docs/architecture.md, "The ledger engine").
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ServiceError } from '../../errors.ts';
import { givePageBack } from '../../http/page-buffers.ts';
import { readableParties } from '../../ledger/readable-parties.ts';
import { scrubbedTransferError, transferBody } from '../../ledger/transfer-fetch.ts';
import type { ServiceContext } from '../../service-context.ts';
import { withTimeout } from '../../with-timeout.ts';
import type { LocalLedgerOptions } from '../local-ledger.ts';
import type { SqlChild, SqlChildStarter } from '../sql/sql-protocol.ts';
import type { StoreChange } from '../store/store-watch.ts';
import { forkEngine } from './engine-fork.ts';
import {
  type EngineChild,
  type EngineStarter,
  EngineToMain,
  type ErrorShape,
  type MainToEngine,
  type Question,
} from './engine-protocol.ts';

// Where the app, the CLI, the browser version and the tests have always imported it from.
export { forkEngine } from './engine-fork.ts';
export type { EngineChild, EngineStarter } from './engine-protocol.ts';

/** How long main waits for the engine to stop its syncs and close its stores when the app quits. */
const CLOSE_WAIT_MS = 10_000;

/** An engine that died this many times within CRASH_WINDOW_MS is not started again. */
export const CRASH_LIMIT = 3;
export const CRASH_WINDOW_MS = 60_000;

interface Running {
  child: EngineChild;
  ready: Promise<void>;
  calls: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Main's work for the engine's questions (a page being fetched), stopped when the engine goes. */
  questions: Map<number, AbortController>;
  sqlChildren: Map<number, SqlChild>;
  factsSent: string | null;
  closing: boolean;
  /** Where its exports were told to write: a dead engine may have left `<path>.partial-*` there. */
  savePaths: Set<string>;
  /** Set when it has gone: what a call made after that gets. */
  gone: ServiceError | null;
}

export interface EngineClientOptions {
  userDataDir: string;
  /** The LocalLedger's options in the engine (plain values only: they cross to the engine). */
  options: Omit<LocalLedgerOptions, 'onChange'>;
  /** Another program changed a store (absent: not watched). */
  onChange?: (change: StoreChange) => void;
  start?: EngineStarter;
  /** How many deaths within how long stop the restarts (default CRASH_LIMIT in CRASH_WINDOW_MS; tests that kill on purpose: more). */
  restarts?: { limit: number; windowMs: number };
}

export class EngineClient {
  private readonly ctx: ServiceContext;
  private readonly setup: EngineClientOptions;
  private readonly start: EngineStarter;
  private running: Running | null = null;
  private nextId = 1;
  private crashes: number[] = [];
  private givenUp: ServiceError | null = null;
  /** Export targets of engines that died: their partial files are removed (now, and again before the next engine's first call). */
  private strays = new Set<string>();

  constructor(ctx: ServiceContext, setup: EngineClientOptions) {
    this.ctx = ctx;
    this.setup = setup;
    this.start = setup.start ?? forkEngine;
  }

  /** The running engine's process id, or null when none runs. */
  get pid(): number | null {
    return this.running?.child.pid ?? null;
  }

  /** One `local:*` call in the engine; `signal` cancels it there (its request stops, the answer is `cancelled`). */
  async call(channel: string, args: unknown[], signal?: AbortSignal): Promise<unknown> {
    const running = this.ensure();
    await running.ready;
    if (this.strays.size > 0) {
      // Its SQL process may have outlived the dead engine by a moment: what it wrote goes now.
      const strays = [...this.strays];
      this.strays.clear();
      await removePartials(strays);
    }
    this.sendFacts(running);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Gone between its start and this call (nothing would ever answer it).
      if (running.gone) return reject(running.gone);
      const onAbort = () => this.post(running, { type: 'cancel', id });
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      running.calls.set(id, {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      this.post(running, { type: 'call', id, channel, args });
      if (signal?.aborted) onAbort();
    });
  }

  /**
   * Stops the engine: its syncs stop, its stores close and their files are let go (it may take the
   * time a sync needs to stop). A call after this starts a new engine.
   */
  async close(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.closing = true;
    const gone = new Promise<void>((resolve) => running.child.onExit(() => resolve()));
    const ready = await running.ready.then(
      () => true,
      () => false,
    );
    if (!ready) return;
    this.post(running, { type: 'close' });
    // An engine that does not stop in time is killed: the store resumes from a kill as from a crash.
    await withTimeout(gone, CLOSE_WAIT_MS, () => new Error('the ledger engine did not stop')).catch(() => {
      running.child.kill();
      return gone;
    });
  }

  private ensure(): Running {
    if (this.givenUp) throw this.givenUp;
    if (this.running) return this.running;
    const child = this.start();
    let readied: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    const running: Running = {
      child,
      ready: new Promise<void>((resolve, reject) => {
        readied = resolve;
        failed = reject;
      }),
      calls: new Map(),
      questions: new Map(),
      sqlChildren: new Map(),
      factsSent: null,
      closing: false,
      savePaths: new Set(),
      gone: null,
    };
    // Nobody may wait on `ready` (close() before any call): its rejection is not an unhandled one.
    running.ready.catch(() => {});
    this.running = running;
    child.onMessage((raw) => {
      const parsed = EngineToMain.safeParse(raw);
      if (!parsed.success) {
        this.ctx.log(`ledger engine: a message was refused (${parsed.error.issues[0]?.message ?? 'invalid'})`);
        return;
      }
      const message = parsed.data;
      if (message.type === 'ready') readied();
      else this.receive(running, message);
    });
    child.onExit((code, signal) => {
      if (this.running === running) this.running = null;
      const error = running.closing
        ? new ServiceError('local_store', 'The app is closing.')
        : this.crashed(code, signal);
      running.gone = error;
      failed(error);
      for (const call of running.calls.values()) call.reject(error);
      running.calls.clear();
      for (const controller of running.questions.values()) controller.abort();
      running.questions.clear();
      for (const sql of running.sqlChildren.values()) sql.kill();
      running.sqlChildren.clear();
      if (!running.closing && running.savePaths.size > 0) {
        for (const path of running.savePaths) this.strays.add(path);
        void removePartials([...running.savePaths]);
      }
    });
    const { onChange, access, ...rest } = this.setup.options as LocalLedgerOptions;
    // The waits' callback stays here: the engine tells each wait as a `storeWait` event.
    const { onWait, ...plainAccess } = access ?? {};
    try {
      running.child.post({
        type: 'start',
        userDataDir: this.setup.userDataDir,
        options: { ...rest, ...(access ? { access: plainAccess } : {}) } as Record<string, unknown>,
        watch: this.setup.onChange !== undefined,
        downloads: this.ctx.downloads !== undefined,
        sqlThroughMain: this.ctx.host.startSqlProcess !== undefined,
        ...(onWait ? { reportWaits: true } : {}),
      });
    } catch (error) {
      // Options that cannot cross (a function): said, not waited on.
      running.closing = true;
      failed(
        new ServiceError('internal', `The ledger engine could not be started (${(error as Error)?.message ?? error}).`),
      );
      child.kill();
    }
    return running;
  }

  /** The error the calls of a dead engine get; after CRASH_LIMIT deaths in CRASH_WINDOW_MS, no engine starts again. */
  private crashed(code: number | null, signal: string | null): ServiceError {
    const now = Date.now();
    const { limit, windowMs } = this.setup.restarts ?? { limit: CRASH_LIMIT, windowMs: CRASH_WINDOW_MS };
    this.crashes = [...this.crashes.filter((t) => now - t < windowMs), now];
    const how = signal ? `signal ${signal}` : `exit code ${code ?? 'none'}`;
    this.ctx.log(`ledger engine stopped unexpectedly (${how})`);
    if (this.crashes.length >= limit) {
      const within = windowMs === 60_000 ? 'a minute' : `${Math.round(windowMs / 1000)} s`;
      this.givenUp = new ServiceError(
        'local_store',
        `The local ledger engine stopped ${this.crashes.length} times within ${within} (last: ${how}); it is not restarted. Restart the app to try again.`,
        { engine: 'given_up', code, signal },
      );
      return this.givenUp;
    }
    return new ServiceError(
      'local_store',
      `The local ledger engine stopped unexpectedly (${how}); it restarts on your next action.`,
      { engine: 'crashed', code, signal },
    );
  }

  private post(running: Running, message: MainToEngine): void {
    try {
      running.child.post(message);
    } catch {
      // The channel closed: the exit handler rejects the calls.
    }
  }

  /** The settings the engine reads (profiles, saved parties), sent again only when they changed. */
  private sendFacts(running: Running): void {
    const { profiles, savedParties } = this.ctx.settings.settings;
    const facts = { profiles, savedParties };
    const text = JSON.stringify(facts);
    if (text === running.factsSent) return;
    running.factsSent = text;
    this.post(running, { type: 'facts', facts });
  }

  private receive(running: Running, message: EngineToMain): void {
    switch (message.type) {
      case 'result': {
        const call = running.calls.get(message.id);
        if (!call) return;
        running.calls.delete(message.id);
        const { envelope } = message;
        if (envelope.ok) call.resolve(envelope.value);
        else call.reject(new ServiceError(envelope.error.code, envelope.error.message, envelope.error.details));
        return;
      }
      case 'ask':
        return void this.answer(running, message.id, message.question);
      case 'unask':
        running.questions.get(message.id)?.abort();
        return;
      case 'event': {
        const { event } = message;
        if (event.kind === 'storeChanged') this.setup.onChange?.(event.change as StoreChange);
        else if (event.kind === 'taskFinished') this.ctx.host.taskFinished?.(event.task);
        else if (event.kind === 'storeWait') this.setup.options.access?.onWait?.(event.wait);
        else this.ctx.log(event.line);
        return;
      }
      case 'sql':
        this.relaySql(running, message);
        return;
      default:
        return;
    }
  }

  private async answer(running: Running, id: number, question: Question): Promise<void> {
    const controller = new AbortController();
    running.questions.set(id, controller);
    try {
      const value = await this.answerOf(question, controller.signal);
      if (question.kind === 'chooseSavePath' && typeof value === 'string') running.savePaths.add(value);
      if (question.kind === 'transferBody') {
        // A page in a reused buffer (page-buffers.ts): posting copies it at once, so the buffer may
        // serve the next page; a host whose copy would take the whole buffer gets the page's own bytes.
        const body = value as { bytes: Uint8Array };
        const bytes = running.child.copiesViewBytesOnly ? body.bytes : body.bytes.slice();
        this.post(running, { type: 'answer', id, ok: true, value: { ...body, bytes } });
        givePageBack(body.bytes);
      } else this.post(running, { type: 'answer', id, ok: true, value });
    } catch (error) {
      this.post(running, { type: 'answer', id, ok: false, error: shapeOf(error) });
    } finally {
      running.questions.delete(id);
    }
  }

  private async answerOf(question: Question, signal: AbortSignal): Promise<unknown> {
    switch (question.kind) {
      case 'transferBody':
        return transferBody(this.ctx, question, signal);
      case 'readableParties':
        return readableParties(this.ctx, question.profileId);
      case 'scrub':
        return scrubbedTransferError(this.ctx, question.profileId, question.error);
      case 'chooseSavePath':
        return this.ctx.host.chooseSavePath(question.defaultName, question.filters);
      case 'download':
        await this.ctx.downloads?.add(question.path);
        return null;
    }
  }

  /** The desktop app: the engine's SQL processes are started here (utilityProcess is main's alone) and relayed. */
  private relaySql(running: Running, message: Extract<EngineToMain, { type: 'sql' }>): void {
    const starter: SqlChildStarter | undefined = this.ctx.host.startSqlProcess;
    if (message.op === 'start') {
      if (!starter) return;
      const child = starter({ cwd: message.cwd, heapMiB: message.heapMiB });
      running.sqlChildren.set(message.child, child);
      child.onMessage((m) => this.post(running, { type: 'sql', child: message.child, event: 'message', message: m }));
      child.onExit((code, signal) => {
        running.sqlChildren.delete(message.child);
        this.post(running, { type: 'sql', child: message.child, event: 'exit', code, signal });
      });
      this.post(running, { type: 'sql', child: message.child, event: 'started', pid: child.pid });
    } else if (message.op === 'post') {
      running.sqlChildren.get(message.child)?.post(message.message as never);
    } else {
      running.sqlChildren.get(message.child)?.kill();
    }
  }
}

/**
 * What an export killed with its engine left beside its target: `<name>.partial-<hex>` (store-export.ts
 * writes there and renames only when whole). The target itself is never half-written.
 */
async function removePartials(targets: string[]): Promise<void> {
  for (const target of targets) {
    const prefix = `${basename(target)}.partial-`;
    const names = await readdir(dirname(target)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(prefix))) {
      await rm(join(dirname(target), name), { recursive: true, force: true }).catch(() => {});
    }
  }
}

function shapeOf(error: unknown): ErrorShape {
  if (error instanceof ServiceError) {
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  return {
    code: 'internal',
    message: `Main could not answer the ledger engine (${(error as Error)?.name ?? 'Error'})`,
  };
}
