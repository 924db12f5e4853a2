// Everything of the local ledger that needs DuckDB, behind one module that main loads on first use
// (local-ledger-host.ts): a session that never opens the local ledger never loads DuckDB's native
// library (~60 MB) or parses this code at start.

export { exportFromStore } from './export/store-export.ts';
export { LocalLedger } from './local-ledger.ts';
export { runSql } from './sql/sql-runner.ts';
export { checkAggregates } from './sync/aggregates.ts';
export { counterparties, flows, relationship } from './views/analytics.ts';
