// The SQL process's database: an in-memory DuckDB that sees the `legs` view over a Parquet snapshot
// of the profile's legs, `instrument_totals` and `decimal_text()`, nothing else. Before the user's
// text is even parsed, DuckDB's own configuration is locked with file access off (the snapshot, and
// an export's target, are the only paths it may touch), extensions neither loaded nor installed, and
// limits on its memory, threads and spill folder. The parse check (sql-guard.ts) still runs, as the
// second wall. Rows and bytes of the answer are counted while fetching, chunk by chunk
// (docs/security.md, "The SQL editor").
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance, DuckDBTypeId, JsonDuckDBValueConverter } from '@duckdb/node-api';
import { LEGS_VIEW_COLUMNS } from '../../../../src-shared/contract/legs-view.ts';
import type { SqlCell, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import type { BoundValue } from '../../../../src-shared/notebook/query-params.ts';
import { ServiceError } from '../../errors.ts';
import { LAKE_FORMAT, LAYOUTS } from '../lake/lake-layout.ts';
import { lakeFiles, lakeParquetSql } from '../lake/lake-listing.ts';
import { scopeParts } from '../store/party-scope.ts';
import { sqlList, sqlString } from '../store/sql-text.ts';
import { DECIMAL_TEXT_MACRO } from '../store/store-schema.ts';
import { copyStatement } from './export-copy-sql.ts';
import { exportSelect } from './export-sources.ts';
import { limitMessage, type SqlBudgets } from './sql-budgets.ts';
import { checkReadOnly, duckdbError } from './sql-guard.ts';
import { checkParams, duckdbParams } from './sql-params.ts';
import type { ExportDone, SqlJob } from './sql-protocol.ts';

/** The sandbox: an in-memory DuckDB that can read `job.snapshot` (and write an export's target), and nothing else. */
export async function openSandbox(job: SqlJob): Promise<{ c: DuckDBConnection; close: () => void }> {
  const b = job.budgets;
  const instance = await DuckDBInstance.create(':memory:', {
    // Before anything runs: no extension is installed or loaded, even by a name in the query.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const c = await instance.connect();
  // A lake is read where it is (its folder, Hive-partitioned); a store through its snapshot file.
  const paths = job.lake ? [] : [job.snapshot];
  const folders: string[] = job.lake ? [`${job.lake}/`] : [];
  if (job.task.kind === 'export') {
    paths.push(job.task.target);
    // Parquet by month writes a folder of Hive-style partitions.
    if (job.task.format === 'parquet-by-month') folders.push(`${job.task.target}/`);
  }
  // The limits by SET, not at create: given at create, DuckDB 1.5 shows them in its settings but a
  // sort then spilled past max_temp_directory_size (measured), while SET holds.
  for (const [name, value] of [
    ['memory_limit', `${Math.floor(b.duckdbMemoryBytes / 1024)}KiB`],
    ['threads', String(b.threads)],
    ['temp_directory', join(job.workDir, 'spill')],
    ['max_temp_directory_size', `${Math.floor(b.tempBytes / 1024)}KiB`],
    ['allow_community_extensions', 'false'],
    ['allow_persistent_secrets', 'false'],
    // Where DuckDB would look for extensions and secrets: the process's own folder, not the home folder.
    ['home_directory', job.workDir],
    ['secret_directory', join(job.workDir, 'secrets')],
  ]) {
    await c.run(`SET ${name} = ${sqlString(value)}`);
  }
  await c.run(`SET allowed_paths = ${sqlList(paths)}`);
  await c.run(`SET allowed_directories = ${sqlList(folders)}`);
  // A lake's time is an instant (TIMESTAMP WITH TIME ZONE, docs/lake.md): the view's is UTC TIMESTAMP, as the store's.
  const columns = LEGS_VIEW_COLUMNS.map(({ name }) =>
    job.lake && name === 'effective_at' ? 'make_timestamp(epoch_us(effective_at)) AS effective_at' : name,
  ).join(', ');
  // A scoped query over a lake reads its parties' files alone (a lake's every file costs DuckDB bind time).
  // `party` is a column of the files (format 2) or of the folders (format 1): the same name either way.
  const layout = LAYOUTS[job.lakeFormat ?? LAKE_FORMAT];
  // Listed before DuckDB's file access is locked (lake-listing.ts); none: the whole lake, which the scope then filters.
  const files = job.lake && job.task.scope ? await lakeFiles(job.lake, layout, job.task.scope.parties) : null;
  const from = job.lake
    ? lakeParquetSql(job.lake, layout, files && files.length > 0 ? files : undefined)
    : `read_parquet(${sqlString(job.snapshot)})`;
  // A query's scope (sql-scope.ts): whose legs the views show; none, every party's.
  const scope = await scopeParts(c, job.task.scope);
  await c.run(`CREATE VIEW legs AS SELECT ${columns}${scope.columns} FROM ${from}${scope.where}`);
  await c.run(DECIMAL_TEXT_MACRO);
  await c.run(scope.totals);
  await c.run('SET enable_external_access = false');
  await c.run('SET lock_configuration = true');
  return {
    c,
    close: () => {
      c.closeSync();
      instance.closeSync();
    },
  };
}

/** Integer types whose JSON form is text in DuckDB's conversion: shown as a number when it is a safe integer. */
const WIDE_INTEGERS = new Set<DuckDBTypeId>([DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT]);

/** Cells are numbers only where a number is exact in JS; HUGEINT, DECIMAL and times come as DuckDB's text. */
function cell(value: unknown, type: DuckDBTypeId): SqlCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    if (WIDE_INTEGERS.has(type) && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value))) {
      return Number(value);
    }
    return value;
  }
  return JSON.stringify(value);
}

