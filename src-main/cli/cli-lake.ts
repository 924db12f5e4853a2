// `npm run cli -- lake sync|verify|status` (docs/lake.md): a team's lake of Hive-partitioned
// Parquet, written from this profile's store after syncing it, one writer at a time.
import type { SyncAllStatus } from '../../src-shared/contract/sync-all.ts';
import type { AppServices } from '../services/app-services.ts';
import { LakeBusyError, LakeLock } from '../services/local-ledger/lake/lake-lock.ts';
import { writeLakeManifest } from '../services/local-ledger/lake/lake-manifest.ts';
import { migrateLake } from '../services/local-ledger/lake/lake-migrate.ts';
import { lakeStatus } from '../services/local-ledger/lake/lake-status.ts';
import { verifyLake } from '../services/local-ledger/lake/lake-verify.ts';
import { writeLake } from '../services/local-ledger/lake/lake-writer.ts';
import type { LakeReadArgs, LakeSyncArgs } from './cli-args.ts';
import { EXIT, say } from './cli-exit.ts';

/** What a sync of many parties is asked: `sync --parties all-readable`, or `lake sync`'s parties. */
export interface ManySync {
  profile: string;
  parties: string[] | 'all-readable';
  node: string | null;
  after: string | null;
  before: string | null;
  /**
   * Told once per party whose sync finished (done, or skipped: finished by the run this one resumes),
   * with the run's number of parties (known only once `all-readable` is resolved).
   */
  onPartyDone?: (party: string, total: number) => void;
}

type SyncMany = (args: ManySync) => Promise<{ code: number; done: SyncAllStatus }>;

async function withLock<T>(
  lake: string,
  program: string,
  waitMs: number,
  work: (lock: LakeLock) => Promise<T>,
): Promise<T | number> {
  let lock: LakeLock;
  try {
    lock = await LakeLock.acquire(lake, { program, waitMs, say });
  } catch (error) {
    if (!(error instanceof LakeBusyError)) throw error;
    say(`error: ${error.message}`);
    return EXIT.busy;
  }
  try {
    return await work(lock);
  } finally {
    await lock.release();
  }
}

