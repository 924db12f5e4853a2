// `npm run cli -- sync|export ...`: the local ledger's sync and export, headless, for a team that
// schedules them (cron, CI) and feeds a warehouse. The same services as the desktop app, on the
// same user-data folder and keychain (docs/local-ledger.md, "Command line").
// Progress lines go to stderr; one JSON line, the summary, to stdout.
// Exit codes: 0 done; 1 failed (the message on stderr); 2 bad arguments (naming the argument);
// 130 interrupted (SIGINT: the sync is cancelled and the next run of the same command resumes it).
import {
  ALL_LEGS,
  type LocalExportRequest,
  type LocalExportResult,
  type SyncStatus,
} from '../../src-shared/contract/local-ledger.ts';
import type { AppServices } from '../services/app-services.ts';
import { syncTestHooks } from '../services/local-ledger/sync-run.ts';
import { type CliArgs, type ExportArgs, parseCliArgs, type SyncArgs, USAGE, UsageError } from './cli-args.ts';
import { startCliServices } from './cli-services.ts';
import { progressLine } from './progress-line.ts';
import { defaultUserDataDir } from './user-data-dir.ts';

const say = (line: string) => process.stderr.write(`${line}\n`);

class Failed extends Error {}

async function call<T>(services: AppServices, channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Failed(answer.error.message);
  return answer.value as T;
}

async function sync(services: AppServices, args: SyncArgs): Promise<number> {
  // Tests (durability): a line just before the window is replaced, so a kill can land in that transaction.
  if (process.env.LEDGER_EXPLORER_TEST_HOOKS === 'sync')
    syncTestHooks.beforeReplace = () => say('test-hook: replacing');
  const started = await call<SyncStatus>(services, 'local:sync', {
    profileId: args.profile,
    party: args.party,
    nodeId: args.node,
    range: { after: args.after, before: args.before },
  });
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    say('interrupted: cancelling the sync (the same command resumes it)');
    void services.local.cancelSync(started.jobId).catch(() => {});
  };
  process.on('SIGINT', onSigint);
  let shown = '';
  const show = () => {
    const line = progressLine(services.local.syncStatus(started.jobId));
    if (line !== shown) say(line);
    shown = line;
  };
  const timer = setInterval(show, 100);
  const done = await services.local.waitForSync(started.jobId).finally(() => clearInterval(timer));
  process.off('SIGINT', onSigint);
  show();
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
    pages: done.pages,
    seconds,
    legsPerSecond: seconds > 0 ? Math.round(done.legs / seconds) : done.legs,
    store: services.local.storePath(args.profile),
    ...(done.error ? { error: done.error.message } : {}),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (done.state === 'done') return 0;
  if (interrupted || done.state === 'cancelled') return 130;
  say(`error: ${done.error?.message ?? 'the sync failed'}`);
  return 1;
}

async function exportStore(services: AppServices, args: ExportArgs): Promise<number> {
  const request: LocalExportRequest = {
    profileId: args.profile,
    format: args.format,
    source: {
      kind: 'legs',
      party: args.party,
      filters: ALL_LEGS,
      sort: { column: 'effectiveAt', desc: false },
    },
  };
  const result = await call<LocalExportResult | null>(services, 'local:export', request);
  if (!result) throw new Failed('the export was not written');
  process.stdout.write(`${JSON.stringify({ command: 'export', format: args.format, party: args.party, ...result })}\n`);
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say(`error: ${error.message}\n${USAGE}`);
    return 2;
  }
  const userDataDir = args.userDataDir ?? defaultUserDataDir();
  const services = await startCliServices({
    userDataDir,
    profile: args.profile,
    keychainService: args.keychainService,
    sandboxTransfers: args.sandboxTransfers,
    savePath: args.command === 'export' ? args.out : undefined,
    log: (line) => say(`[main] ${line}`),
  });
  try {
    if (!services.context.settings.settings.profiles.some((p) => p.id === args.profile)) {
      say(`error: --profile: no connection profile "${args.profile}" in ${userDataDir}`);
      return 2;
    }
    return args.command === 'sync' ? await sync(services, args) : await exportStore(services, args);
  } catch (error) {
    say(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await services.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
