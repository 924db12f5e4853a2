// Reconciling a statement (a CSV from an accounting system or a counterparty) against the local
// store: the channels' arguments and answers. The CSV is read and matched in main
// (src-main/services/local-ledger/reconcile/); docs/reconcile.md has the rules.
import { z } from 'zod';
import { PartyId, ProfileIdText, RequestId } from './transfers.ts';

/** The largest CSV text taken (characters): a statement of 2M lines fits; a wrong file is refused early. */
export const RECONCILE_CSV_MAX = 200_000_000;
/** Statement lines read; the rest of a longer file is reported, not read. */
export const RECONCILE_MAX_LINES = 2_000_000;
export const RECONCILE_MAX_COLUMNS = 200;
/** A cell longer than this makes its line a problem (a text field, not a statement's column). */
export const RECONCILE_MAX_CELL = 4_096;
/** Problems answered with line numbers; the count says how many there were in all. */
export const RECONCILE_MAX_PROBLEMS = 1_000;
/**
 * Leg statuses a request may leave out. A party may have any number of statuses (the service's are
 * free text: the interface does not list them), so a request names the few left out, never the held.
 */
export const RECONCILE_MAX_LEFT_OUT = 64;
/** The longest a reconciliation may run before it is stopped (main's time budget). */
export const RECONCILE_TIME_BUDGET_MS = 60_000;

export const RECONCILE_DELIMITERS = [',', ';', '\t'] as const;
export const Delimiter = z.enum(['auto', ...RECONCILE_DELIMITERS]);
export type Delimiter = z.infer<typeof Delimiter>;

const ColumnName = z.string().max(RECONCILE_MAX_CELL);

/**
 * Which header column holds what, by the header's own names (trimmed). `direction` absent: the
 * amount's sign says it (`sign`); present: its words say it and the amount's sign is ignored.
 */
export const ReconcileMapping = z.strictObject({
  time: ColumnName,
  counterparty: ColumnName,
  instrument: ColumnName,
  amount: ColumnName,
  reference: ColumnName.nullable(),
  direction: ColumnName.nullable(),
  /** `negative-is-out`: the party's own books; `negative-is-in`: the counterparty's statement. */
  sign: z.enum(['negative-is-out', 'negative-is-in']),
  /** The decimal separator: `.` (`1,234.50`) or `,` (`1.234,50`, `1 234,50`). */
  decimal: z.enum(['.', ',']),
  /** The zone of a time written without an offset. */
  zone: z.enum(['utc', 'local']),
});
export type ReconcileMapping = z.infer<typeof ReconcileMapping>;

const CsvText = z.string().max(RECONCILE_CSV_MAX, 'the file is over 200 MB');

/** local:reconcileMapping: the header of a CSV (its first lines are enough) and the mapping to offer. */
export const ReconcileMappingQuery = z.strictObject({
  profileId: ProfileIdText,
  /** The file's first bytes (at least its header line). */
  head: z.string().max(1_000_000, 'at most 1,000,000 characters of the file’s start'),
  delimiter: Delimiter,
});
export type ReconcileMappingQuery = z.input<typeof ReconcileMappingQuery>;

export interface ReconcileMappingAnswer {
  header: string[];
  delimiter: (typeof RECONCILE_DELIMITERS)[number];
  /** The mapping remembered for this header, else one guessed from the names; null: no header. */
  mapping: ReconcileMapping | null;
  remembered: boolean;
  problems: Array<{ line: number; message: string }>;
}

export const ReconcileRequest = z.strictObject({
  requestId: RequestId,
  profileId: ProfileIdText,
  party: PartyId,
  csv: CsvText,
  delimiter: Delimiter,
  mapping: ReconcileMapping,
  /** How far apart a line's time and a leg's time may be, in seconds (default 5 minutes). */
  toleranceSeconds: z
    .number()
    .int()
    .min(0)
    .max(31 * 86_400),
  /** true: only legs whose counterparty and instrument appear in the statement (a counterparty's statement). */
  onlyStatementCounterparties: z.boolean(),
  /**
   * The leg statuses the statement is not expected to hold (null in the list: legs without a
   * status): their legs are left out of the ledger side and counted apart. Empty: every status.
   */
  leftOutStatuses: z
    .array(z.string().max(RECONCILE_MAX_CELL).nullable())
    .max(RECONCILE_MAX_LEFT_OUT, `at most ${RECONCILE_MAX_LEFT_OUT} statuses left out`)
    .default([]),
  /** Rows answered per category (the counts and the export cover all). */
  rowCap: z.number().int().min(1).max(5_000),
  /** Remember the mapping for this header (per profile). */
  remember: z.boolean(),
});
export type ReconcileRequest = z.input<typeof ReconcileRequest>;

/** A tolerance in words, as the messages, the export and the screen say it: "5 min", "90 s", "1 h". */
export function toleranceText(seconds: number): string {
  if (seconds === 0) return '0 s';
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

export const RECONCILE_CATEGORIES = ['statement-only', 'ledger-only', 'amount-differs', 'matched'] as const;
export type ReconcileCategory = (typeof RECONCILE_CATEGORIES)[number];

/** One row of the result: a statement line, a ledger leg, or both; `message` says what is wrong. */
export interface ReconcileRow {
  category: ReconcileCategory;
  /** The statement's line (1-based, in the file); null for a leg in the ledger only. */
  line: number | null;
  updateId: string | null;
  statementAt: string | null;
  ledgerAt: string | null;
  /** Null for a leg in the ledger only that has none. */
  counterparty: string | null;
  instrument: string | null;
  /** Signed exact decimal text (negative: out of the party), as read from the statement. */
  statementAmount: string | null;
  ledgerAmount: string | null;
  reference: string | null;
  /** The ledger leg's status (null for a line in the statement only, or a leg without one). */
  status: string | null;
  message: string;
}

export interface ReconcileResult {
  /** Lines of the statement read (good ones; problems are counted apart). */
  lines: number;
  /** Legs of the party the statement was compared with (its time span ± the tolerance). */
  legs: number;
  /** Legs in that span left out for their status (not one the statement holds), per status. */
  otherStatuses: Array<{ status: string | null; legs: number }>;
  counts: Record<ReconcileCategory, number>;
  rows: Record<ReconcileCategory, ReconcileRow[]>;
  problems: Array<{ line: number; message: string }>;
  /** All problems found (more than `problems` holds when over RECONCILE_MAX_PROBLEMS). */
  problemCount: number;
  /** The statement's first and last time (RFC 3339 UTC); null: no good line. */
  span: { from: string; to: string } | null;
  elapsedMs: number;
}

/** local:reconcileExport: where the whole result went. */
export interface ReconcileExported {
  path: string;
  rows: number;
  counts: Record<ReconcileCategory, number>;
}
