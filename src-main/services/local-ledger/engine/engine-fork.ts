// Node's fork of the ledger engine: how the browser version, the CLI and the tests start it (the
// desktop app starts it as Electron's utilityProcess instead: src-main/shell/engine-utility-process.ts).
// None of main's environment crosses (a JWT in LEDGER_EXPLORER_LEDGER_JWT, proxies): only the zone
// and glibc's allocator settings (ENGINE_ALLOCATOR_ENV), and V8's flags (ENGINE_EXEC_ARGV).
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_ALLOCATOR_ENV, ENGINE_EXEC_ARGV, type EngineChild } from './engine-protocol.ts';

/** The entry as source: Node runs it as it is (the browser version, tests). */
const ENGINE_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'engine-main.ts');

/** What a caller other than the app may change; the app passes nothing. */
export interface ForkOptions {
  /** The local-ledger bench's probe (bench/engine-probe.ts), preloaded with its settings. */
  execArgv?: string[];
  env?: Record<string, string>;
  /**
   * Another entry than engine-main.ts: the durability tests' (test/durability/engine-with-hooks.ts),
   * which sets their hooks and then runs engine-main.ts, so the product's engine has none to set.
   */
  entry?: string;
}

export const forkEngine = (options?: ForkOptions): EngineChild => {
  const child: ChildProcess = fork(options?.entry ?? ENGINE_SOURCE, [], {
    env: { ...(process.env.TZ ? { TZ: process.env.TZ } : {}), ...ENGINE_ALLOCATOR_ENV, ...options?.env },
    execArgv: [...process.execArgv, ...ENGINE_EXEC_ARGV, ...(options?.execArgv ?? [])],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const stderr: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr.push(text);
    if (stderr.length > 20) stderr.shift();
  });
  return {
    pid: child.pid,
    copiesViewBytesOnly: true,
    // A channel closed by the engine's death is told by 'exit'; the send's error is not another one.
    post: (message) => {
      if (child.connected) child.send(message, () => {});
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) =>
      child.once('exit', (code, signal) => {
        if (code !== 0 && stderr.length > 0) process.emitWarning(`ledger engine: ${stderr.join('').slice(-2000)}`);
        listener(code, signal);
      }),
    kill: () => child.kill('SIGKILL'),
  };
};
