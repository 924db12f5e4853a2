// The kill loop shared by the durability tests. A child process (writer.ts) writes generations of
// one file kind with the app's real code; the test SIGKILLs it (no chance to clean up) at a random
// moment, starts the next writer on the same folder, and checks the file each time:
//   corrupt  the file does not parse, or is not exactly one whole generation (torn, cut, or a mix);
//   lost     it holds an older generation than the last one the writer reported committed.
// The moment is random without sleeping, chosen per kill from two signals: the n-th file-system
// event (inotify, via fs.watch) on the file or its temp files once the writer is ready, n random
// (this lands kills inside the temp-write-fsync-rename sequence); or, once the writer says "writing
// <n>" for a randomly chosen n, a random number of event-loop turns (setImmediate).
// Spawn cost dominates (a writer loading the app's modules from source takes 200-600 ms on a busy
// 2-core machine), so writer.ts is bundled once per run with Vite (the same source, one file: about
// 50-100 ms to start), and the next writer is always started ahead while the current one runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'vite';
import { FILE_OF, type FileKind, readGeneration } from './generations.ts';

const WRITER_SOURCE = resolve(import.meta.dirname, 'writer.ts');
/** Shared by every writer process: Node caches the compiled modules, so each start-up costs less. */
const COMPILE_CACHE = join(tmpdir(), 'ledger-durability-compile-cache');

export interface KillReport {
  kind: FileKind;
  kills: number;
  corrupt: string[];
  lost: string[];
  /** Kills that cut a write before its rename (a temp or .partial file was left beside the file). */
  cutMidWrite: number;
  /** Kills that came after a rename but before the writer could report the commit. */
  afterRename: number;
  lastGeneration: number;
  /** Where the writers wrote (removed by the caller). */
  home: string;
}

interface Writer {
  child: ChildProcess;
  stderr: () => string;
  loaded: Promise<void>;
  lines: AsyncIterableIterator<string>;
}

/** Bundles writer.ts (and the app code it imports) into one ES module under `outDir`; returns its path. */
async function bundleWriter(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'silent',
    root: resolve(import.meta.dirname, '../..'),
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: WRITER_SOURCE,
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'writer.mjs' } },
    },
  });
  return join(outDir, 'writer.mjs');
}

function startWriter(writer: string, kind: FileKind, home: string, dir: string, plain: boolean): Writer {
  const child = spawn(process.execPath, [writer, kind, dir, ...(plain ? ['plain'] : [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      NODE_COMPILE_CACHE: COMPILE_CACHE,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const loaded = lines.next().then(({ value, done }) => {
    if (done || value !== 'loaded') throw new Error(`the writer did not start (${value}):\n${stderr}`);
  });
  loaded.catch(() => {}); // awaited when this writer's turn comes
  return { child, stderr: () => stderr, loaded, lines };
}

const randomInt = (below: number) => Math.floor(Math.random() * below);
const turn = () => new Promise<void>((done) => setImmediate(done));

export interface KillOptions {
  /** The control: write settings in place with a plain writeFile instead of the app's store. */
  plain?: boolean;
  /** Stop early once this many corrupt files were seen (the control needs only one). */
  stopAfterCorrupt?: number;
}

/**
 * Kills a writer of `kind` `kills` times, each at a random moment, and checks the file after each.
 * One writer is always started ahead (it loads, then waits for "go"), so start-up overlaps the kill.
 */
export async function killRepeatedly(kind: FileKind, kills: number, options: KillOptions = {}): Promise<KillReport> {
  const home = await mkdtemp(join(tmpdir(), `durability-${kind}-`));
  const dir = join(home, '.config', 'ledger-explorer');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const report: KillReport = {
    kind,
    kills: 0,
    corrupt: [],
    lost: [],
    cutMidWrite: 0,
    afterRename: 0,
    lastGeneration: 0,
    home,
  };
  const bundle = await bundleWriter(join(home, 'writer'));
  const start = () => startWriter(bundle, kind, home, dir, options.plain === true);
  // File-system events on the file and its temp / .partial files, counted for the current kill.
  let onFileEvent = () => {};
  const watcher = watch(dir, (_type, name) => {
    if (name?.includes(FILE_OF[kind])) onFileEvent();
  });
  let next = start();
  try {
    for (let round = 0; round < kills; round++) {
      const writer = next;
      next = start();
      await writer.loaded;
      const exited = new Promise<NodeJS.Signals | null>((done) =>
        writer.child.once('exit', (_c, signal) => done(signal)),
      );
      // How this kill is timed: at the n-th file event after "ready", or some turns into the k-th write.
      // (A write makes 4 to 6 events; few writes per kill keep the run short.)
      const byEvents = Math.random() < 0.6 ? 1 + randomInt(8) : 0;
      const cutWrite = 1 + randomInt(2);
      const turns = Math.random() < 0.3 ? randomInt(20) : randomInt(1500);
      let events = 0;
      let started = -1;
      let committed = -1;
      let killing = false;
      onFileEvent = () => {
        if (byEvents > 0 && started >= 0 && !killing && ++events >= byEvents) {
          killing = true;
          writer.child.kill('SIGKILL');
        }
      };
      writer.child.stdin?.write('go\n');
      for await (const line of writer.lines) {
        const [word, n] = line.split(' ');
        if (word === 'ready') {
          started = Number(n);
          committed = started;
        } else if (word === 'committed') {
          committed = Number(n);
        } else if (word === 'writing' && byEvents === 0 && !killing && Number(n) - started >= cutWrite) {
          killing = true;
          // Not awaited: lines the writer prints meanwhile are still read (a commit reported before the kill counts).
          void (async () => {
            for (let i = 0; i < turns; i++) await turn();
            writer.child.kill('SIGKILL');
          })();
        }
      }
      const signal = await exited;
      // Only our kill may end a writer: one that failed by itself proves nothing.
      if (signal !== 'SIGKILL' || started < 0) {
        throw new Error(`the ${kind} writer ended by itself (${signal}):\n${writer.stderr()}`);
      }
      report.kills++;
      const leftovers = (await readdir(dir)).filter((name) => name.endsWith('.tmp') || name.includes('.partial-'));
      if (leftovers.length > 0) report.cutMidWrite++;
      // Each writer removes what the one before it left: leftovers never pile up.
      if (leftovers.length > 1) throw new Error(`leftovers pile up beside ${FILE_OF[kind]}: ${leftovers.join(', ')}`);
      const found = await readGeneration(kind, dir);
      if ('corrupt' in found) {
        report.corrupt.push(`kill ${round + 1}: ${found.corrupt}`);
        if (report.corrupt.length >= (options.stopAfterCorrupt ?? Number.POSITIVE_INFINITY)) break;
        continue;
      }
      if (found.generation < committed || found.generation < report.lastGeneration) {
        report.lost.push(`kill ${round + 1}: generation ${found.generation} on disk, ${committed} was committed`);
      }
      if (found.generation === committed + 1) report.afterRename++;
      report.lastGeneration = Math.max(report.lastGeneration, found.generation);
    }
  } finally {
    watcher.close();
    next.child.kill('SIGKILL');
  }
  return report;
}

export function summaryLine(report: KillReport): string {
  return `durability: ${report.kind} ${report.kills} kills, ${report.corrupt.length} corrupt, ${report.lost.length} lost (${report.cutMidWrite} cut a write before its rename, ${report.afterRename} after the rename before the commit was reported; generations 1-${report.lastGeneration})`;
}
