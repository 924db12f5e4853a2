// The CLI's arguments, checked before anything starts: a bad one is refused with exit code 2 and a
// message naming it (the same rules as the app's fields: the contract's schemas, the one time reader).
// What needs the user's settings (is the profile there, which party a name means, which nodes the
// profile has) is checked next, in cli-resolve.ts, with the valid values listed.
import { parseArgs } from 'node:util';
import { LocalExportFormat } from '../../src-shared/contract/local-ledger.ts';
import { SCOPE_MAX_PARTIES } from '../../src-shared/contract/party-scope.ts';
import { NodeIdText } from '../../src-shared/contract/transfers.ts';
import { readTimeRange } from '../../src-shared/time/time-text.ts';

export class UsageError extends Error {}

/** What every command that opens a store shares. */
interface StoreCommand {
  profile: string;
  /** A full party id or a name the profile knows (cli-resolve.ts). */
  party: string;
  userDataDir: string | null;
  keychainService: string | null;
  /** How long to wait for another program that has the store open or syncs the party, in ms. */
  waitMs: number;
  /** Tests: the size of the in-process sandbox's ledger (sandbox profile only). */
  sandboxTransfers: number | null;
  /** Tests: one sandbox party's id is the longest the party id pattern allows. */
  sandboxLongPartyId: boolean;
}
export interface SyncArgs extends StoreCommand {
  command: 'sync';
  /** `--parties all-readable`: every party the profile's JWT reads (party is then ''). */
  allReadable: boolean;
  node: string | null;
  after: string | null;
  before: string | null;
}
export interface ExportArgs extends StoreCommand {
  command: 'export';
  format: LocalExportFormat;
  out: string;
}
/** `aggregates`: check the store's kept aggregates against its legs, rebuilding them first with --rebuild. */
export interface AggregatesArgs extends StoreCommand {
  command: 'aggregates';
  rebuild: boolean;
}
export interface ProfilesArgs {
  command: 'profiles';
  json: boolean;
  userDataDir: string | null;
}
/** `lake sync`: sync the parties into the store, then write their changed months to the lake (docs/lake.md). */
export interface LakeSyncArgs extends StoreCommand {
  command: 'lake';
  action: 'sync';
  /** Party ids or names (cli-resolve.ts), or every party the profile's JWT reads. */
  parties: string[] | 'all-readable';
  node: string | null;
  lake: string;
}
/** `lake verify` and `lake status`: read the lake only (no profile, no store). */
export interface LakeReadArgs {
  command: 'lake';
  action: 'verify' | 'status';
  lake: string;
  json: boolean;
  waitMs: number;
}
export type LakeArgs = LakeSyncArgs | LakeReadArgs;
export interface HelpArgs {
  command: 'help';
}
export type CliArgs = SyncArgs | ExportArgs | AggregatesArgs | ProfilesArgs | LakeArgs | HelpArgs;

export const COMMANDS = ['sync', 'export', 'aggregates', 'profiles', 'lake', 'help'] as const;
export const LAKE_ACTIONS = ['sync', 'verify', 'status'] as const;
/** At most this many parties named on one command line (a sync of many parties takes as many: all-readable has no limit). */
const MAX_NAMED_PARTIES = SCOPE_MAX_PARTIES;
export const DEFAULT_WAIT_SECONDS = 600;
const MAX_WAIT_SECONDS = 86_400;

