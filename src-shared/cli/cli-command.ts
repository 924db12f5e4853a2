// The command line that does what a Local ledger view shows (docs/local-ledger.md, "Command
// line"): `npm run --silent cli -- sync ...` for the party, node and range on screen, which is what
// a scheduled job runs to keep that view fresh, and `... export ...` for its file.
//
// What it never holds: a secret. The CLI takes the ledger JWT from the OS keychain or from
// LEDGER_EXPLORER_LEDGER_JWT; nothing here has a place for one, and the builders read only the
// fields they name (a view object with more in it adds nothing to the line).
//
// Every argument is a POSIX shell word, so the line runs the same under cron's /bin/sh (dash on
// Debian), bash and zsh, and no party or node id, however hostile, can end its word or start a
// command. Plain single quotes only (text/shell-quote.ts, posixWord): `$'…'` (shellWord, for bash snippets) is not in every
// /bin/sh, and the contract's ids hold no control characters to show.

import { posixWord } from '../text/shell-quote.ts';
import { isoText, readRfc3339 } from '../time/time-text.ts';

/**
 * How the command starts: the repository's npm script, run in the Ledger Explorer folder. `--silent`:
 * without it npm writes two header lines on stdout, before the CLI's one JSON summary a job reads.
 */
export const CLI_PREFIX: readonly string[] = ['npm', 'run', '--silent', 'cli', '--'];

export const CLI_EXPORT_FORMATS = ['parquet', 'parquet-by-month', 'csv', 'jsonl'] as const;
export type CliExportFormat = (typeof CLI_EXPORT_FORMATS)[number];

interface CommonInput {
  profileId: string;
  party: string;
  /** The user-data folder whose store the app reads; null: the CLI's default (the desktop app's folder). */
  userDataDir?: string | null;
}

export interface SyncCommandInput extends CommonInput {
  /** The validator node; null: the profile's or deployment's default. */
  nodeId: string | null;
  /** The range as the contract holds it (RFC 3339, UTC), each end optional. */
  after: string | null;
  before: string | null;
}

export interface ExportCommandInput extends CommonInput {
  format: CliExportFormat;
  out: string;
}

/** The sync's arguments after CLI_PREFIX, in the order `--help` lists them. */
export function syncArguments(input: SyncCommandInput): string[] {
  return [
    'sync',
    ...option('--profile', input.profileId),
    ...option('--party', input.party),
    ...(input.nodeId === null ? [] : option('--node', input.nodeId)),
    ...(input.after === null ? [] : option('--after', cliTime(input.after))),
    ...(input.before === null ? [] : option('--before', cliTime(input.before))),
    ...userData(input),
  ];
}

/** The export's arguments after CLI_PREFIX. */
export function exportArguments(input: ExportCommandInput): string[] {
  return [
    'export',
    ...option('--profile', input.profileId),
    ...option('--party', input.party),
    ...option('--format', input.format),
    ...option('--out', input.out),
    ...userData(input),
  ];
}

/** `npm run --silent cli -- sync …` as one line a shell runs as written. */
export function syncCommand(input: SyncCommandInput): string {
  return commandLine([...CLI_PREFIX, ...syncArguments(input)]);
}

/** `npm run --silent cli -- export …` as one line a shell runs as written. */
export function exportCommand(input: ExportCommandInput): string {
  return commandLine([...CLI_PREFIX, ...exportArguments(input)]);
}

/** Words joined by spaces, each quoted only when it needs to be. */
export function commandLine(words: readonly string[]): string {
  return words.map(posixWord).join(' ');
}

/**
 * A time as the CLI takes it: `YYYY-MM-DD` when it is a UTC midnight (what the Local ledger's date
 * fields mean), otherwise RFC 3339 in UTC. Text that is not a time is passed on as it is: the CLI
 * then refuses it by name rather than this line guessing.
 */
export function cliTime(iso: string): string {
  const at = readRfc3339(iso);
  if (at === null) return iso;
  const text = isoText(at);
  return text.endsWith('T00:00:00Z') ? text.slice(0, 10) : text;
}

/**
 * `--name value`, or `--name=value` when the value starts with a dash: a parser (Node's parseArgs
 * among them) would take `--party -x::1220…` for two options. A party id may start with a dash.
 */
function option(name: string, value: string): string[] {
  return value.startsWith('-') ? [`${name}=${value}`] : [name, value];
}

function userData(input: CommonInput): string[] {
  return input.userDataDir ? option('--user-data-dir', input.userDataDir) : [];
}
