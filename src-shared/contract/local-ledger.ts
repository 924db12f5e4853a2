// The local ledger: a party's transfer legs synced into a DuckDB store per profile (main), and the
// questions answered from it. Amounts cross the bridge as exact decimal strings, never numbers.
import { z } from 'zod';
import { RANGE_ORDER_MESSAGE, rangeOutOfOrder, TimeText } from '../time/time-schema.ts';
import type { BridgeErrorShape } from './errors.ts';
import { SqlScope } from './party-scope.ts';
import { NodeIdText, PartyId, ProfileIdText, RequestId, type TransferLeg } from './transfers.ts';

/** A time range: `after` inclusive ("From"), `before` exclusive ("Before"), either open; times as in TransferFilters. */
export const TimeRange = z.object({ after: TimeText.nullable(), before: TimeText.nullable() }).superRefine((r, ctx) => {
  if (rangeOutOfOrder(r.after, r.before)) {
    ctx.addIssue({ code: 'custom', path: ['before'], message: RANGE_ORDER_MESSAGE });
  }
});
export type TimeRange = z.infer<typeof TimeRange>;

/** A plain decimal number as text (an amount bound): "-12.5", "1000". */
export const DecimalText = z
  .string()
  .trim()
  .max(80, 'at most 80 characters')
  .regex(/^-?\d+(\.\d+)?$/, 'a plain decimal number, like 1000 or 12.5 (no grouping, no exponent)');

/** An instrument id as stored (`legs.instrument_id`): the one check, for filters and notebook parameters alike. */
export const InstrumentText = z
  .string()
  .max(256, 'an instrument id is at most 256 characters')
  .refine((s) => !/\p{Cc}/u.test(s), 'no control characters');

/** An instrument as stored: admin and id (either may be null in the service's data). */
export const InstrumentKey = z.strictObject({
  admin: z.string().max(260).nullable(),
  id: InstrumentText.nullable(),
});
export type InstrumentKey = z.infer<typeof InstrumentKey>;

const SearchText = z
  .string()
  .max(200, 'at most 200 characters')
  .refine((s) => !/\p{Cc}/u.test(s), 'no control characters');

export const LOCAL_SORT_COLUMNS = [
  'effectiveAt',
  'updateId',
  'symbol',
  'instrumentId',
  'amount',
  'senderParty',
  'receiverParty',
  'counterparty',
  'isIncoming',
  'status',
] as const;
export const LocalSortColumn = z.enum(LOCAL_SORT_COLUMNS);
export type LocalSortColumn = z.infer<typeof LocalSortColumn>;

/** Filters of the local transfers table; every one applies to ALL stored legs of the party. */
export const LocalLegFilters = z.object({
  /** null: every instrument. */
  instruments: z.array(InstrumentKey).max(200).nullable(),
  range: TimeRange,
  direction: z.enum(['in', 'out']).nullable(),
  statuses: z.array(z.string().max(200)).max(50).nullable(),
  counterparty: z.string().trim().max(260).nullable(),
  /** Bounds on the amount's value (inclusive), compared exactly in each leg's own decimals. */
  amountMin: DecimalText.nullable(),
  amountMax: DecimalText.nullable(),
  /** Case-insensitive substring over update id, parties, counterparty, instrument, symbol, status. */
  search: SearchText.nullable(),
});
export type LocalLegFilters = z.infer<typeof LocalLegFilters>;

export const LocalLegsQuery = z.object({
  requestId: RequestId,
  profileId: ProfileIdText,
  /** The party on screen: the one read when no `scope` is given. */
  party: PartyId,
  /** Which parties the table reads (docs/local-ledger.md, "Parties"); absent: `party` alone. */
  scope: SqlScope.optional(),
  filters: LocalLegFilters,
  sort: z.object({ column: LocalSortColumn, desc: z.boolean() }),
  offset: z.number().int().min(0).max(1_000_000_000),
  limit: z.number().int().min(1).max(5000),
});
export type LocalLegsQuery = z.input<typeof LocalLegsQuery>;

/** A stored leg: the service's 12 fields as sent, and whether its amount could be stored exactly. */
export interface LocalLeg extends TransferLeg {
  /** false: the amount is kept as text only (not a decimal, or too large): left out of every sum. */
  amountExact: boolean;
}

export interface LocalLegsPage {
  /** Legs matching the filters, over everything stored. */
  total: number;
  offset: number;
  legs: LocalLeg[];
  elapsedMs: number;
}

/** Where the store's data came from, for the provenance line. */
export interface LocalPartyStatus {
  profileId: string;
  party: string;
  legs: number;
  /** Legs whose amount is kept as text only, left out of sums. */
  inexactLegs: number;
  /** When the last sync finished (ISO), null if none has. */
  lastSyncAt: string | null;
  /** The validator node the last sync read from (null: the deployment default). */
  nodeId: string | null;
  firstEffectiveAt: string | null;
  lastEffectiveAt: string | null;
  /** An interrupted sync is waiting to be resumed. */
  resumable: boolean;
  /** The sync running now for this party, if any. */
  job: SyncStatus | null;
}

