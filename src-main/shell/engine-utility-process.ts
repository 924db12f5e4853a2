// The desktop app's ledger engine: Electron's utilityProcess running the bundled ledger-engine.js
// (the packaged app's RunAsNode fuse is off, so Node's fork of the app binary would not be Node).
// Same terms as Node's fork in services (engine-fork.ts): none of main's environment. The engine
// cannot start processes of its own here, so main starts its SQL processes (startSqlProcess) and
// relays them (engine-client.ts). Not run here: this machine has no Electron binary.
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import {
  ENGINE_ALLOCATOR_ENV,
  ENGINE_EXEC_ARGV,
  type EngineChild,
  type EngineStarter,
} from '../services/local-ledger/engine/engine-protocol.ts';

export const startEngineUtilityProcess: EngineStarter = () => {
  const child = utilityProcess.fork(join(import.meta.dirname, 'ledger-engine.js'), [], {
    env: { ...(process.env.TZ ? { TZ: process.env.TZ } : {}), ...ENGINE_ALLOCATOR_ENV },
    // V8's flags (gc exposed, a smaller young generation); not run in Electron here (no binary): to check there.
    execArgv: [...ENGINE_EXEC_ARGV],
    serviceName: 'Ledger Explorer ledger engine',
    stdio: 'ignore',
  });
  const handle: EngineChild = {
    get pid() {
      return child.pid;
    },
    post: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', (message: unknown) => listener(message)),
    // utilityProcess tells an exit code only; a crash is a code other than 0.
    onExit: (listener) => child.once('exit', (code) => listener(code, null)),
    kill: () => {
      child.kill();
    },
  };
  return handle;
};
