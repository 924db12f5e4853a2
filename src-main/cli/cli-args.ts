// The CLI's arguments, checked before anything starts: a bad one is refused with exit code 2 and a
// message naming it (the same rules as the app's fields: the contract's schemas).
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { LocalExportFormat, TimeRange } from '../../src-shared/contract/local-ledger.ts';
import { NodeIdText, PartyId, ProfileIdText } from '../../src-shared/contract/transfers.ts';

export class UsageError extends Error {}

interface Common {
  profile: string;
  party: string;
  userDataDir: string | null;
  keychainService: string | null;
  /** Tests: the size of the in-process sandbox's ledger (sandbox profile only). */
  sandboxTransfers: number | null;
}
export interface SyncArgs extends Common {
  command: 'sync';
  node: string | null;
  after: string | null;
  before: string | null;
}
export interface ExportArgs extends Common {
  command: 'export';
  format: LocalExportFormat;
  out: string;
}
export type CliArgs = SyncArgs | ExportArgs;

export const USAGE = `usage:
  npm run cli -- sync   --profile P --party X [--node N] [--after T] [--before T] [--user-data-dir D]
  npm run cli -- export --profile P --party X --format parquet|parquet-by-month|csv|jsonl --out PATH [--user-data-dir D]
The ledger JWT comes from the OS keychain (the profile's saved one), or from LEDGER_EXPLORER_LEDGER_JWT when set.`;

const OPTIONS = {
  profile: { type: 'string' },
  party: { type: 'string' },
  node: { type: 'string' },
  after: { type: 'string' },
  before: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  'user-data-dir': { type: 'string' },
  'keychain-service': { type: 'string' },
  'sandbox-transfers': { type: 'string' },
} as const;

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (command !== 'sync' && command !== 'export') {
    throw new UsageError(
      command ? `unknown command "${command}": sync or export` : 'a command is needed: sync or export',
    );
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const only = (names: string[]) => {
    for (const name of Object.keys(values)) {
      if (!names.includes(name)) throw new UsageError(`--${name} is not an option of ${command}`);
    }
  };
  const sandboxTransfers = values['sandbox-transfers'];
  if (sandboxTransfers !== undefined && !/^[1-9]\d{0,6}$/.test(sandboxTransfers)) {
    throw new UsageError('--sandbox-transfers: a whole number from 1 to 9999999');
  }
  const common: Common = {
    profile: check('--profile', ProfileIdText, required('--profile', values.profile)),
    party: check('--party', PartyId, required('--party', values.party)),
    userDataDir: values['user-data-dir'] ?? null,
    keychainService: values['keychain-service'] ?? null,
    sandboxTransfers: sandboxTransfers === undefined ? null : Number(sandboxTransfers),
  };
  const shared = ['profile', 'party', 'user-data-dir', 'keychain-service', 'sandbox-transfers'];
  if (command === 'sync') {
    only([...shared, 'node', 'after', 'before']);
    const after = values.after === undefined ? null : check('--after', TimeRange.shape.after, values.after);
    const before = values.before === undefined ? null : check('--before', TimeRange.shape.before, values.before);
    if (after && before && Date.parse(after) >= Date.parse(before)) {
      throw new UsageError('--before must be later than --after');
    }
    const node = values.node === undefined ? null : check('--node', NodeIdText, values.node);
    return { command, ...common, node, after, before };
  }
  only([...shared, 'format', 'out']);
  const format = check('--format', LocalExportFormat, required('--format', values.format));
  const out = required('--out', values.out);
  if (out.trim() === '') throw new UsageError('--out: a file path is needed');
  return { command, ...common, format, out };
}

function required(name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${name} is required`);
  return value;
}

function check<T>(name: string, schema: z.ZodType<T>, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(`${name}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  return result.data;
}
