// A profile's store, made directly with the store's own schema (store-schema.ts), with legs of a
// few parties over a few months: what `lake sync` reads after its sync. `generation` is written into
// every amount and update id, so a lake file can be told to hold one generation whole, never a mix.
import { DuckDBInstance } from '@duckdb/node-api';
import { SCHEMA_SQL } from '../../../../src-main/services/local-ledger/store-schema.ts';

export interface FixtureShape {
  parties: readonly string[];
  /** YYYY-MM of each month, in order. */
  months: readonly string[];
  legsPerMonth: number;
  generation: number;
  /** Months whose legs carry this generation instead (the others keep generation 1). */
  onlyMonths?: readonly string[];
  /** Legs with no readable time (the NULL month). */
  timeless?: number;
}

export const PARTY = (i: number) => `party-${i}::1220${String(i).padStart(64, 'a')}`;

/** The store at `path`, replaced by the shape (run_id 0: every leg visible). */
export async function writeFixtureStore(path: string, shape: FixtureShape): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  try {
    for (const sql of SCHEMA_SQL) await c.run(sql);
    await c.run('DELETE FROM leg_store');
    await c.run('DELETE FROM party_sync');
    let seq = 0;
    for (const party of shape.parties) {
      const q = party.replaceAll("'", "''");
      await c.run(`INSERT INTO party_sync VALUES ('${q}', TIMESTAMP '2026-11-30 12:00:00', 'node-a', true)`);
      for (const month of shape.months) {
        const g = !shape.onlyMonths || shape.onlyMonths.includes(month) ? shape.generation : 1;
        await c.run(`INSERT INTO leg_store SELECT 0, '${q}', 'g${g}-${month}-' || i,
            strftime(TIMESTAMP '${month}-01' + to_seconds(i * 60), '%Y-%m-%dT%H:%M:%SZ'),
            TIMESTAMP '${month}-01' + to_seconds(i * 60),
            'DSO::1220ab', 'Amulet', 'CC', 10, '${g}.5', (${g} * 10000000000 + 5000000000)::HUGEINT, 10, true, ${g}, 5 * 10::HUGEINT ** 37,
            CASE WHEN i % 2 = 0 THEN '${q}' ELSE 'other::1220' END, CASE WHEN i % 2 = 0 THEN 'other::1220' ELSE '${q}' END,
            'other::1220', i % 2 = 1, 'completed', ${seq} + i
          FROM range(${shape.legsPerMonth}) t(i)`);
        seq += shape.legsPerMonth;
      }
      if (shape.timeless) {
        await c.run(`INSERT INTO leg_store SELECT 0, '${q}', 'g${shape.generation}-none-' || i, 'not a time', NULL,
            'DSO::1220ab', 'Amulet', 'CC', 10, '1', 10000000000::HUGEINT, 10, true, 1, 0, '${q}', 'other::1220', 'other::1220', false, 'completed', ${seq} + i
          FROM range(${shape.timeless}) t(i)`);
        seq += shape.timeless;
      }
    }
    await c.run('CHECKPOINT');
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}
