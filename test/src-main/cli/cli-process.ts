// `npm run cli` as a scheduler runs it: a child process with a bare environment (no session bus, so
// no keychain: a JWT comes from LEDGER_EXPLORER_LEDGER_JWT), its stderr readable line by line while
// it runs, and its exit code, stdout and stderr when it ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = resolve(import.meta.dirname, '../../../src-main/cli/cli.ts');

export interface CliRun {
  child: ChildProcess;
  /** stderr, line by line, as it comes. */
  stderrLines: AsyncIterableIterator<string>;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts the CLI with `args`, HOME at `home`. */
export function runCli(home: string, args: string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const stderrLines = createInterface({ input: child.stderr as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolveDone) => child.once('close', (code, signal) => resolveDone({ code, signal, stdout, stderr })),
  );
  return { child, stderrLines, done };
}

/** Reads stderr until a line matches; fails when the CLI ends first (with what it said). */
export async function untilLine(run: CliRun, pattern: RegExp): Promise<string> {
  const seen: string[] = [];
  // next(), not for-await: leaving a for-await closes the lines, and a later call would read none.
  for (let next = await run.stderrLines.next(); !next.done; next = await run.stderrLines.next()) {
    seen.push(next.value);
    if (pattern.test(next.value)) return next.value;
  }
  throw new Error(`the CLI ended without a line matching ${pattern}:\n${seen.join('\n')}`);
}

/**
 * Another program holding a store (`program` in its holder file): opens it, says "holding" on stdout,
 * and keeps it until its stdin closes.
 */
export function holdStore(path: string, program = 'nightly-job'): ChildProcess {
  const script = `
    import { DuckDBInstance } from '@duckdb/node-api';
    import { writeHolder } from ${JSON.stringify(join(import.meta.dirname, '../../../src-main/services/local-ledger/store/store-markers.ts'))};
    const instance = await DuckDBInstance.create(${JSON.stringify(path)});
    await writeHolder(${JSON.stringify(path)}, ${JSON.stringify(program)});
    process.stdout.write('holding\\n');
    process.stdin.on('data', () => {});
    process.stdin.on('end', () => { instance.closeSync(); process.exit(0); });
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: join(import.meta.dirname, '../../..'),
  });
}

/** The CLI's ledger engine, from the line its sync says (`engine: the ledger engine (PID n) ...`); the store's markers name it. */
export const ENGINE_LINE = /^engine: the ledger engine \(PID (\d+)\) runs this sync/m;
export function enginePidOf(text: string): number {
  const found = ENGINE_LINE.exec(text);
  if (!found) throw new Error(`the CLI did not name its ledger engine:\n${text}`);
  return Number(found[1]);
}

/** Linux: the parent process id of `pid` (its /proc stat), or null when it has gone. */
export function parentPidOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}