/** The usage, as `--help` prints it; `userData` says which folder this run would use and why. */
export function usage(userData: { dir: string; from: string }): string {
  return `Ledger Explorer's command line: sync a party's transfer legs into the local store, and export them,
from a terminal or a scheduler (cron, a systemd timer). The same stores, profiles and keychain as the app.

usage:
  npm run cli -- sync     --profile P --party X [--node N] [--after T] [--before T] [options]
  npm run cli -- sync     --profile P --parties all-readable [--node N] [--after T] [--before T] [options]
  npm run cli -- export   --profile P --party X --format F --out PATH [options]
  npm run cli -- aggregates --profile P [--rebuild] [options]
  npm run cli -- profiles [--json] [--user-data-dir D]
  npm run cli -- lake sync   --profile P --parties X,Y,…|all-readable --lake DIR [--node N] [options]
  npm run cli -- lake verify --lake DIR [--json] [--wait S]
  npm run cli -- lake status --lake DIR [--json]
  npm run cli -- help     (or --help, -h)

commands:
  sync       Fetches the party's legs into <user-data>/local-ledger/<profile>.duckdb. The first sync
             of a party fetches its whole history (or the --after/--before window); later ones fetch
             only what is new. An interrupted sync resumes where it stopped when run again.
  export     Writes every stored leg of the party, oldest first, to --out.
  aggregates Checks the totals the store keeps per party, instrument, UTC day, counterparty, direction
             and status (what Counterparties and Flows read) against its legs, and names any that
             differ (exit 1). --rebuild: rebuild them from the legs first, in one transaction.
  profiles   Lists the connection profiles: id, kind, name (--json: one JSON array, for scripts).
  lake sync  Syncs each party into the store as \`sync\` does (only what is new), then writes the months
             that changed to a team's lake: Hive-partitioned Parquet that DuckDB, Spark, Trino and
             BigQuery read (party=…/month=YYYY-MM/part-0.parquet), each month switched in whole
             (docs/lake.md). One writer at a time: a second waits (--wait), a dead one's lock is taken over.
  lake verify  Recomputes every partition's legs, totals and hash and names any that differ from its
             manifest (exit 1).
  lake status  Lists the lake's parties: months, legs, size, first and last leg, age of the sync.
  help       This text.

options:
  --profile P          A profile id, as \`profiles\` lists them (the built-in one is "sandbox").
  --party X            A full party id (name::1220…), or a name the profile knows: an address-book
                       label or, on the sandbox profile, one of its parties (exchange-north). Whole
                       name, any case; a name that fits several parties lists them.
  --parties all-readable
                       sync only: every party the profile's ledger JWT reads (its readAs and actAs;
                       on the sandbox profile, the sandbox's parties), one after another. A party
                       the service refuses is reported and the others go on (exit 1 if any failed);
                       an interrupted run resumes with the same command, skipping finished parties.
  --lake DIR           (lake) The lake's folder (created by the first lake sync).
  --node N             The validator node to read from (default: the profile's default node). On the
                       sandbox profile one of its nodes (a wrong one lists them); on a remote profile
                       any node id the deployment knows.
  --after T            Only legs at or after T.
  --before T           Only legs before T.
                       T is a date, YYYY-MM-DD (midnight UTC), a date and time in UTC
                       (YYYY-MM-DD HH:MM[:SS]), or any RFC 3339 date-time with its offset
                       (2026-10-30T14:30:00Z, 2026-10-30T16:30:00+02:00). A time without an offset is
                       UTC, never this machine's zone.
  --format F           parquet | parquet-by-month | csv | jsonl (docs/local-ledger.md, "Export").
  --out PATH           The file to write (for parquet-by-month a folder, which must not exist yet).
  --wait S             How long to wait, in seconds, when another program has the store open (the app,
                       the browser version, another sync) or syncs the same party: it finishes first,
                       then this run goes on. Default ${DEFAULT_WAIT_SECONDS}; 0: do not wait.
  --user-data-dir D    The user-data folder (default below).
  --json               (profiles) One JSON array instead of a table.
  --keychain-service N The OS keychain service that holds the profiles' secrets (default: the app's).
  --sandbox-transfers N  (tests) The size of the sandbox profile's in-process ledger.
  --sandbox-long-party-id  (tests) The sandbox's third party (custodian-a) gets the longest party
                       id the spec allows (a 185-character hint).

environment:
  LEDGER_EXPLORER_LEDGER_JWT  The ledger JWT for --profile, instead of the one saved in the OS
                              keychain. Read once, never printed or saved.
  LEDGER_EXPLORER_USER_DATA   The user-data folder, instead of the default.

user-data folder: ${userData.dir}
                  (${userData.from})

output:
  Progress and waits on stderr ("sync: 20000 legs, 20 pages, …"); one JSON line on stdout that sums
  up (sync: state, window, legs, pages, seconds, store; export: path, rows, bytes).

exit codes:
  0    done
  1    failed (the reason on stderr: no JWT, the service refused, the store could not be written)
  2    a bad argument (the message names it and lists the valid values)
  75   another program kept the store (or the party's sync) longer than --wait: nothing was changed;
       run again later
  130  interrupted (Ctrl+C, SIGINT); 143: stopped (SIGTERM). A sync resumes where it stopped when the
       same command runs again.`;
}

