// The local store's tables. `leg_store` (read through the view `leg_rows`) holds every synced leg: the 12 fields exactly as the service
// sent them, plus what the store derives to answer questions fast and exactly (the time as a
// TIMESTAMP, the amount as HUGEINT units at a scale). `legs` is the documented view SQL users query
// (docs/local-ledger.md). A sync writes its pages into `leg_store` under its run id (invisible
// while the run is open) and replaces its window in one transaction when the last page is in (docs/service-decisions.md, "Local sync").

import { LEGS_VIEW_COLUMNS, type LegsViewColumn } from '../../../../src-shared/contract/legs-view.ts';
import { LEG_DAYS_TABLE } from './leg-days.ts';
import { LEG_MONTHS_TABLE } from './leg-months.ts';

/** Bump when a table changes; an older store is rebuilt from a new sync (its file is kept aside). */
export const SCHEMA_VERSION = 1;

export const LEG_COLUMNS = `
  party VARCHAR NOT NULL,
  update_id VARCHAR,
  effective_at VARCHAR,
  effective_ts TIMESTAMP,
  instrument_admin VARCHAR,
  instrument_id VARCHAR,
  symbol VARCHAR,
  decimals INTEGER,
  amount VARCHAR,
  amount_units HUGEINT,
  amount_scale INTEGER,
  amount_exact BOOLEAN NOT NULL,
  amount_whole HUGEINT,
  amount_frac HUGEINT,
  sender_party VARCHAR,
  receiver_party VARCHAR,
  counterparty VARCHAR,
  is_incoming BOOLEAN NOT NULL,
  status VARCHAR,
  seq BIGINT NOT NULL`;

// amount_whole / amount_frac: the amount's value as floor(value) and the rest × 10^38, both exact,
// so legs of different decimals sort by value exactly (a DOUBLE or DECIMAL(38, x) would round).

/** The order of the columns above: the appender writes them in this order. */
export const LEG_COLUMN_COUNT = 20;

/**
 * What every reader sees: the legs of finished syncs only. The open runs are spelled out as
 * constants (rewritten whenever a run opens or closes, in the same transaction): a subquery on
 * sync_runs here turned every top-N read into an anti-join, 155 ms instead of 30 at 1M legs.
 */
export function legRowsViewSql(openRunIds: readonly bigint[]): string {
  const hidden = openRunIds.length === 0 ? '' : ` WHERE run_id NOT IN (${openRunIds.map(String).join(', ')})`;
  return `CREATE OR REPLACE VIEW leg_rows AS SELECT * EXCLUDE (run_id) FROM leg_store${hidden}`;
}

/** Rewrites the leg_rows view from sync_runs (after a run opens or closes, inside its transaction). */
export async function refreshLegRowsView(connection: {
  runAndReadAll(sql: string): Promise<{ getRows(): unknown[][] }>;
  run(sql: string): Promise<unknown>;
}): Promise<void> {
  const open = await connection.runAndReadAll('SELECT run_id FROM sync_runs ORDER BY run_id');
  await connection.run(legRowsViewSql(open.getRows().map((row) => row[0] as bigint)));
}

/** 10^38: units must stay below it (in magnitude) to be exact in DECIMAL(38,0), the type of amount_units. */
const UNITS_LIMIT = '100000000000000000000000000000000000000::HUGEINT';

/**
 * The `legs` view's columns as SQL over leg_rows, one entry per documented column
 * (src-shared/contract/legs-view.ts): the view, every export of legs and the live export's shape
 * are all this one list.
 */
export const LEGS_VIEW_SQL: Record<LegsViewColumn, string> = {
  party: 'party',
  update_id: 'update_id',
  effective_at: 'effective_ts',
  effective_at_text: 'effective_at',
  instrument_admin: 'instrument_admin',
  instrument_id: 'instrument_id',
  symbol: 'symbol',
  decimals: 'decimals',
  amount: 'amount',
  amount_units: 'amount_units::DECIMAL(38,0)',
  amount_scale: 'amount_scale',
  amount_exact: 'amount_exact',
  direction: "CASE WHEN is_incoming THEN 'in' ELSE 'out' END",
  is_incoming: 'is_incoming',
  sender_party: 'sender_party',
  receiver_party: 'receiver_party',
  counterparty: 'counterparty',
  status: 'status',
};

/** The view's select list over leg_rows (its columns by their documented names, in order). */
export function legsSelectList(): string {
  return LEGS_VIEW_COLUMNS.map(({ name }) =>
    LEGS_VIEW_SQL[name] === name ? name : `${LEGS_VIEW_SQL[name]} AS ${name}`,
  ).join(',\n     ');
}

export function legsViewSql(source: string): string {
  return `CREATE OR REPLACE VIEW legs AS SELECT\n     ${legsSelectList()}\n   FROM ${source}`;
}

/**
 * decimal_text(units, scale): exact integer units (any integer type, DECIMAL(38,0), BIGNUM) as
 * decimal text at `scale`, by string operations only (abs() of a BIGNUM is a DOUBLE in DuckDB):
 * decimal_text(-12345, 2) = '-123.45', decimal_text(5, 3) = '0.005'. The same text as main's
 * unitsToDecimal (stored-amount.ts); a test compares them.
 */
