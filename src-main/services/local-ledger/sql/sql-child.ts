// The SQL process: runs one user query (the SQL editor's, or a query's export) in its own sandbox
// (sql-sandbox-db.ts) and answers main, which watches its memory and time from outside and stops it
// at its limits or at a cancel (sql-process.ts). It never opens the store, and it holds no secret:
// main starts it with an empty environment.
import { rmSync } from 'node:fs';
import { ServiceError } from '../../errors.ts';
import { parentPort } from '../../parent-port.ts';
import type { FromChild, FromMain } from './sql-protocol.ts';
import { runJob } from './sql-sandbox-db.ts';

function errorShape(error: unknown): Extract<FromChild, { type: 'failed' }>['error'] {
  if (error instanceof ServiceError) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal', message: (error as Error)?.message ?? String(error) };
}

const port = parentPort<FromChild>();
// Its own memory, for main's watch where main cannot read it from outside (not Linux).
const memory = setInterval(() => port.post({ type: 'memory', rss: process.memoryUsage.rss() }), 100);
memory.unref();
/** The running job's work folder (its spill files): removed when the parent is gone, as the parent cannot. */
let workDir: string | null = null;
port.onMessage((raw) => {
  const message = raw as FromMain | undefined;
  if (message?.type !== 'run') return;
  workDir = message.job.workDir;
  runJob(message.job, () => port.post({ type: 'started' })).then(
    (result) => port.post({ type: 'done', result }),
    (error) => port.post({ type: 'failed', error: errorShape(error) }),
  );
});
// Its parent gone (main or the engine: a quit, a crash, a kill): nothing is left to answer, so nothing
// is left running. Not process.exit: its teardown waits for DuckDB's query in flight, and a SQL process
// whose engine was killed mid-query went on computing a cross join for minutes, a core busy (seen after
// the engine's kill test, which then failed under load). Its work folder goes first: the parent that
// made it is gone (an export's partial file is the parent's host's to remove: engine-client.ts).
process.on('disconnect', () => {
  if (workDir) {
    try {
      rmSync(workDir, { recursive: true, force: true });
    } catch {
      // Left in the temporary folder, which the OS clears.
    }
  }
  process.kill(process.pid, 'SIGKILL');
});
port.post({ type: 'ready' });
