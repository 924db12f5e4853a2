// The one documented shape of a transfer leg outside the service: the local store's `legs` view.
// Every export of legs (the live Transfers export, the Local ledger's table, a relationship, the
// CLI) writes these columns in this order, then the address book's labels; SQL in the app reads the
// same names; docs/local-ledger.md's table is checked against this list by a test. The SQL that
// derives each column lives in main (store-schema.ts); this module is names, types and meanings.

export interface ViewColumn {
  name: string;
  /** DuckDB's type of the column, as `DESCRIBE legs` prints it. */
  type: string;
  meaning: string;
}

export const LEGS_VIEW_COLUMNS = [
  { name: 'party', type: 'VARCHAR', meaning: 'the party the leg was fetched for' },
  { name: 'update_id', type: 'VARCHAR', meaning: 'as sent (nullable)' },
  {
    name: 'effective_at',
    type: 'TIMESTAMP',
    meaning: 'the leg’s time, UTC, to the microsecond (NULL when unreadable)',
  },
  { name: 'effective_at_text', type: 'VARCHAR', meaning: 'the time exactly as the service sent it' },
  { name: 'instrument_admin', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'instrument_id', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'symbol', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'decimals', type: 'INTEGER', meaning: 'as sent' },
  { name: 'amount', type: 'VARCHAR', meaning: 'the amount exactly as sent (text: never rounded)' },
  {
    name: 'amount_units',
    type: 'DECIMAL(38,0)',
    meaning: 'amount × 10^amount_scale, an exact integer; NULL when the amount is NULL or kept as text only',
  },
  {
    name: 'amount_scale',
    type: 'INTEGER',
    meaning: '`decimals` (18 when the service sent none); NULL exactly when amount_units is NULL',
  },
  { name: 'amount_exact', type: 'BOOLEAN', meaning: 'false: the amount is kept as text only, left out of sums' },
  { name: 'direction', type: 'VARCHAR', meaning: '`in` or `out`' },
  { name: 'is_incoming', type: 'BOOLEAN', meaning: 'as sent' },
  { name: 'sender_party', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'receiver_party', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'counterparty', type: 'VARCHAR', meaning: 'as sent' },
  { name: 'status', type: 'VARCHAR', meaning: 'as sent' },
] as const satisfies readonly ViewColumn[];

export type LegsViewColumn = (typeof LEGS_VIEW_COLUMNS)[number]['name'];

/** What every export of legs adds after the view's columns: the address book's labels (NULL when not saved). */
export const LEG_LABEL_COLUMNS = [
  { name: 'sender_label', type: 'VARCHAR', meaning: 'the address book’s label of sender_party' },
  { name: 'receiver_label', type: 'VARCHAR', meaning: 'the address book’s label of receiver_party' },
] as const satisfies readonly ViewColumn[];

/** The exact totals per party, instrument and scale (a view over `legs`): the obvious sum, done right. */
export const INSTRUMENT_TOTALS_COLUMNS = [
  { name: 'party', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'instrument_admin', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'instrument_id', type: 'VARCHAR', meaning: 'as in legs' },
  { name: 'symbol', type: 'VARCHAR', meaning: 'the instrument’s symbol (any one sent)' },
  {
    name: 'amount_scale',
    type: 'INTEGER',
    meaning: 'one row per scale; NULL: the legs whose amount is kept as text (no volumes)',
  },
  { name: 'legs', type: 'BIGINT', meaning: 'legs in the row' },
  { name: 'legs_in', type: 'BIGINT', meaning: 'incoming legs' },
  { name: 'legs_out', type: 'BIGINT', meaning: 'outgoing legs' },
  { name: 'volume_in', type: 'VARCHAR', meaning: 'the sum of incoming amounts, exact decimal text at amount_scale' },
  { name: 'volume_out', type: 'VARCHAR', meaning: 'the sum of outgoing amounts, exact decimal text' },
  { name: 'net', type: 'VARCHAR', meaning: 'volume_in − volume_out, exact decimal text' },
  { name: 'volume_in_units', type: 'DECIMAL(38,0)', meaning: 'the same sums as exact integers of units' },
  { name: 'volume_out_units', type: 'DECIMAL(38,0)', meaning: 'as above' },
  { name: 'net_units', type: 'DECIMAL(38,0)', meaning: 'as above' },
  { name: 'first_at', type: 'TIMESTAMP', meaning: 'the earliest effective_at in the row' },
  { name: 'last_at', type: 'TIMESTAMP', meaning: 'the latest effective_at in the row' },
] as const satisfies readonly ViewColumn[];

/** The views SQL in the app reads (and that a file exported from the app can be read as, docs: "Read an export back"). */
export const SQL_VIEWS = {
  legs: LEGS_VIEW_COLUMNS,
  instrument_totals: INSTRUMENT_TOTALS_COLUMNS,
} as const;

/** The store's own functions, beside DuckDB's: `decimal_text(units, scale)` renders exact units as decimal text. */
export const SQL_MACROS = [
  {
    name: 'decimal_text',
    signature: 'decimal_text(units, scale)',
    meaning:
      'exact integer units as decimal text at a scale: decimal_text(sum(amount_units), amount_scale) → "1234.500000"',
  },
] as const;
