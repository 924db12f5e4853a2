// A result as the built-in "Monthly net flow per instrument" answers it, for the chart's tests:
// CC at 10 decimals under one admin, USDX at 6 under two (the same symbol and id, two instruments).
import type { SqlCell, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';

export const result = (columns: Array<[string, string]>, rows: SqlCell[][]): SqlResult => ({
  columns: columns.map(([name, type]) => ({ name, type })),
  rows,
  truncated: false,
  elapsedMs: 1,
});

export const DSO = `dso::1220${'aa'.repeat(32)}`;
export const BANK_A = `zeta-bank::1220${'11'.repeat(32)}`;
export const BANK_B = `alpha-bank::1220${'22'.repeat(32)}`;

export const MONTHLY = result(
  [
    ['month', 'TIMESTAMP'],
    ['instrument_id', 'VARCHAR'],
    ['symbol', 'VARCHAR'],
    ['amount_scale', 'INTEGER'],
    ['legs', 'BIGINT'],
    ['net', 'VARCHAR'],
    ['net_units', 'DECIMAL(38,0)'],
    ['instrument_admin', 'VARCHAR'],
  ],
  [
    ['2026-08-01 00:00:00', 'Amulet', 'CC', 10, 4, '800000000000000000.5', '8000000000000000005000000000', DSO],
    ['2026-09-01 00:00:00', 'Amulet', 'CC', 10, 2, '-12.25', '-122500000000', DSO],
    ['2026-09-01 00:00:00', 'USDX', 'USDX', 6, 3, '500000.000000', '500000000000', BANK_A],
    ['2026-10-01 00:00:00', 'Amulet', 'CC', 10, 1, '1', '10000000000', DSO],
    ['2026-10-01 00:00:00', 'USDX', 'USDX', 6, 5, '1000000.000000', '1000000000000', BANK_A],
    ['2026-10-01 00:00:00', 'USDX', 'USDX', 6, 1, '7.000001', '7000001', BANK_B],
  ],
);

/** MONTHLY's scale column (amount_scale). */
export const MONTHLY_SCALE = MONTHLY.columns.findIndex((c) => c.name === 'amount_scale');
