// The SQL process: runs one user query (the SQL editor's, or a query's export) in its own sandbox
// (sql-sandbox-db.ts) and answers main, which watches its memory and time from outside and stops it
// at its limits or at a cancel (sql-process.ts). It never opens the store, and it holds no secret:
// main starts it with an empty environment.
import { ServiceError } from '../../errors.ts';
import type { FromChild, FromMain } from './sql-protocol.ts';
import { runJob } from './sql-sandbox-db.ts';

interface Port {
  send(message: FromChild): void;
  onMessage(listener: (message: FromMain) => void): void;
}

/** Electron's utilityProcess gives `process.parentPort`; Node's fork gives `process.send`. */
function parentPort(): Port {
  const electron = (
    process as unknown as {
      parentPort?: {
        postMessage(message: unknown): void;
        on(event: 'message', listener: (event: { data: unknown }) => void): void;
      };
    }
  ).parentPort;
  if (electron) {
    return {
      send: (message) => electron.postMessage(message),
      onMessage: (listener) => electron.on('message', (event) => listener(event.data as FromMain)),
    };
  }
  return {
    send: (message) => process.send?.(message),
    onMessage: (listener) => process.on('message', (message) => listener(message as FromMain)),
  };
}

function errorShape(error: unknown): Extract<FromChild, { type: 'failed' }>['error'] {
  if (error instanceof ServiceError) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal', message: (error as Error)?.message ?? String(error) };
}

const port = parentPort();
// Its own memory, for main's watch where main cannot read it from outside (not Linux).
const memory = setInterval(() => port.send({ type: 'memory', rss: process.memoryUsage.rss() }), 100);
memory.unref();
port.onMessage((message) => {
  if (message?.type !== 'run') return;
  runJob(message.job, () => port.send({ type: 'started' })).then(
    (result) => port.send({ type: 'done', result }),
    (error) => port.send({ type: 'failed', error: errorShape(error) }),
  );
});
// Main gone (quit, crash): nothing is left to answer, so nothing is left running.
process.on('disconnect', () => process.exit(0));
port.send({ type: 'ready' });