const OPTIONS = {
  profile: { type: 'string' },
  party: { type: 'string' },
  parties: { type: 'string' },
  node: { type: 'string' },
  after: { type: 'string' },
  before: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  wait: { type: 'string' },
  json: { type: 'boolean' },
  rebuild: { type: 'boolean' },
  lake: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'user-data-dir': { type: 'string' },
  'keychain-service': { type: 'string' },
  'sandbox-transfers': { type: 'string' },
  'sandbox-long-party-id': { type: 'boolean' },
} as const;

const STORE_OPTIONS = [
  'profile',
  'party',
  'user-data-dir',
  'keychain-service',
  'sandbox-transfers',
  'sandbox-long-party-id',
  'wait',
];
const ALLOWED: Record<Exclude<(typeof COMMANDS)[number], 'help'>, string[]> = {
  sync: [...STORE_OPTIONS, 'parties', 'node', 'after', 'before'],
  export: [...STORE_OPTIONS, 'format', 'out'],
  aggregates: [...STORE_OPTIONS.filter((o) => o !== 'party'), 'rebuild'],
  profiles: ['json', 'user-data-dir'],
  lake: [],
};
const LAKE_ALLOWED: Record<(typeof LAKE_ACTIONS)[number], string[]> = {
  sync: [
    'profile',
    'parties',
    'node',
    'lake',
    'wait',
    'user-data-dir',
    'keychain-service',
    'sandbox-transfers',
    'sandbox-long-party-id',
  ],
  verify: ['lake', 'json', 'wait'],
  status: ['lake', 'json'],
};

export function parseCliArgs(argv: readonly string[]): CliArgs {
  // --help anywhere wins, even beside a mistake: the person asking wants the usage.
  if (argv.includes('--help') || argv.includes('-h')) return { command: 'help' };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (command === undefined) throw new UsageError(`a command is needed: ${COMMANDS.join(', ')}`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`unknown command "${command}": the commands are ${COMMANDS.join(', ')}`);
  }
  if (command === 'help') return { command: 'help' };
  if (command === 'lake') return parseLakeArgs(extra, values);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const name = command as keyof typeof ALLOWED;
  for (const option of Object.keys(values)) {
    if (!ALLOWED[name].includes(option)) {
      throw new UsageError(
        `--${option} is not an option of ${name}: its options are ${ALLOWED[name].map((o) => `--${o}`).join(', ')}`,
      );
    }
  }
  const userDataDir = values['user-data-dir'] ?? null;
  if (userDataDir !== null && userDataDir.trim() === '') throw new UsageError('--user-data-dir: a folder is needed');
  if (name === 'profiles') return { command: 'profiles', json: values.json ?? false, userDataDir };

  const sandboxTransfers = values['sandbox-transfers'];
  if (sandboxTransfers !== undefined && !/^[1-9]\d{0,6}$/.test(sandboxTransfers)) {
    throw new UsageError('--sandbox-transfers: a whole number from 1 to 9999999');
  }
  // `sync --parties all-readable`: every party the profile's JWT reads, instead of one --party.
  const allReadable = values.parties !== undefined;
  if (allReadable && values.parties !== 'all-readable') {
    throw new UsageError(`--parties: "${values.parties}" is not a choice; the one choice is all-readable`);
  }
  if (allReadable && values.party !== undefined) throw new UsageError('--party and --parties: give one of them');
  const common: StoreCommand = {
    profile: required('--profile', values.profile).trim(),
    party: allReadable || name === 'aggregates' ? '' : required('--party', values.party).trim(),
    userDataDir,
    keychainService: values['keychain-service'] ?? null,
    waitMs: waitSeconds(values.wait) * 1000,
    sandboxTransfers: sandboxTransfers === undefined ? null : Number(sandboxTransfers),
    sandboxLongPartyId: values['sandbox-long-party-id'] ?? false,
  };
  if (common.profile === '')
    throw new UsageError('--profile: a profile id is needed (`npm run cli -- profiles` lists them)');
  if (common.party === '' && !allReadable && name !== 'aggregates')
    throw new UsageError('--party: a party id or a party name is needed');
  if (name === 'aggregates') return { command: 'aggregates', ...common, rebuild: values.rebuild ?? false };
  if (name === 'sync') {
    const range = readTimeRange({ from: values.after ?? '', before: values.before ?? '' }, 'utc', {
      from: '--after',
      before: '--before',
    });
    if (!range.ok) throw new UsageError(range.issues.from ?? range.issues.before ?? 'not a time range');
    let node: string | null = null;
    if (values.node !== undefined) {
      const checked = NodeIdText.safeParse(values.node);
      if (!checked.success) throw new UsageError(`--node: ${checked.error.issues[0]?.message ?? 'not a node id'}`);
      node = checked.data;
    }
    return { command: 'sync', ...common, allReadable, node, after: range.from, before: range.before };
  }
  const formatText = required('--format', values.format);
  const format = LocalExportFormat.safeParse(formatText);
  if (!format.success) {
    throw new UsageError(
      `--format: "${formatText}" is not a format; the formats are ${LocalExportFormat.options.join(', ')}`,
    );
  }
  const out = required('--out', values.out);
  if (out.trim() === '') throw new UsageError('--out: a file path is needed');
  return { command: 'export', ...common, format: format.data, out };
}

