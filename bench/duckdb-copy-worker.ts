// DuckDB's own COPY of a file's rows (the engine's speed beside the store's export, in its own
// process so the store's process keeps its own memory figures): loads the Parquet file into an
// in-memory table (untimed), then times COPY (SELECT * FROM rows) TO the target. Prints one JSON line.
import { statSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { sqlString } from '../src-main/services/local-ledger/store/sql-text.ts';

const [source, target, format] = process.argv.slice(2) as [string, string, 'csv' | 'parquet'];
const instance = await DuckDBInstance.create(':memory:');
const c = await instance.connect();
await c.run(`CREATE TABLE rows AS SELECT * FROM read_parquet(${sqlString(source)})`);
// Parquet with the store's own options (row groups, rows in any order): the engine at its best for
// this file. CSV with DuckDB's own writer and its defaults (rows in the table's order).
const options = format === 'csv' ? 'FORMAT csv, HEADER true' : 'FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 32768';
if (format === 'parquet') await c.run('SET preserve_insertion_order = false');
const started = performance.now();
const copied = await c.run(`COPY (SELECT * FROM rows) TO ${sqlString(target)} (${options})`);
const wallMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ rows: Number(copied.rowsChanged), bytes: statSync(target).size, wallMs })}\n`);
c.closeSync();
instance.closeSync();
