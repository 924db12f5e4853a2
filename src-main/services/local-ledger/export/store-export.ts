// Export from the local store with DuckDB's COPY (no leg passes through JS): CSV and JSON Lines in
// the live explorer's exact format, Parquet with typed columns, and Parquet partitioned by month in
// Hive-style folders (month=YYYY-MM/). Written beside the target under a `.partial-` name and
// renamed when whole; a failure or cancel removes the partial output (docs/local-ledger.md, "Export").
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LocalExportRequest, LocalExportResult, SqlParam } from '../../../../src-shared/contract/local-ledger.ts';
import { LocalExportRequest as RequestSchema } from '../../../../src-shared/contract/local-ledger.ts';
import { fromSqlParams } from '../../../../src-shared/notebook/sql-wire.ts';
import { fileStamp } from '../../../../src-shared/time/time-text.ts';
import { commitFile } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';
import { copyStatement, parallelParquet } from '../sql/export-copy-sql.ts';
import { exportSelect } from '../sql/export-sources.ts';
import { duckdbError } from '../sql/sql-guard.ts';
import type { ExportDone } from '../sql/sql-protocol.ts';
import type { SqlLedger } from '../sql/sql-runner.ts';
import { sqlSource } from '../sql/sql-snapshot.ts';
import type { LegReader } from '../store/leg-access.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { resolveScope, resolveViewScope } from '../store/view-scope.ts';
import { labelsOf } from './csv.ts';
import { readBackSql } from './read-back-sql.ts';

const FILTERS = {
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  jsonl: [{ name: 'JSON Lines', extensions: ['jsonl'] }],
  parquet: [{ name: 'Parquet', extensions: ['parquet'] }],
  'parquet-by-month': [] as Array<{ name: string; extensions: string[] }>,
};

export async function exportFromStore(
  local: SqlLedger,
  request: LocalExportRequest,
  signal?: AbortSignal,
): Promise<LocalExportResult | null> {
  const r = RequestSchema.parse(request);
  local.ctx.profile(r.profileId);
  const store = await local.reader(r.profileId);
  // A portfolio named in the request is read before the save dialog: a deleted one is refused at once.
  const scope = await viewScope(local, r);
  // With a lake open the export's `scope` column names the lake's parties, as the screen does.
  const from = (await store.source()).kind === 'lake' ? 'lake' : 'store';
  const path = await local.ctx.host.chooseSavePath(defaultName(r), FILTERS[r.format]);
  if (!path) return null;
  const folder = r.format === 'parquet-by-month';
  if (folder && (await stat(path).catch(() => null))) {
    throw new ServiceError('invalid_argument', `${path} already exists: choose a new name for the folder.`);
  }
  const partial = join(dirname(path), `${basename(path)}.partial-${randomBytes(4).toString('hex')}`);
  const started = performance.now();
  try {
    const { rows, select } =
      r.source.kind === 'sql'
        ? await queryExport(
            local,
            store,
            r.source.sql,
            r.source.params ?? [],
            await resolveScope(local, r.profileId, r.source.scope),
            r.format,
            partial,
            signal,
          )
        : await store.read(
            async (c) => {
              try {
                // The address book as the export starts: the legs get their sender's and receiver's labels.
                const select = await exportSelect(
                  c,
                  r.source,
                  r.format,
                  labelsOf(local.ctx.settings.settings.savedParties),
                  { scope, from },
                );
                const copy = copyStatement(select, r.format, partial);
                const run = async () => ({
                  rows: Number((await c.runAndReadAll(copy, select.params)).rowsChanged),
                  select,
                });
                // A sorted file sorts on one thread (ledger-store.ts, singleThreaded).
                if (select.order) return await store.singleThreaded(c, run);
                // This connection only (it closes after the export): rows in any order, written in parallel.
                if (parallelParquet(select, r.format)) await c.run('SET SESSION preserve_insertion_order = false');
                return await run();
              } catch (error) {
                throw duckdbError(error, r.source.kind === 'sql' ? r.source.sql : '');
              }
            },
            { signal, parties: scope?.parties },
          );
    if (folder) await rename(partial, path);
    else {
      await commitFile(partial, path);
      // The browser version may offer it for download (a folder it cannot: one file per download).
      await local.ctx.downloads?.add(path).catch(() => {});
    }
    return {
      path,
      rows,
      bytes: await sizeOf(path),
      elapsedMs: Math.round(performance.now() - started),
      readBack: readBackSql(path, r.format, select),
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
}

/** The parties a view's export reads (its scope, or its party alone). */
function viewScope(local: SqlLedger, r: ReturnType<typeof RequestSchema.parse>): Promise<ScopeData | undefined> {
  const { source } = r;
  if (source.kind === 'sql') return Promise.resolve(undefined);
  const [party, asked] =
    source.kind === 'legs' ? [source.party, source.scope] : [source.query.party, source.query.scope];
  return resolveViewScope(local, r.profileId, party, asked);
}

/** A query's export runs in the SQL process, over the snapshot, as the SQL editor's query does (sql/). */
async function queryExport(
  local: SqlLedger,
  store: LegReader,
  sql: string,
  params: readonly SqlParam[],
  scope: ScopeData | undefined,
  format: LocalExportRequest['format'],
  target: string,
  signal?: AbortSignal,
): Promise<{ rows: number; select: ExportDone['select'] }> {
  const source = await sqlSource(store);
  const task = {
    kind: 'export' as const,
    sql,
    format,
    target,
    ...(params.length > 0 ? { params: fromSqlParams(params) } : {}),
    ...(scope ? { scope } : {}),
  };
  return local.sql.run<ExportDone>({ ...source, budgets: local.sqlBudgets.export, task }, { signal });
}

function defaultName(r: ReturnType<typeof RequestSchema.parse>): string {
  const stamp = fileStamp();
  const what =
    r.source.kind === 'legs'
      ? `local-${r.source.party.split('::')[0].replace(/[^A-Za-z0-9_-]/g, '_')}`
      : r.source.kind === 'sql'
        ? 'local-query'
        : `local-${r.source.kind}`;
  const extension = r.format === 'parquet-by-month' ? '-by-month' : `.${r.format}`;
  return `${what}-${stamp}${extension}`;
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