function parseLakeArgs(extra: readonly string[], values: Record<string, string | boolean | undefined>): LakeArgs {
  const [action, ...more] = extra;
  if (action === undefined || !(LAKE_ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `lake: ${action === undefined ? 'an action is needed' : `unknown action "${action}"`}: the actions are ${LAKE_ACTIONS.join(', ')}`,
    );
  if (more.length > 0) throw new UsageError(`unexpected argument "${more[0]}"`);
  const name = action as (typeof LAKE_ACTIONS)[number];
  for (const option of Object.keys(values)) {
    if (!LAKE_ALLOWED[name].includes(option))
      throw new UsageError(
        `--${option} is not an option of lake ${name}: its options are ${LAKE_ALLOWED[name].map((o) => `--${o}`).join(', ')}`,
      );
  }
  const lake = required('--lake', values.lake as string | undefined);
  if (lake.trim() === '') throw new UsageError('--lake: a folder is needed');
  const waitMs = waitSeconds(values.wait as string | undefined) * 1000;
  if (name !== 'sync')
    return { command: 'lake', action: name, lake, json: (values.json as boolean | undefined) ?? false, waitMs };
  const text = required('--parties', values.parties as string | undefined).trim();
  const named =
    text === 'all-readable'
      ? 'all-readable'
      : text
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p !== '');
  if (named !== 'all-readable' && named.length === 0)
    throw new UsageError('--parties: party ids or names, separated by commas, or all-readable');
  if (named !== 'all-readable' && named.length > MAX_NAMED_PARTIES)
    throw new UsageError(`--parties: at most ${MAX_NAMED_PARTIES} parties (or all-readable)`);
  const profile = required('--profile', values.profile as string | undefined).trim();
  if (profile === '') throw new UsageError('--profile: a profile id is needed (`npm run cli -- profiles` lists them)');
  let node: string | null = null;
  if (values.node !== undefined) {
    const checked = NodeIdText.safeParse(values.node);
    if (!checked.success) throw new UsageError(`--node: ${checked.error.issues[0]?.message ?? 'not a node id'}`);
    node = checked.data;
  }
  const sandboxTransfers = values['sandbox-transfers'] as string | undefined;
  if (sandboxTransfers !== undefined && !/^[1-9]\d{0,6}$/.test(sandboxTransfers))
    throw new UsageError('--sandbox-transfers: a whole number from 1 to 9999999');
  return {
    command: 'lake',
    action: 'sync',
    profile,
    party: '',
    parties: named,
    node,
    lake,
    userDataDir: (values['user-data-dir'] as string | undefined) ?? null,
    keychainService: (values['keychain-service'] as string | undefined) ?? null,
    waitMs,
    sandboxTransfers: sandboxTransfers === undefined ? null : Number(sandboxTransfers),
    sandboxLongPartyId: (values['sandbox-long-party-id'] as boolean | undefined) ?? false,
  };
}

function waitSeconds(text: string | undefined): number {
  if (text === undefined) return DEFAULT_WAIT_SECONDS;
  if (!/^\d{1,6}$/.test(text.trim()) || Number(text) > MAX_WAIT_SECONDS) {
    throw new UsageError(`--wait: a whole number of seconds from 0 to ${MAX_WAIT_SECONDS} (got "${text}")`);
  }
  return Number(text);
}

function required(name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${name} is required`);
  return value;
}