/** `beforeCommit`: the durability tests' entry only (cli-main.ts CliRunOptions), to kill the writer there. */
async function sync(
  services: AppServices,
  args: LakeSyncArgs & { node: string | null },
  syncMany: SyncMany,
  beforeCommit?: (party: string, month: string | null) => void,
): Promise<number> {
  const program = 'npm run cli -- lake sync';
  const started = Date.now();
  const outcome = await withLock(args.lake, program, args.waitMs, async () => {
    // A lake of format 1 moves to format 2 before anything is synced or written (lake-migrate.ts).
    await migrateLake(args.lake, { program, profile: args.profile, say });
    const store = await (await services.local.ledger()).writer(args.profile);
    const controller = new AbortController();
    const stop = (signal: NodeJS.Signals) => {
      say(
        `${signal === 'SIGTERM' ? 'stopped' : 'interrupted'}: the months switched in so far are whole; the same command finishes the rest`,
      );
      controller.abort();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const totals = { written: 0, removed: 0, unchanged: 0, legsWritten: 0, bytesWritten: 0 };
    // Each party's months go to the lake as soon as its sync is done, while the next party syncs
    // (the store's sync and the lake's writing share two cores instead of taking turns).
    let writing: Promise<void> = Promise.resolve();
    let writeError: unknown = null;
    let syncEnded = 0;
    let queued = 0;
    const writeParty = (party: string, total: number) => {
      // Written one party at a time: its place in the run is counted here, not in writeLake's list of one.
      const position = { index: queued++, total };
      writing = writing.then(async () => {
        if (writeError !== null || controller.signal.aborted) return;
        try {
          const w = await store.read((connection) =>
            writeLake(connection, {
              lake: args.lake,
              parties: [party],
              program,
              profile: args.profile,
              say,
              signal: controller.signal,
              summarize: false,
              position,
              beforeCommit,
            }),
          );
          for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += w[key];
        } catch (error) {
          writeError = error;
        }
      });
    };
    const synced = await syncMany({
      profile: args.profile,
      parties: args.parties,
      node: args.node,
      after: null,
      before: null,
      // Only parties whose store is whole now: a failed one keeps its lake months as they were.
      onPartyDone: writeParty,
    }).finally(() => {
      syncEnded = Date.now();
    });
    await writing.finally(() => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    });
    if (synced.code === EXIT.interrupted || synced.code === EXIT.stopped) return synced.code;
    if (writeError !== null) throw writeError;
    const manifest = await writeLakeManifest(args.lake, { program, profile: args.profile });
    const parties = synced.done.parties.filter((p) => p.state === 'done' || p.state === 'skipped').length;
    const seconds = (Date.now() - started) / 1000;
    const summary = {
      command: 'lake sync',
      lake: args.lake,
      profile: args.profile,
      parties,
      failed: synced.done.failed,
      legsFetched: synced.done.legs,
      monthsWritten: totals.written,
      monthsRemoved: totals.removed,
      monthsUnchanged: totals.unchanged,
      legsWritten: totals.legsWritten,
      bytesWritten: totals.bytesWritten,
      lakeLegs: manifest.legs,
      lakeBytes: manifest.bytes,
      // The store's sync alone, and the lake's writing left after it (most of it ran during the sync).
      syncSeconds: (syncEnded - started) / 1000,
      seconds,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return synced.code;
  });
  return outcome;
}

async function verify(args: LakeReadArgs): Promise<number> {
  // Under the lock: a writer between a month's file and its manifest would read as a difference.
  return withLock(args.lake, 'npm run cli -- lake verify', args.waitMs, async () => {
    const started = Date.now();
    let shown = 0;
    const result = await verifyLake(args.lake, (done, total) => {
      if (Date.now() - shown > 2000) say(`verify: ${done} of ${total} partitions`);
      if (Date.now() - shown > 2000) shown = Date.now();
    });
    const seconds = (Date.now() - started) / 1000;
    for (const p of result.problems) say(`differs: ${p.where}: ${p.problem}`);
    const summary = {
      command: 'lake verify',
      lake: args.lake,
      ...result,
      seconds,
      legsPerSecond: seconds > 0 ? Math.round(result.legs / seconds) : result.legs,
    };
    process.stdout.write(`${JSON.stringify(args.json ? summary : { ...summary, problems: result.problems.length })}\n`);
    if (result.problems.length === 0)
      say(`verified: ${result.partitions} partitions, ${result.legs} legs, every one as its manifest says`);
    return result.problems.length === 0 ? EXIT.done : EXIT.failed;
  });
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
function age(seconds: number | null): string {
  if (seconds === null) return '?';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

async function status(args: LakeReadArgs): Promise<number> {
  let s: Awaited<ReturnType<typeof lakeStatus>>;
  try {
    s = await lakeStatus(args.lake);
  } catch (error) {
    say(`error: ${(error as Error).message.split('\n')[0]}`);
    return EXIT.failed;
  }
  if (s.warning) say(`warning: ${s.warning}`);
  if (args.json) {
    process.stdout.write(`${JSON.stringify(s)}\n`);
    return EXIT.done;
  }
  const rows = s.parties.map((p) => [
    p.party,
    String(p.months),
    String(p.legs),
    mb(p.bytes),
    p.firstAt?.slice(0, 10) ?? '-',
    p.lastAt?.slice(0, 10) ?? '-',
    age(p.ageSeconds),
  ]);
  const head = ['party', 'months', 'legs', 'size', 'first', 'last', 'synced'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(
    `${[
      `lake ${s.lake}: ${s.parties.length} parties, ${s.legs} legs, ${mb(s.bytes)}; manifest of ${s.writtenAt} by ${s.writer?.program} on ${s.writer?.host}`,
      line(head),
      ...rows.map(line),
    ].join('\n')}\n`,
  );
  return EXIT.done;
}

export const lakeCommand = { sync, verify, status };
