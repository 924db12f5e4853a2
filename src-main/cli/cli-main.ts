// The CLI's commands (cli.ts says what they are for, and is the entry that runs them): arguments
// parsed, the app's services started for the store commands, the channels called through the typed
// client the renderer uses (cli-services.ts), one JSON summary on stdout and an exit code.
import { asBridgeError, isBridgeError } from '../../src-shared/contract/errors.ts';
import { ALL_LEGS, type LocalExportRequest, type SyncStatus } from '../../src-shared/contract/local-ledger.ts';
import type { SyncAllStatus } from '../../src-shared/contract/sync-all.ts';
import { type EngineStarter, forkEngine } from '../services/local-ledger/engine/engine-client.ts';
import type { StoreWaitNotice } from '../services/local-ledger/store/leg-access.ts';
import { userText } from '../services/local-ledger/store/store-markers.ts';
import { SettingsStore } from '../services/settings/settings-store.ts';
import {
  type AggregatesArgs,
  type CliArgs,
  type ExportArgs,
  type LakeSyncArgs,
  type ProfilesArgs,
  parseCliArgs,
  type SyncArgs,
  UsageError,
  usage,
} from './cli-args.ts';
import { EXIT, say } from './cli-exit.ts';
import type { ManySync } from './cli-lake.ts';
import { profileTable, resolveNode, resolveParty, resolveProfile } from './cli-resolve.ts';
import { type CliServices, startCliServices } from './cli-services.ts';
import { progressLine } from './progress-line.ts';
import { defaultUserDataDir, userDataDirSource } from './user-data-dir.ts';

/**
 * What an entry may set besides the arguments. The product's entry (cli.ts) sets nothing; the
 * durability tests' entry (test/durability/cli-with-hooks.ts) sets both, so that its kills can land
 * where they are told: the product has no test hook of its own to turn on.
 */
export interface CliRunOptions {
  /** How `sync` and `export` start their ledger engine (default: forkEngine, engine-main.ts). */
  engine?: EngineStarter;
  /** Called just before `lake sync` commits a party's month to the lake (lake-writer.ts beforeCommit). */
  beforeLakeCommit?: (party: string, month: string | null) => void;
}

/** Waits for the store, said on stderr when they start and every 10 seconds after (a log is not a progress bar). */
function waitReporter(waitSeconds: number): (wait: StoreWaitNotice) => void {
  let said = Number.NEGATIVE_INFINITY;
  let holderSaid = '';
  return ({ holder, waitedMs, path }) => {
    const who = holder ? userText(holder) : 'another program';
    if (waitedMs < 1000 || (who === holderSaid && waitedMs - said < 10_000)) return;
    said = waitedMs;
    holderSaid = who;
    say(
      `waiting: ${who} has the local store ${path} open; waited ${Math.round(waitedMs / 1000)} s of at most ${waitSeconds} s (--wait)`,
    );
  };
}

/**
 * Said once a sync started: the ledger engine that runs it holds the store, so the store's markers
 * (and so the app's "waiting for ..." words) name its PID, not this process's.
 */
function sayEngine(services: CliServices): void {
  const pid = services.local.engine?.pid;
  if (pid) say(`engine: the ledger engine (PID ${pid}) runs this sync; the store's markers name that PID`);
}

/** The lake's commands, loaded only for them: the lake modules load DuckDB, which a sync's main never does. */
const lakeCommands = async () => (await import('./cli-lake.ts')).lakeCommand;