export const SyncRequest = z.object({
  profileId: ProfileIdText,
  party: PartyId,
  /** null: the profile's default node. */
  nodeId: NodeIdText.nullable(),
  /** Both open: everything (and later syncs fetch only what is new). */
  range: TimeRange,
});
export type SyncRequest = z.input<typeof SyncRequest>;

export const SyncJobId = z.string().regex(/^[a-f0-9]{16}$/, 'sync job id');

export interface SyncStatus {
  jobId: string;
  profileId: string;
  party: string;
  nodeId: string | null;
  /**
   * `waiting`: the service answered "starting" (503) and the sync waits its Retry-After, or another
   * program has the store or syncs this party (`waitingFor` says which).
   */
  state: 'running' | 'waiting' | 'done' | 'failed' | 'cancelled';
  /** What the sync waits for, in words, when it is another program: "npm run cli -- sync (PID 4242) is syncing this party…". */
  waitingFor?: string | null;
  /** The window being fetched: `after` is where an incremental sync starts (newest stored minus the overlap). */
  window: { after: string | null; before: string | null };
  incremental: boolean;
  /** This run continued an interrupted one. */
  resumed: boolean;
  legs: number;
  /**
   * Legs the store did not hold before: fetched legs no replaced row is the same leg of (an
   * incremental sync fetches its last hour again, and those are not new); null until done.
   */
  newLegs: number | null;
  /** Fetched legs the store held with another status; null until done. */
  changedLegs: number | null;
  /** Legs the store held in the window that the service no longer sends (removed); null until done. */
  goneLegs: number | null;
  pages: number;
  legsPerSecond: number;
  /**
   * Estimated from the time range covered so far, once two pages give a pace and while more are to
   * come; null otherwise (a one-page sync, the last page in, done: nothing left to estimate).
   */
  etaSeconds: number | null;
  startedAt: string;
  finishedAt: string | null;
  error: BridgeErrorShape | null;
}

export interface LocalStoreInfo {
  profileId: string;
  profileName: string;
  /** The database file (the user-data folder's local-ledger/<profile>.duckdb). */
  path: string;
  sizeBytes: number;
  parties: Array<{ party: string; legs: number; lastSyncAt: string | null; nodeId: string | null }>;
}

export const ForgetRequest = z.object({
  profileId: ProfileIdText,
  /** null: the whole profile's store (its files are deleted). */
  party: PartyId.nullable(),
});
export type ForgetRequest = z.input<typeof ForgetRequest>;

export const AnalyticsQuery = z.object({
  profileId: ProfileIdText,
  /** The party on screen: the one read when no `scope` is given. */
  party: PartyId,
  /**
   * Which parties are read (docs/local-ledger.md, "Parties"); absent: `party` alone. Rows of several
   * parties are summed together; under a portfolio, legs between its members are left out (its totals
   * are its dealings with the outside world).
   */
  scope: SqlScope.optional(),
  range: TimeRange,
  /** null: every instrument. */
  instruments: z.array(InstrumentKey).max(200).nullable(),
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

/** Per-instrument identity on every analytics row. */
export interface InstrumentOfRow {
  instrumentAdmin: string | null;
  instrumentId: string | null;
  symbol: string | null;
  decimals: number | null;
}

export interface CounterpartyRow extends InstrumentOfRow {
  counterparty: string | null;
  legsIn: number;
  legsOut: number;
  /** Exact decimal strings. */
  volumeIn: string;
  volumeOut: string;
  net: string;
  firstSeen: string | null;
  lastSeen: string | null;
}

export interface CounterpartyRanking {
  rows: CounterpartyRow[];
  /** Legs in the range whose amount is text only: counted in legs, left out of volumes. */
  inexactLegs: number;
  elapsedMs: number;
}

export const RelationshipQuery = AnalyticsQuery.extend({
  counterparty: z.string().trim().min(1).max(260),
  bucket: z.enum(['day', 'week', 'month']),
});
export type RelationshipQuery = z.input<typeof RelationshipQuery>;

export interface FlowBucket extends InstrumentOfRow {
  /** Start of the bucket (UTC, ISO). */
  start: string;
  legsIn: number;
  legsOut: number;
  volumeIn: string;
  volumeOut: string;
  net: string;
}

export interface Relationship {
  counterparty: string;
  totals: CounterpartyRow[];
  flows: FlowBucket[];
  /** Every leg between the two parties in the range, newest first (at most 10,000; `total` says how many). */
  legs: LocalLeg[];
  total: number;
  inexactLegs: number;
  elapsedMs: number;
}

export const FlowsQuery = AnalyticsQuery.extend({ bucket: z.enum(['day', 'week', 'month']) });
export type FlowsQuery = z.input<typeof FlowsQuery>;

export interface Flows {
  buckets: FlowBucket[];
  inexactLegs: number;
  elapsedMs: number;
}

/**
 * One value of a notebook query (docs/notebook.md), `$n`'s at params[n - 1], as it travels on a
 * channel: JSON-safe (integers as decimal text, since the browser version's bridge is JSON). Main
 * turns it into the SQL process's BoundValue (src-shared/notebook/sql-wire.ts); the process checks it again.
 */
export const SqlParam = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('VARCHAR'),
    value: z
      .string()
      .max(10_000, 'at most 10,000 characters')
      .refine((v) => !v.includes('\0'), 'may not hold a NUL character'),
  }),
  /** Microseconds since 1970-01-01T00:00:00Z. */
  z.strictObject({ type: z.literal('TIMESTAMP'), micros: z.string().regex(/^-?\d{1,19}$/, 'whole microseconds') }),
  /** units × 10^-scale, as DECIMAL(width, scale). */
  z
    .strictObject({
      type: z.literal('DECIMAL'),
      units: z.string().regex(/^-?\d{1,38}$/, 'whole units'),
      width: z.number().int().min(1).max(38),
      scale: z.number().int().min(0).max(38),
    })
    .refine((d) => d.scale <= d.width && d.units.replace('-', '').length <= d.width, 'units do not fit the width'),
]);
export type SqlParam = z.infer<typeof SqlParam>;
/** At most 64 values: the SQL process's own limit (sql-params.ts, MAX_PARAMS). */
export const SqlParams = z.array(SqlParam).max(64, 'at most 64 values');

