// The SQL process's database: an in-memory DuckDB that sees the `legs` view over a snapshot of the
// profile's legs (a DuckDB file, attached read-only), `instrument_totals` and `decimal_text()`,
// nothing else. It is kept for the next query over the same snapshot (its buffer pool warm). Before the user's
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
import { generationFiles, lakeFiles, lakeParquetSql } from '../lake/lake-listing.ts';
import { readLakeManifestFile } from '../lake/lake-partitions.ts';
import { scopeParts } from '../store/party-scope.ts';
import { sqlList, sqlString } from '../store/sql-text.ts';
import { DECIMAL_TEXT_MACRO } from '../store/store-schema.ts';
import { copyStatement } from './export-copy-sql.ts';
import { exportSelect } from './export-sources.ts';
import { limitMessage, type SqlBudgets } from './sql-budgets.ts';
import { checkReadOnly, duckdbError } from './sql-guard.ts';
import { checkParams, duckdbParams } from './sql-params.ts';
import { type ExportDone, SNAPSHOT_TABLE, type SqlJob } from './sql-protocol.ts';

/** The attached snapshot's name inside the sandbox (user SQL cannot name it: sql-guard.ts). */
const SNAPSHOT_ALIAS = 'snapshot';

/** A sandbox's DuckDB: in memory, its limits set and its configuration locked, reading the job's source alone. */
interface Sandbox {
  instance: DuckDBInstance;
  /** What it was opened for: a query job with the same key may use it again (snapshot, lake, budgets, folder). */
  key: string;
}

function sandboxKey(job: SqlJob): string {
  return JSON.stringify([job.snapshot, job.lake ?? null, job.lakeFormat ?? null, job.budgets, job.workDir]);
}

/**
 * An in-memory DuckDB that can read `job.snapshot` (and write an export's target), and nothing else.
 * A store's snapshot is attached read-only; a lake is read where it is (its folder, Hive-partitioned).
 */
async function openInstance(job: SqlJob): Promise<Sandbox> {
  const b = job.budgets;
  const instance = await DuckDBInstance.create(':memory:', {
    // Before anything runs: no extension is installed or loaded, even by a name in the query.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    // Where DuckDB would look for extensions and secrets: the process's own folder, not the home
    // folder. At create, not by SET: a SET of it holds only for the connection that ran it.
    home_directory: job.workDir,
  });
  const c = await instance.connect();
  try {
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
      ['secret_directory', join(job.workDir, 'secrets')],
    ]) {
      await c.run(`SET ${name} = ${sqlString(value)}`);
    }
    await c.run(`SET allowed_paths = ${sqlList(paths)}`);
    await c.run(`SET allowed_directories = ${sqlList(folders)}`);
    if (!job.lake) await c.run(`ATTACH ${sqlString(job.snapshot)} AS ${SNAPSHOT_ALIAS} (READ_ONLY)`);
    await c.run(DECIMAL_TEXT_MACRO);
    await c.run('SET enable_external_access = false');
    await c.run('SET lock_configuration = true');
  } catch (error) {
    instance.closeSync();
    throw error;
  } finally {
    c.closeSync();
  }
  return { instance, key: sandboxKey(job) };
}

/**
 * One job's connection to a sandbox: its `legs` view (the job's scope) and `instrument_totals`, as
 * temporary views of this connection alone, so the next job on the same sandbox starts from none.
 */
async function connectJob(sandbox: Sandbox, job: SqlJob): Promise<DuckDBConnection> {
  const c = await sandbox.instance.connect();
  try {
    // A lake's time is an instant (TIMESTAMP WITH TIME ZONE, docs/lake.md): the view's is UTC TIMESTAMP, as the store's.
    const columns = LEGS_VIEW_COLUMNS.map(({ name }) =>
      job.lake && name === 'effective_at' ? 'make_timestamp(epoch_us(effective_at)) AS effective_at' : name,
    ).join(', ');
    // A scoped query over a lake reads its parties' files alone (a lake's every file costs DuckDB bind time).
    // `party` is a column of the files (format 2) or of the folders (format 1): the same name either way.
    // One generation of the lake (docs/lake.md, "Generations"): the files its _lake.json names now,
    // read here, in the process, before the query; a lake written before generations is listed
    // (lake-listing.ts). None: the whole lake, which the scope then filters.
    const manifest = job.lake ? (await readLakeManifestFile(job.lake)).manifest : null;
    const layout = LAYOUTS[manifest?.format ?? job.lakeFormat ?? LAKE_FORMAT];
    const files = !job.lake
      ? null
      : job.task.scope
        ? await lakeFiles(job.lake, layout, job.task.scope.parties, manifest)
        : manifest && generationFiles(job.lake, manifest);
    const from = job.lake
      ? lakeParquetSql(job.lake, layout, files && files.length > 0 ? files : undefined)
      : `${SNAPSHOT_ALIAS}.${SNAPSHOT_TABLE}`;
    // A query's scope (party-scope.ts): whose legs the views show; none, every party's.
    const scope = await scopeParts(c, job.task.scope);
    await c.run(`CREATE TEMP VIEW legs AS SELECT ${columns}${scope.columns} FROM ${from}${scope.where}`);
    await c.run(scope.totals);
    return c;
  } catch (error) {
    c.closeSync();
    throw error;
  }
}

/**
 * The sandbox kept between queries: a query over the same snapshot, with the same limits, uses it
 * again, so DuckDB's buffer pool still holds the snapshot's blocks the last query read (the
 * built-in queries at 1M legs: 128-543 ms cold, 19-263 ms warm; docs/performance.md). Only a
 * store's snapshot: its name is its version, so what the pool holds is never stale. A lake's files
 * are switched in place under the same names (docs/lake.md), and an export's target is one more
 * path it may write: each of those has a sandbox of its own, closed after it.
 */
let kept: Sandbox | null = null;

/** Closes the kept sandbox (its file handle and cache go with it). */
export function dropKept(): void {
  kept?.instance.closeSync();
  kept = null;
}

async function sandboxFor(job: SqlJob): Promise<{ sandbox: Sandbox; release: () => void }> {
  if (job.task.kind !== 'query' || job.lake) {
    // The kept sandbox's cache goes first: this one has the same memory budget, and the two side
    // by side could pass the process's limit, which stops the job.
    dropKept();
    const sandbox = await openInstance(job);
    return { sandbox, release: () => sandbox.instance.closeSync() };
  }
  const key = sandboxKey(job);
  if (kept?.key !== key) {
    dropKept();
    kept = await openInstance(job);
  }
  return { sandbox: kept, release: () => {} };
}

/** The sandbox for a job, and its connection: what DuckDB itself allows it, before the parse check (tests). */
export async function openSandbox(job: SqlJob): Promise<{ c: DuckDBConnection; close: () => void }> {
  const { sandbox, release } = await sandboxFor(job);
  try {
    const c = await connectJob(sandbox, job);
    return {
      c,
      close: () => {
        c.closeSync();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
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
    // DuckDB invalidates its whole instance after an internal or fatal error: the next query must not get it.
    if (/^(INTERNAL|FATAL) Error|invalidated/i.test(message)) dropKept();
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
