// The ledger engine: the process the local ledger runs in (docs/architecture.md, "The ledger engine").
// It holds the DuckDB stores, runs syncs, views, exports and lake reads, and makes the SQL process's
// snapshots; main keeps the window, the bridge, the credentials and every HTTP call. Started by main
// (engine-client.ts) as Node's fork of this file (the browser version, tests) or as Electron's
// utilityProcess running its bundle (the desktop app), with no secret in its environment. Messages
// in engine-protocol.ts, each checked here as it arrives.
import { CHANNELS } from '../../../../src-shared/contract/channels.ts';
import { createDispatch, type Handlers } from '../../dispatch.ts';
import { ServiceError } from '../../errors.ts';
import { parentPort } from '../../parent-port.ts';
import { RequestRegistry } from '../../request-registry.ts';
import { ledgerHandlers } from '../ledger-handlers.ts';
import type { LocalLedger, LocalLedgerOptions } from '../local-ledger.ts';
import type { LocalLedgerModule } from '../local-ledger-host.ts';
import type { SqlChild, SqlChildStarter } from '../sql/sql-protocol.ts';
import type { LedgerContext } from '../store/ledger-sources.ts';
import type { StoreWaitNotice } from '../store/leg-access.ts';
import { canTrimHeap } from '../sync/heap-trim.ts';
import {
  ANSWERS,
  type EngineEvent,
  type EngineFacts,
  type EngineStart,
  type EngineToMain,
  type ErrorShape,
  MainToEngine,
} from './engine-protocol.ts';
import { type Ask, sourcesThroughMain } from './engine-transfers.ts';

const port = parentPort<EngineToMain>();
// Main gone (its channel closed): nothing is left to answer; the stores close, then the process ends.
process.on('disconnect', () => void close());
// A terminal's Ctrl+C reaches every process of the group: main decides what it means (the CLI
// cancels its sync, then closes the engine), so the engine does not die of it. SIGTERM (a service
// manager's stop, a `kill` of the PID the markers name) stops it as main's close does: syncs stop
// where the store can resume them, the stores close, then it exits.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => void close());

let facts: EngineFacts = { profiles: [], savedParties: [] };
let loading: Promise<{ module: LocalLedgerModule; ledger: LocalLedger }> | null = null;
let dispatch: ReturnType<typeof createDispatch> | null = null;
let nextQuestion = 1;
const questions = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (error: Error) => void; kind: string }
>();
/** The calls running, by main's id: what a cancel needs (the renderer's request id, if the call has one). */
const calls = new Map<number, { requestId: string | null }>();
const requests = new RequestRegistry();
const sqlChildren = new Map<
  number,
  {
    exit: (code: number | null, signal: string | null) => void;
    message: (m: unknown) => void;
    started: (pid?: number) => void;
  }
>();
let nextSqlChild = 1;

const tell = (event: EngineEvent) => port.post({ type: 'event', event });

const ask: Ask = (question, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ServiceError('cancelled', 'Cancelled.'));
    const id = nextQuestion++;
    const onAbort = () => {
      if (!questions.delete(id)) return;
      port.post({ type: 'unask', id });
      reject(new ServiceError('cancelled', 'Cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    questions.set(id, {
      kind: question.kind,
      resolve: (value) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value as never);
      },
      reject: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    port.post({ type: 'ask', id, question });
  });

/** The desktop app: a SQL process main starts for the engine (utilityProcess is main's alone), its messages relayed. */
const sqlThroughMain: SqlChildStarter = ({ cwd, heapMiB }) => {
  const id = nextSqlChild++;
  let pid: number | undefined;
  const onMessage: Array<(message: never) => void> = [];
  const onExit: Array<(code: number | null, signal: string | null) => void> = [];
  sqlChildren.set(id, {
    started: (p) => {
      pid = p;
    },
    message: (m) => {
      for (const l of onMessage) l(m as never);
    },
    exit: (code, signal) => {
      sqlChildren.delete(id);
      for (const l of onExit) l(code, signal);
    },
  });
  port.post({ type: 'sql', child: id, op: 'start', cwd, heapMiB });
  const child: SqlChild = {
    get pid() {
      return pid;
    },
    post: (message) => port.post({ type: 'sql', child: id, op: 'post', message }),
    onMessage: (listener) => onMessage.push(listener),
    onExit: (listener) => onExit.push(listener),
    kill: () => port.post({ type: 'sql', child: id, op: 'kill' }),
  };
  return child;
};

