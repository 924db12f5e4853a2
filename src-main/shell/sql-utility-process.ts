// The desktop app's SQL process: Electron's utilityProcess running the bundled sql-child.js (the
// packaged app's RunAsNode fuse is off, so Node's fork of the app binary would not be Node). Same
// terms as Node's fork in services (sql-process.ts): an empty environment and a capped JS heap.
// Not run here: this machine has no Electron binary (the Electron tier says so).
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import type { FromChild, SqlChild, SqlChildStarter } from '../services/local-ledger/sql/sql-protocol.ts';

export const startSqlUtilityProcess: SqlChildStarter = ({ cwd, heapMiB }) => {
  const child = utilityProcess.fork(join(import.meta.dirname, 'sql-child.js'), [], {
    cwd,
    env: process.env.TZ ? { TZ: process.env.TZ } : {},
    execArgv: [`--max-old-space-size=${heapMiB}`],
    serviceName: 'Ledger Explorer SQL',
    stdio: 'ignore',
  });
  const handle: SqlChild = {
    get pid() {
      return child.pid;
    },
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: FromChild) => listener(message)),
    // utilityProcess tells an exit code only; a crash (V8's heap full) is a code other than 0.
    onExit: (listener) => child.once('exit', (code) => listener(code, code === 0 ? null : 'SIGABRT')),
    kill: () => {
      child.kill();
    },
  };
  return handle;
};