/** A job's status, asked every `everyMs` until it ended; `show` sees each answer. */
async function untilEnded<T extends { state: string }>(
  status: () => Promise<T>,
  show: (status: T) => void,
  everyMs: number,
): Promise<T> {
  for (;;) {
    const now = await status();
    show(now);
    if (now.state !== 'running' && now.state !== 'waiting') return now;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function sync(services: CliServices, args: SyncArgs, party: string, node: string | null): Promise<number> {
  const started = await services.api.local.sync({
    profileId: args.profile,
    party,
    nodeId: node,
    range: { after: args.after, before: args.before },
  });
  sayEngine(services);
  let stoppedBy: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    say(`${signal === 'SIGTERM' ? 'stopped' : 'interrupted'}: cancelling the sync (the same command resumes it)`);
    void services.api.local.cancelSync(started.jobId).catch(() => {});
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let shown = '';
  const show = (status: SyncStatus) => {
    const line = progressLine(status);
    if (line !== shown) say(line);
    shown = line;
  };
  // The sync runs in the ledger engine: its status is asked for, as the app's sync panel does.
  let done: SyncStatus;
  try {
    done = await untilEnded(() => services.api.local.syncStatus(started.jobId), show, 100);
  } catch (error) {
    // A SIGTERM to the process group stopped the engine too (engine-main.ts): the store resumes as from a cancel.
    if (stoppedBy) return stoppedBy === 'SIGTERM' ? EXIT.stopped : EXIT.interrupted;
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const seconds = (Date.parse(done.finishedAt ?? new Date().toISOString()) - Date.parse(done.startedAt)) / 1000;
  const summary = {
    command: 'sync',
    state: done.state,
    profile: done.profileId,
    party: done.party,
    nodeId: done.nodeId,
    window: done.window,
    incremental: done.incremental,
    resumed: done.resumed,
    legs: done.legs,
    newLegs: done.newLegs,
    changedLegs: done.changedLegs,
    goneLegs: done.goneLegs,
    pages: done.pages,
    seconds,
    legsPerSecond: seconds > 0 ? Math.round(done.legs / seconds) : done.legs,
    store: services.local.storePath(args.profile),
    ...(done.error ? { error: done.error.message } : {}),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (done.state === 'done') return EXIT.done;
  if (stoppedBy === 'SIGTERM') return EXIT.stopped;
  if (stoppedBy || done.state === 'cancelled') return EXIT.interrupted;
  say(`error: ${done.error?.message ?? 'the sync failed'}`);
  return done.error?.details?.cause === 'busy' ? EXIT.busy : EXIT.failed;
}

async function exportStore(services: CliServices, args: ExportArgs, party: string): Promise<number> {
  const request: LocalExportRequest = {
    profileId: args.profile,
    format: args.format,
    source: {
      kind: 'legs',
      party,
      filters: ALL_LEGS,
      sort: { column: 'effectiveAt', desc: false },
    },
  };
  const result = await services.api.local.export(request);
  if (!result) throw new Error('the export was not written');
  process.stdout.write(`${JSON.stringify({ command: 'export', format: args.format, party, ...result })}\n`);
  return EXIT.done;
}

/** Parties one after another (all-readable, or a list); a line per change of the combined progress. */
async function syncMany(services: CliServices, args: ManySync): Promise<{ code: number; done: SyncAllStatus }> {
  const started = await services.api.local.syncAll({
    profileId: args.profile,
    parties: args.parties,
    nodeId: args.node,
    range: { after: args.after, before: args.before },
  });
  sayEngine(services);
  let stoppedBy: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    say(
      `${signal === 'SIGTERM' ? 'stopped' : 'interrupted'}: cancelling (the same command resumes it, skipping finished parties)`,
    );
    void services.api.local.cancelSyncAll(started.jobId).catch(() => {});
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let shown = '';
  const told = new Set<string>();
  let last: SyncAllStatus | null = null;
  const show = (s: SyncAllStatus) => {
    last = s;
    for (const p of s.parties) {
      if ((p.state === 'done' || p.state === 'skipped') && !told.has(p.party)) {
        told.add(p.party);
        args.onPartyDone?.(p.party, s.total);
      }
    }
    const line = `sync all: ${s.done} of ${s.total} parties, ${s.legs} legs${s.failed ? `, ${s.failed} failed` : ''}${s.current ? `, now ${s.current}` : ''}`;
    if (line !== shown) say(line);
    shown = line;
  };
  let done: SyncAllStatus;
  try {
    done = await untilEnded(() => services.api.local.syncAllStatus(started.jobId), show, 250);
  } catch (error) {
    // As in sync(): the engine was stopped by the same SIGTERM; the last status said is the summary's.
    const seen = last as SyncAllStatus | null;
    if (!stoppedBy || !seen) throw error;
    done = { ...seen, state: 'cancelled' };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  for (const p of done.parties) if (p.error) say(`failed: ${p.party}: ${p.error.message}`);
  if (stoppedBy === 'SIGTERM') return { code: EXIT.stopped, done };
  if (stoppedBy || done.state === 'cancelled') return { code: EXIT.interrupted, done };
  return { code: done.state === 'done' && done.failed === 0 ? EXIT.done : EXIT.failed, done };
}

/** `sync --parties all-readable`: every party the JWT reads, one after another. */
async function syncAll(services: CliServices, args: SyncArgs, node: string | null): Promise<number> {
  const { code, done } = await syncMany(services, { ...args, parties: 'all-readable', node });
  const summary = {
    command: 'sync',
    parties: 'all-readable',
    state: done.state,
    profile: done.profileId,
    source: done.source,
    resumed: done.resumed,
    total: done.total,
    done: done.done,
    failed: done.failed,
    legs: done.legs,
    perParty: done.parties.map((p) => ({ party: p.party, state: p.state, legs: p.legs })),
    store: services.local.storePath(args.profile),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return code;
}

/** `profiles`: what --profile takes, read from the settings without starting anything. */
async function profiles(args: ProfilesArgs, userDataDir: string): Promise<number> {
  const settings = await SettingsStore.open(userDataDir);
  const list = settings.settings.profiles;
  if (args.json) {
    const rows = list.map((p) => ({
      id: p.id,
      kind: p.kind,
      name: p.name,
      active: p.id === settings.settings.activeProfileId,
    }));
    process.stdout.write(`${JSON.stringify(rows)}\n`);
  } else {
    process.stdout.write(`${profileTable(list)}\n`);
  }
  return EXIT.done;
}

/** The kept aggregates against the legs (after a rebuild with --rebuild): exit 1 when any differ. */
async function aggregates(services: CliServices, args: AggregatesArgs): Promise<number> {
  const check = await services.api.local.aggregates({ profileId: args.profile, rebuild: args.rebuild });
  const { elapsedMs, ...figures } = check;
  const rows = `${check.rows.toLocaleString('en')} rows for ${check.legs.toLocaleString('en')} legs`;
  say(
    check.differing === 0
      ? `aggregates: ${rows}${check.rebuilt ? ', rebuilt' : ''}: every one agrees with the legs`
      : `aggregates: ${check.differing.toLocaleString('en')} rows differ from the legs${check.examples.length > 0 ? ` (the first: ${JSON.stringify(check.examples[0])})` : ' (kept rows of days that hold no leg)'}; \`npm run cli -- aggregates --profile ${args.profile} --rebuild\` rebuilds them`,
  );
  process.stdout.write(`${JSON.stringify({ command: 'aggregates', ...figures, seconds: elapsedMs / 1000 })}\n`);
  return check.differing === 0 ? EXIT.done : EXIT.failed;
}

async function storeCommand(
  args: SyncArgs | ExportArgs | AggregatesArgs | LakeSyncArgs,
  userDataDir: string,
  run: CliRunOptions,
): Promise<number> {
  const waitSeconds = Math.round(args.waitMs / 1000);
  const services = await startCliServices({
    userDataDir,
    profile: args.profile,
    keychainService: args.keychainService,
    sandboxTransfers: args.sandboxTransfers,
    sandboxLongPartyId: args.sandboxLongPartyId,
    savePath: args.command === 'export' ? args.out : undefined,
    log: (line) => say(`[main] ${line}`),
    localLedger: {
      access: {
        program: `npm run cli -- ${args.command === 'lake' ? 'lake sync' : args.command}`,
        readWaitMs: args.waitMs,
        onWait: waitReporter(waitSeconds),
        busyAdvice: `nothing was changed; run this again when it is done, or wait longer than ${waitSeconds} s with --wait`,
      },
      syncWaitMs: args.waitMs,
      watch: false,
      // sync, sync all and export run in the ledger engine, as in the app: this process keeps the
      // credentials and the HTTP and never loads DuckDB. `lake sync` runs the ledger here: its lake
      // writer reads the store while the next party syncs, in the process that has the file open
      // (docs/architecture.md, "The ledger engine").
      ...(args.command === 'lake' ? {} : { engine: run.engine ?? forkEngine }),
    },
  });
  try {
    let party = '';
    let node: string | null = null;
    let parties: string[] | 'all-readable' = 'all-readable';
    try {
      const profile = resolveProfile(services.context.settings.settings.profiles, args.profile, userDataDir);
      if (args.command === 'lake') {
        const named = args.parties;
        if (named !== 'all-readable') {
          parties = [];
          for (const text of named) parties.push(await resolveParty(services, profile, text, '--parties'));
          parties = [...new Set(parties)];
        }
      } else if (args.command === 'aggregates') {
        // the whole store: no party, no node
      } else if (!(args.command === 'sync' && args.allReadable))
        party = await resolveParty(services, profile, args.party);
      if (args.command === 'sync' || args.command === 'lake') node = await resolveNode(services, profile, args.node);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      say(`error: ${error.message}`);
      return EXIT.usage;
    }
    if (args.command === 'lake')
      return await (await lakeCommands()).sync(
        services,
        { ...args, parties, node },
        (many) => syncMany(services, many),
        run.beforeLakeCommit,
      );
    if (args.command === 'aggregates') return await aggregates(services, args);
    if (args.command === 'sync' && args.allReadable) return await syncAll(services, args, node);
    return args.command === 'sync' ? await sync(services, args, party, node) : await exportStore(services, args, party);
  } catch (error) {
    // A channel's failure is the bridge's BridgeErrorShape (a plain object, not an Error): its message
    // is said as an Error's is, and a store busy past --wait is told by its cause.
    say(`error: ${asBridgeError(error).message}`);
    return isBridgeError(error) && error.details?.cause === 'busy' ? EXIT.busy : EXIT.failed;
  } finally {
    await services.close();
  }
}

/** One run of the CLI: its exit code. */
export async function runCli(argv: readonly string[], run: CliRunOptions = {}): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(`error: ${error.message}\n(npm run cli -- --help lists every command and option)`);
    return EXIT.usage;
  }
  if (args.command === 'help') {
    process.stdout.write(`${usage({ dir: defaultUserDataDir(), from: userDataDirSource() })}\n`);
    return EXIT.done;
  }
  if (args.command === 'lake' && args.action !== 'sync') return (await lakeCommands())[args.action](args);
  const userDataDir = args.userDataDir ?? defaultUserDataDir();
  if (args.command === 'profiles') return profiles(args, userDataDir);
  return storeCommand(args, userDataDir, run);
}
