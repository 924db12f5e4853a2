// What a store's file is when this process opens it: created owner-only when there is none, and
// brought to this version's schema (ledger-store.ts opens it per operation, store-file.ts).
import { createHash } from 'node:crypto';
import { chmod, link, rm, stat } from 'node:fs/promises';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { rebuildAllAggregates } from './kept-aggregates.ts';
import { DAYS } from './leg-days.ts';
import { MONTHS } from './leg-months.ts';
import { refreshLegRowsView, SCHEMA_SQL, SCHEMA_VERSION } from './store-schema.ts';

/**
 * The schema's DDL, as one fingerprint kept in store_meta: an open runs the DDL only when it differs
 * (a new store, or a new version of the app), so opening a store that is up to date writes nothing
 * and another program's watcher does not take an open for a change.
 */
const SCHEMA_FINGERPRINT = createHash('sha256')
  // The aggregates' groupings too: a change in how they are summed rebuilds them in older stores.
  .update(`${SCHEMA_VERSION}\n${SCHEMA_SQL.join('\n;\n')}\n${DAYS.select('?')}\n${MONTHS.select('?')}`)
  .digest('hex')
  .slice(0, 32);

/**
 * Runs the schema's DDL only when the store's fingerprint differs, and rebuilds the aggregates, in one
 * transaction (a kill leaves the old schema).
 */
export async function ensureSchema(connection: DuckDBConnection): Promise<void> {
  const current = await connection
    .runAndReadAll("SELECT value FROM store_meta WHERE key = 'schema_sql'")
    .then((r) => r.getRows()[0]?.[0] ?? null)
    .catch(() => null);
  if (current === SCHEMA_FINGERPRINT) return;
  await connection.run('BEGIN TRANSACTION');
  try {
    for (const sql of SCHEMA_SQL) await connection.run(sql);
    await refreshLegRowsView(connection);
    // A store from before the aggregates (or from another version of them) gets them from its legs.
    await rebuildAllAggregates(connection);
    await connection.run(`INSERT OR IGNORE INTO store_meta VALUES ('schema', '${SCHEMA_VERSION}')`);
    await connection.run(`INSERT OR REPLACE INTO store_meta VALUES ('schema_sql', '${SCHEMA_FINGERPRINT}')`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => {});
    throw error;
  }
}

export async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/**
 * A new database file is made under a temp name, set to 0600, then linked to its name: it never
 * exists readable by others, and two programs creating it at once cannot replace one another's
 * (a link fails when the name exists; a rename would swap the file under the first one's feet).
 */
export async function createOwnerOnly(path: string): Promise<void> {
  const fresh = `${path}.new-${process.pid}`;
  await rm(fresh, { force: true });
  await rm(`${fresh}.wal`, { force: true });
  const instance = await DuckDBInstance.create(fresh);
  const connection = await instance.connect();
  await connection.run('CHECKPOINT');
  connection.closeSync();
  instance.closeSync();
  await chmod(fresh, 0o600);
  try {
    await link(fresh, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(fresh, { force: true });
  }
}
