// Forgetting one party really removes its legs from the disk: DuckDB reuses a deleted row's blocks
// only later, so the bytes could stay in the file. The store is rewritten without the party into a
// new file (0600, under a temp name), which then replaces the old one by rename.
import { chmod, rename, rm } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { refreshLegRowsView, SCHEMA_SQL } from './store-schema.ts';

const TABLES_BY_PARTY = ['leg_store', 'party_sync', 'sync_runs'] as const;

export async function forgetParty(path: string, party: string): Promise<void> {
  const fresh = `${path}.rewrite-${process.pid}`;
  await rm(fresh, { force: true });
  await rm(`${fresh}.wal`, { force: true });
  const instance = await DuckDBInstance.create(fresh);
  const connection = await instance.connect();
  try {
    for (const sql of SCHEMA_SQL) await connection.run(sql);
    await connection.run(`ATTACH '${path.replaceAll("'", "''")}' AS old (READ_ONLY)`);
    await connection.run('INSERT OR REPLACE INTO store_meta SELECT * FROM old.store_meta');
    for (const table of TABLES_BY_PARTY) {
      await connection.run(`INSERT INTO ${table} SELECT * FROM old.${table} WHERE party <> ?`, [party]);
    }
    // The run id sequence continues where the old file's stood (ids are never reused).
    const next = await connection.runAndReadAll(
      'SELECT coalesce(max(id), 0) + 1 FROM (SELECT run_id AS id FROM old.leg_store UNION ALL SELECT run_id FROM old.sync_runs)',
    );
    await connection.run('DROP SEQUENCE run_ids');
    await connection.run(`CREATE SEQUENCE run_ids START ${(next.getRows()[0][0] as bigint) + 1n}`);
    await refreshLegRowsView(connection);
    await connection.run('DETACH old');
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  await chmod(fresh, 0o600);
  await rm(`${path}.wal`, { force: true });
  await rename(fresh, path);
}
