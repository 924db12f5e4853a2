// Everything of the local ledger that needs DuckDB, behind one module that main loads on first use
// (local-ledger-host.ts): a session that never opens the local ledger never loads DuckDB's native
// library (~60 MB) or parses this code at start.
export { counterparties, flows, relationship } from './analytics.ts';
export { LocalLedger } from './local-ledger.ts';
export { runSql } from './sql-runner.ts';
export { exportFromStore } from './store-export.ts';