export const DECIMAL_TEXT_MACRO = `CREATE OR REPLACE MACRO decimal_text(units, scale) AS
  CASE WHEN units IS NULL OR scale IS NULL THEN NULL
       WHEN scale = 0 THEN units::VARCHAR
       ELSE (CASE WHEN starts_with(units::VARCHAR, '-') THEN '-' ELSE '' END)
         || lpad(ltrim(units::VARCHAR, '-'), greatest(length(ltrim(units::VARCHAR, '-')), scale + 1)::INTEGER, '0')[: -scale - 1]
         || '.'
         || right(lpad(ltrim(units::VARCHAR, '-'), greatest(length(ltrim(units::VARCHAR, '-')), scale + 1)::INTEGER, '0'), scale)
  END`;

/**
 * Exact totals per party, instrument and scale, over `legs` (so a file read back as `legs` gets
 * the same view: docs/local-ledger.md, "Read an export back"). Legs kept as text only form the
 * row whose amount_scale is NULL, with no volumes.
 */
export const INSTRUMENT_TOTALS_VIEW = `CREATE OR REPLACE VIEW instrument_totals AS
  SELECT party, instrument_admin, instrument_id, any_value(symbol) AS symbol, amount_scale,
    count(*) AS legs,
    count(*) FILTER (WHERE direction = 'in') AS legs_in,
    count(*) FILTER (WHERE direction = 'out') AS legs_out,
    decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0), amount_scale) AS volume_in,
    decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS volume_out,
    decimal_text(coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
      - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0), amount_scale) AS net,
    CASE WHEN amount_scale IS NOT NULL THEN coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0) END AS volume_in_units,
    CASE WHEN amount_scale IS NOT NULL THEN coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0) END AS volume_out_units,
    CASE WHEN amount_scale IS NOT NULL THEN coalesce(sum(amount_units) FILTER (WHERE direction = 'in'), 0)
      - coalesce(sum(amount_units) FILTER (WHERE direction = 'out'), 0) END AS net_units,
    min(effective_at) AS first_at,
    max(effective_at) AS last_at
  FROM legs
  GROUP BY party, instrument_admin, instrument_id, amount_scale`;

export const SCHEMA_SQL = [
  `CREATE TABLE IF NOT EXISTS store_meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`,
  // Every leg row, with the sync run that wrote it. Rows of a run still in sync_runs (open: being
  // fetched, or interrupted) are invisible; the last step of a sync deletes the window's older rows
  // and closes the run in one transaction, so its rows appear at once and nothing is copied.
  `CREATE TABLE IF NOT EXISTS leg_store (run_id BIGINT NOT NULL, ${LEG_COLUMNS})`,
  `CREATE SEQUENCE IF NOT EXISTS run_ids START 1`,
  // One row per party: what the provenance line shows.
  `CREATE TABLE IF NOT EXISTS party_sync (
     party VARCHAR PRIMARY KEY,
     last_sync_at TIMESTAMP,
     node_id VARCHAR,
     full_history BOOLEAN NOT NULL DEFAULT false
   )`,
  // A sync in progress (at most one per party): where to resume after a crash.
  `CREATE TABLE IF NOT EXISTS sync_runs (
     run_id BIGINT PRIMARY KEY,
     party VARCHAR NOT NULL,
     node_id VARCHAR,
     window_after TIMESTAMP,
     window_before TIMESTAMP,
     incremental BOOLEAN NOT NULL,
     next_cursor VARCHAR,
     pages BIGINT NOT NULL,
     legs BIGINT NOT NULL,
     started_at TIMESTAMP NOT NULL
   )`,
  // The time windows of a sync in progress that fetches several cursor chains at once
  // (sync/sync-windows.ts): each window's filter bounds as sent, and how far its pages are
  // committed. Windows are committed in order, so a resume continues the first unfinished one.
  `CREATE TABLE IF NOT EXISTS sync_windows (
     run_id BIGINT NOT NULL,
     party VARCHAR NOT NULL,
     k INTEGER NOT NULL,
     effective_after VARCHAR,
     effective_before VARCHAR,
     next_cursor VARCHAR,
     pages BIGINT NOT NULL,
     legs BIGINT NOT NULL,
     done BOOLEAN NOT NULL
   )`,
  // The aggregates the sync keeps (kept-aggregates.ts): rebuilt from the legs whenever this DDL runs.
  LEG_DAYS_TABLE,
  LEG_MONTHS_TABLE,
  legRowsViewSql([]),
  // Units beyond 38 digits fit a HUGEINT but no exact Parquet type: a store written before the
  // limit (stored-amount.ts) keeps such an amount as text, as a new sync would.
  `UPDATE leg_store SET amount_units = NULL, amount_scale = NULL, amount_exact = false, amount_whole = NULL, amount_frac = NULL
     WHERE amount_units >= ${UNITS_LIMIT} OR amount_units <= -${UNITS_LIMIT}`,
  DECIMAL_TEXT_MACRO,
  legsViewSql('leg_rows'),
  INSTRUMENT_TOTALS_VIEW,
];
