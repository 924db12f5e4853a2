// The local store's tables. `leg_store` (read through the view `leg_rows`) holds every synced leg: the 12 fields exactly as the service
// sent them, plus what the store derives to answer questions fast and exactly (the time as a
// TIMESTAMP, the amount as HUGEINT units at a scale). `legs` is the documented view SQL users query
// (docs/local-ledger.md). A sync writes its pages into `leg_store` under its run id (invisible
// while the run is open) and replaces its window in one transaction when the last page is in (docs/service-decisions.md, "Local sync").

/** Bump when a table changes; an older store is rebuilt from a new sync (its file is kept aside). */
export const SCHEMA_VERSION = 1;

const LEG_COLUMNS = `
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
  legRowsViewSql([]),
  `CREATE OR REPLACE VIEW legs AS SELECT
     party,
     update_id,
     effective_ts AS effective_at,
     effective_at AS effective_at_text,
     instrument_admin,
     instrument_id,
     symbol,
     decimals,
     amount,
     amount_units,
     amount_scale,
     amount_exact,
     CASE WHEN is_incoming THEN 'in' ELSE 'out' END AS direction,
     is_incoming,
     sender_party,
     receiver_party,
     counterparty,
     status
   FROM leg_rows`,
];
