// Forgetting one party really removes its legs from the disk: DuckDB reuses a deleted row's blocks
// only later, so the bytes could stay in the file. The store is rewritten without the party into a
// new file (0600, under a temp name), which then replaces the old one by rename. All of it happens
// on the store's own connection while this process holds the file (LedgerStore.exclusive): another
// program (`npm run cli -- sync`) can neither write the old file between the copy and the rename nor
// keep writing a file that is no longer the store. The old file is checkpointed first, so no WAL of
// it is left under the store's name for the new file to replay.
import { chmod, rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { commitFile } from '../../../files/atomic-write.ts';
import { sqlIdentifier, sqlString } from '../store/sql-text.ts';
import { refreshLegRowsView, SCHEMA_SQL } from '../store/store-schema.ts';

const TABLES_BY_PARTY = ['leg_store', 'leg_days', 'leg_months', 'party_sync', 'sync_runs', 'sync_windows'] as const;
const FRESH = 'forget_rewrite';

export async function forgetParty(connection: DuckDBConnection, path: string, party: string): Promise<void> {
  const fresh = `${path}.rewrite-${process.pid}`;
  await rm(fresh, { force: true });
  await rm(`${fresh}.wal`, { force: true });
  const current = (await connection.runAndReadAll('SELECT current_database()')).getRows()[0][0] as string;
  const old = sqlIdentifier(current);
  await connection.run('CHECKPOINT');
  await connection.run(`ATTACH ${sqlString(fresh)} AS ${FRESH}`);
  try {
    // The schema's views are created inside the new file, naming its own tables.
    await connection.run(`USE ${FRESH}`);
    for (const sql of SCHEMA_SQL) await connection.run(sql);
    await connection.run(`INSERT OR REPLACE INTO store_meta SELECT * FROM ${old}.store_meta`);
    for (const table of TABLES_BY_PARTY) {
      await connection.run(`INSERT INTO ${table} SELECT * FROM ${old}.${table} WHERE party <> ?`, [party]);
    }
    // The run id sequence continues where the old file's stood (ids are never reused).
    const next = await connection.runAndReadAll(
      `SELECT coalesce(max(id), 0) + 1 FROM (SELECT run_id AS id FROM ${old}.leg_store UNION ALL SELECT run_id FROM ${old}.sync_runs)`,
    );
    await connection.run('DROP SEQUENCE run_ids');
    await connection.run(`CREATE SEQUENCE run_ids START ${(next.getRows()[0][0] as bigint) + 1n}`);
    await refreshLegRowsView(connection);
    await connection.run(`USE ${old}`);
    await connection.run(`CHECKPOINT ${FRESH}`);
    await connection.run(`DETACH ${FRESH}`);
  } catch (error) {
    await connection.run(`USE ${old}`).catch(() => {});
    await connection.run(`DETACH ${FRESH}`).catch(() => {});
    await rm(fresh, { force: true });
    await rm(`${fresh}.wal`, { force: true });
    throw error;
  }
  await chmod(fresh, 0o600);
  // fsync'd, renamed over the store, and the folder fsync'd: the forget survives a power cut too.
  await commitFile(fresh, path);
}