function overBudget(limit: 'cell_bytes' | 'result_bytes', budgets: SqlBudgets, where = ''): ServiceError {
  return new ServiceError('invalid_argument', limitMessage(limit, budgets, where), { limit });
}

/** Streams the answer chunk by chunk, counting rows and bytes as it goes; stops at the row cap or a byte limit. */
async function query(
  c: DuckDBConnection,
  text: string,
  rowCap: number,
  budgets: SqlBudgets,
  params: BoundValue[],
): Promise<SqlResult> {
  const started = performance.now();
  const bound = duckdbParams(params);
  const result = params.length === 0 ? await c.stream(text) : await c.stream(text, bound.values, bound.types);
  const names = result.columnNames();
  const types = result.columnTypes();
  const rows: SqlCell[][] = [];
  let bytes = 0;
  let truncated = false;
  fetching: for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (let r = 0; r < chunk.rowCount; r++) {
      if (rows.length === rowCap) {
        truncated = true;
        break fetching;
      }
      let values: unknown[];
      try {
        values = chunk.convertRowValues(r, JsonDuckDBValueConverter);
      } catch (error) {
        // A value too long for a JS string (over 512 MiB) is over every cell limit.
        if (error instanceof RangeError) throw overBudget('cell_bytes', budgets, ` (row ${rows.length + 1})`);
        throw error;
      }
      const row = values.map((value, i) => cell(value, types[i].typeId));
      for (let i = 0; i < row.length; i++) {
        const value = row[i];
        const size = typeof value === 'string' ? Buffer.byteLength(value) : 8;
        if (size > budgets.cellBytes) throw overBudget('cell_bytes', budgets, ` (row ${rows.length + 1}, ${names[i]})`);
        bytes += size;
      }
      if (bytes > budgets.resultBytes) throw overBudget('result_bytes', budgets);
      rows.push(row);
    }
  }
  return {
    columns: names.map((name, i) => ({ name, type: types[i].toString() })),
    rows,
    truncated,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** Runs one job in a new sandbox; `started` is told when the guard passed and the query itself begins. */
export async function runJob(job: SqlJob, started: () => void = () => {}): Promise<SqlResult | ExportDone> {
  const { c, close } = await openSandbox(job);
  const task = job.task;
  try {
    if (task.kind === 'query') {
      const params = checkParams(task.params);
      // The guard reads the text with its $n markers: the values are never part of what it checks.
      const text = await checkReadOnly(c, task.sql);
      started();
      return await query(c, text, task.rowCap, job.budgets, params);
    }
    // A notebook query's export: the same text with its $n markers, the same values beside it.
    const params = checkParams(task.params);
    const select = await exportSelect(c, { kind: 'sql', sql: task.sql }, task.format);
    started();
    const bound = duckdbParams(params);
    const copy = copyStatement(select, task.format, task.target);
    const copied =
      params.length === 0
        ? await c.runAndReadAll(copy, select.params)
        : await c.runAndReadAll(copy, bound.values, bound.types);
    return {
      rows: Number(copied.rowsChanged),
      select: { schema: select.schema, shape: select.shape, columns: select.columns },
    };
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const message = (error as Error)?.message ?? String(error);
    if (/max_temp_directory_size|failed to offload data block/i.test(message)) {
      throw new ServiceError('invalid_argument', limitMessage('temp_disk', job.budgets), { limit: 'temp_disk' });
    }
    if (/^Out of Memory Error/i.test(message)) {
      throw new ServiceError('invalid_argument', limitMessage('memory', job.budgets), { limit: 'memory' });
    }
    throw duckdbError(error, task.sql);
  } finally {
    close();
  }
}