function start(message: EngineStart): void {
  const context: LedgerContext = {
    settings: {
      get settings() {
        return facts;
      },
    },
    requests,
    host: {
      chooseSavePath: (defaultName, filters) => ask({ kind: 'chooseSavePath', defaultName, filters }),
      startSqlProcess: message.sqlThroughMain ? sqlThroughMain : undefined,
      taskFinished: (task) => tell({ kind: 'taskFinished', task }),
    },
    ...(message.downloads ? { downloads: { add: (path: string) => ask({ kind: 'download', path }) } } : {}),
    log: (line) => tell({ kind: 'log', line }),
    profile(id) {
      const found = facts.profiles.find((p) => p.id === id);
      if (!found) throw new ServiceError('not_found', `No connection profile "${id}"`);
      return found;
    },
  };
  const options = message.options as LocalLedgerOptions;
  const access = message.reportWaits
    ? {
        ...options.access,
        onWait: (wait: StoreWaitNotice) =>
          tell({
            kind: 'storeWait',
            wait: {
              path: wait.path,
              holder: wait.holder && { pid: wait.holder.pid, program: wait.holder.program },
              waitedMs: wait.waitedMs,
            },
          }),
      }
    : options.access;
  const load = () => {
    loading ??= import('../entry.ts').then((module) => ({
      module,
      ledger: new module.LocalLedger(context, message.userDataDir, {
        ...options,
        access,
        sources: sourcesThroughMain(ask),
        onChange: message.watch ? (change) => tell({ kind: 'storeChanged', change }) : undefined,
      }),
    }));
    return loading;
  };
  const handlers = ledgerHandlers(load);
  dispatch = createDispatch({ local: handlers } as unknown as Handlers, (line) => tell({ kind: 'log', line }));
  port.post({ type: 'ready', pid: process.pid });
  // A host that did not pass ENGINE_EXEC_ARGV (Electron's utilityProcess is not run here): said in main's log.
  if (!canTrimHeap) {
    tell({
      kind: 'log',
      line: 'ledger engine: started without --expose-gc: a sync cannot trim its heap (sync/heap-trim.ts)',
    });
  }
}

const LOCAL_CHANNELS = new Set<string>(
  CHANNELS.filter((c) => c.domain === 'local' && c.verb !== 'saveChart').map((c) => c.name),
);

async function call(id: number, channel: string, args: unknown[]): Promise<void> {
  const first = args[0] as { requestId?: unknown } | undefined;
  calls.set(id, { requestId: typeof first?.requestId === 'string' ? first.requestId : null });
  try {
    const envelope =
      dispatch && LOCAL_CHANNELS.has(channel)
        ? await dispatch(channel, args)
        : {
            ok: false as const,
            error: { code: 'unknown_channel' as const, message: `The ledger engine has no channel ${channel}` },
          };
    port.post({ type: 'result', id, envelope });
  } finally {
    calls.delete(id);
  }
}

function answer(id: number, outcome: { ok: true; value: unknown } | { ok: false; error: ErrorShape }): void {
  const waiting = questions.get(id);
  if (!waiting) return;
  questions.delete(id);
  if (!outcome.ok) {
    const { code, message, details } = outcome.error;
    waiting.reject(new ServiceError(code, message, details));
    return;
  }
  const checked = ANSWERS[waiting.kind as keyof typeof ANSWERS].safeParse(outcome.value);
  if (checked.success) waiting.resolve(checked.data);
  else
    waiting.reject(
      new ServiceError(
        'internal',
        `Main answered the ledger engine's ${waiting.kind} with a value it does not expect.`,
      ),
    );
}

let closing: Promise<void> | null = null;
function close(): Promise<void> {
  closing ??= (async () => {
    if (loading) await (await loading).ledger.close().catch(() => {});
    if (process.connected !== false) port.post({ type: 'closed' });
    process.exit(0);
  })();
  return closing;
}

port.onMessage((raw) => {
  const parsed = MainToEngine.safeParse(raw);
  if (!parsed.success) {
    tell({ kind: 'log', line: `ledger engine: a message from main was refused (${parsed.error.issues[0]?.message})` });
    return;
  }
  const message = parsed.data;
  switch (message.type) {
    case 'start':
      return start(message);
    case 'facts':
      facts = message.facts;
      return;
    case 'call':
      return void call(message.id, message.channel, message.args);
    case 'cancel': {
      const requestId = calls.get(message.id)?.requestId;
      if (requestId) requests.cancel(requestId);
      return;
    }
    case 'answer':
      return answer(message.id, message.ok ? { ok: true, value: message.value } : { ok: false, error: message.error });
    case 'sql': {
      const child = sqlChildren.get(message.child);
      if (!child) return;
      if (message.event === 'started') child.started(message.pid);
      else if (message.event === 'message') child.message(message.message);
      else child.exit(message.code, message.signal);
      return;
    }
    case 'close':
      return void close();
  }
});