/** Rows the SQL editor and a notebook query show (what their Run asks for); an export has no cap. */
export const SQL_ROW_CAP = 1000;

export const SqlQuery = z.object({
  requestId: RequestId,
  profileId: ProfileIdText,
  sql: z.string().max(100_000, 'at most 100,000 characters'),
  /** Rows shown on screen; export has no cap. */
  rowCap: z.number().int().min(1).max(10_000),
  /** A notebook query's values: `sql` holds `$n` markers, never a value (docs/notebook.md). */
  params: SqlParams.optional(),
  /** Whose legs `legs` and `instrument_totals` show (party-scope.ts); absent: every synced party. */
  scope: SqlScope.optional(),
});
export type SqlQuery = z.input<typeof SqlQuery>;

/** A cell: text for anything that is not a boolean or a safe integer (HUGEINT, DECIMAL, time). */
export type SqlCell = string | number | boolean | null;

export interface SqlResult {
  columns: Array<{ name: string; type: string }>;
  rows: SqlCell[][];
  /** More rows than rowCap existed (only rowCap were returned). */
  truncated: boolean;
  elapsedMs: number;
}

export const LocalExportFormat = z.enum(['csv', 'jsonl', 'parquet', 'parquet-by-month']);
export type LocalExportFormat = z.infer<typeof LocalExportFormat>;

export const LocalExportSource = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('legs'),
    party: PartyId,
    /** As on screen: the export is the table's legs over the same parties. */
    scope: SqlScope.optional(),
    filters: LocalLegFilters,
    sort: z.object({ column: LocalSortColumn, desc: z.boolean() }),
  }),
  z.strictObject({ kind: z.literal('counterparties'), query: AnalyticsQuery.omit({ profileId: true }) }),
  z.strictObject({ kind: z.literal('flows'), query: FlowsQuery.omit({ profileId: true }) }),
  z.strictObject({
    kind: z.literal('sql'),
    sql: z.string().max(100_000),
    params: SqlParams.optional(),
    /** The query's scope, as on screen: the export is the same query over the same parties. */
    scope: SqlScope.optional(),
  }),
]);
export type LocalExportSource = z.infer<typeof LocalExportSource>;

export const LocalExportRequest = z.object({
  profileId: ProfileIdText,
  source: LocalExportSource,
  format: LocalExportFormat,
});
export type LocalExportRequest = z.input<typeof LocalExportRequest>;

export interface LocalExportResult {
  /** The file, or for `parquet-by-month` the folder of month=YYYY-MM/ partitions. */
  path: string;
  rows: number;
  bytes: number;
  elapsedMs: number;
  /**
   * DuckDB SQL that reads the export back with the app's names and types: a view `export` over the
   * file and, for legs, the `legs` view, `instrument_totals` and `decimal_text()` over it, so a query
   * from the SQL editor runs unchanged on the file (docs/local-ledger.md, "Read an export back").
   */
  readBack: string;
}

/** What the local table's filter controls offer: every instrument and status stored for the party. */
export interface LocalFacets {
  instruments: Array<InstrumentOfRow & { legs: number }>;
  statuses: Array<{ status: string | null; legs: number }>;
}

/** The local table's filters that select every stored leg of a party (the CLI's export, tests). */
export const ALL_LEGS: LocalLegFilters = {
  instruments: null,
  range: { after: null, before: null },
  direction: null,
  statuses: null,
  counterparty: null,
  amountMin: null,
  amountMax: null,
  search: null,
};
