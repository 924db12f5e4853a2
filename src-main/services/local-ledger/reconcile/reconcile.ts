// Reconcile a statement against the local store: the three channels' service functions
// (local:reconcileMapping, local:reconcile, local:reconcileExport). The CSV text comes from the
// renderer, which read the file the user chose (on their machine, in the desktop app and the
// browser version alike, as the address book's import does); main reads it as hostile input
// (statement-csv.ts), matches in DuckDB (statement-match.ts) and writes the export with the store
// export's COPY. docs/reconcile.md
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  RECONCILE_CATEGORIES,
  RECONCILE_MAX_PROBLEMS,
  RECONCILE_TIME_BUDGET_MS,
  type ReconcileExported,
  type ReconcileMappingAnswer,
  ReconcileMappingQuery,
  ReconcileRequest,
  type ReconcileResult,
  toleranceText,
} from '../../../../src-shared/contract/reconcile.ts';
import { fileStamp } from '../../../../src-shared/time/time-text.ts';
import { commitFile } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';
import { copyStatement } from '../sql/export-copy-sql.ts';
import type { ExportSelect } from '../sql/export-sources.ts';
import { duckdbError } from '../sql/sql-guard.ts';
import type { LedgerReaders, LegReader } from '../store/leg-access.ts';
import { guessMapping, MAPPINGS_FILE, MappingMemory } from './mapping-memory.ts';
import {
  type CsvProblem,
  detectDelimiter,
  headerNames,
  readStatementText,
  type StatementRead,
  splitRecords,
} from './statement-csv.ts';
import { type MatchSummary, matchStatement, resultRows, resultSql } from './statement-match.ts';

const memories = new WeakMap<LedgerReaders, MappingMemory>();
/** The one mapping memory of this ledger (its file beside the settings, in the user-data folder). */
function memoryOf(local: LedgerReaders): MappingMemory {
  let memory = memories.get(local);
  if (!memory) {
    memory = new MappingMemory(join(dirname(local.folder), MAPPINGS_FILE));
    memories.set(local, memory);
  }
  return memory;
}

/** The header of a CSV's first lines, and the mapping to offer for it (remembered, else guessed). */
export async function reconcileMapping(
  local: LedgerReaders,
  query: ReconcileMappingQuery,
): Promise<ReconcileMappingAnswer> {
  const q = ReconcileMappingQuery.parse(query);
  local.ctx.profile(q.profileId);
  const delimiter = q.delimiter === 'auto' ? detectDelimiter(stripBom(q.head)) : q.delimiter;
  const problems: CsvProblem[] = [];
  const header = headerNames(splitRecords(q.head, delimiter, problems, 1)[0]);
  if (!header.length || (header.length === 1 && header[0] === '')) {
    return {
      header: [],
      delimiter,
      mapping: null,
      remembered: false,
      problems: [{ line: 1, message: 'the file is empty: expected a header line' }],
    };
  }
  const remembered = await memoryOf(local).recall(q.profileId, header);
  return { header, delimiter, mapping: remembered ?? guessMapping(header), remembered: remembered !== null, problems };
}

type Read = StatementRead;

/** The statement's good lines and every problem, sorted by line, read in slices (statement-csv.ts). */
function readCsv(r: ReturnType<typeof ReconcileRequest.parse>, signal: AbortSignal): Promise<Read> {
  const delimiter = r.delimiter === 'auto' ? detectDelimiter(stripBom(r.csv)) : r.delimiter;
  return readStatementText(r.csv, delimiter, r.mapping, signal);
}

/** Runs `work` with the request's cancel (app:cancel) and the time budget; a budget's end says so. */
async function withBudget<T>(
  local: LedgerReaders,
  requestId: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return local.ctx.requests.run(requestId, async (cancel) => {
    const budget = AbortSignal.timeout(RECONCILE_TIME_BUDGET_MS);
    try {
      return await work(AbortSignal.any([cancel, budget]));
    } catch (error) {
      if (budget.aborted && !cancel.aborted) {
        throw new ServiceError(
          'timeout',
          `The reconciliation took over ${RECONCILE_TIME_BUDGET_MS / 1000} s and was stopped.`,
        );
      }
      throw error;
    }
  });
}

async function matched<T>(
  local: LedgerReaders,
  r: ReturnType<typeof ReconcileRequest.parse>,
  read: Read,
  signal: AbortSignal,
  then: (c: DuckDBConnection, summary: MatchSummary, store: LegReader) => Promise<T>,
): Promise<T> {
  const store = await local.reader(r.profileId);
  return store.read(
    async (c) => {
      try {
        const summary = await matchStatement(c, read.lines, {
          party: r.party,
          toleranceMicros: BigInt(r.toleranceSeconds) * 1_000_000n,
          onlyStatementCounterparties: r.onlyStatementCounterparties,
          leftOutStatuses: r.leftOutStatuses,
        });
        return await then(c, summary, store);
      } catch (error) {
        if (signal.aborted || error instanceof ServiceError) throw error;
        throw duckdbError(error, '');
      }
    },
    { signal, parties: [r.party] },
  );
}

export async function reconcileStatement(local: LedgerReaders, request: ReconcileRequest): Promise<ReconcileResult> {
  const r = ReconcileRequest.parse(request);
  local.ctx.profile(r.profileId);
  return withBudget(local, r.requestId, async (signal) => {
    const started = performance.now();
    const read = await readCsv(r, signal);
    if (r.remember) await memoryOf(local).remember(r.profileId, read.header, r.mapping);
    const parsedMs = Math.round(performance.now() - started);
    const answer = await matched(local, r, read, signal, async (c, summary) => {
      const t0 = performance.now();
      const rows = await resultRows(c, r.rowCap, toleranceText(r.toleranceSeconds));
      summary.timings['rows shown'] = Math.round(performance.now() - t0);
      return { summary, rows };
    });
    let from: bigint | null = null;
    let to: bigint | null = null;
    for (const l of read.lines) {
      if (from === null || l.atMicros < from) from = l.atMicros;
      if (to === null || l.atMicros > to) to = l.atMicros;
    }
    const elapsedMs = Math.round(performance.now() - started);
    local.ctx.log(
      `reconcile: ${read.lines.length} lines vs ${answer.summary.legs} legs in ${elapsedMs} ms (read ${parsedMs} ms; ${Object.entries(
        answer.summary.timings,
      )
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')})`,
    );
    return {
      lines: read.lines.length,
      legs: answer.summary.legs,
      otherStatuses: answer.summary.otherStatuses,
      counts: answer.summary.counts,
      rows: answer.rows,
      problems: read.problems.slice(0, RECONCILE_MAX_PROBLEMS),
      problemCount: read.problems.length,
      span:
        from === null || to === null
          ? null
          : { from: new Date(Number(from / 1000n)).toISOString(), to: new Date(Number(to / 1000n)).toISOString() },
      elapsedMs,
    };
  });
}

const EXPORT_COLUMNS = [
  { name: 'category', type: 'VARCHAR', meaning: 'matched, statement-only, ledger-only or amount-differs' },
  { name: 'line', type: 'INTEGER', meaning: 'the statement line (NULL: a leg in the ledger only)' },
  { name: 'statement_at', type: 'TIMESTAMP', meaning: 'the line’s time, UTC' },
  { name: 'ledger_at', type: 'TIMESTAMP', meaning: 'the leg’s time, UTC' },
  { name: 'counterparty', type: 'VARCHAR', meaning: 'as in the statement or the leg' },
  { name: 'instrument', type: 'VARCHAR', meaning: 'as in the statement or the leg' },
  { name: 'statement_amount', type: 'VARCHAR', meaning: 'signed exact decimal text (negative: out)' },
  { name: 'ledger_amount', type: 'VARCHAR', meaning: 'signed exact decimal text (negative: out)' },
  { name: 'reference', type: 'VARCHAR', meaning: 'the statement’s reference' },
  { name: 'update_id', type: 'VARCHAR', meaning: 'the leg’s update id' },
  { name: 'status', type: 'VARCHAR', meaning: 'the leg’s status' },
  { name: 'message', type: 'VARCHAR', meaning: 'what is wrong, in words' },
];

/** Asks where to save, reconciles again, and writes every row of the result as CSV (the store export's COPY). */
export async function exportReconciliation(
  local: LedgerReaders,
  request: ReconcileRequest,
): Promise<ReconcileExported | null> {
  const r = ReconcileRequest.parse(request);
  local.ctx.profile(r.profileId);
  const path = await local.ctx.host.chooseSavePath(`reconciliation-${fileStamp()}.csv`, [
    { name: 'CSV', extensions: ['csv'] },
  ]);
  if (!path) return null;
  const partial = join(dirname(path), `${basename(path)}.partial-${randomBytes(4).toString('hex')}`);
  return withBudget(local, r.requestId, async (signal) => {
    try {
      const read = await readCsv(r, signal);
      const result = await matched(local, r, read, signal, async (c, summary, store) => {
        const select: ExportSelect = {
          sql: `SELECT ${EXPORT_COLUMNS.map((col) => col.name).join(', ')},
              coalesce(statement_at, ledger_at) AS __sort_1, line AS __sort_2, update_id AS __sort_3
            FROM (${RECONCILE_CATEGORIES.map((k) => resultSql(k)).join(' UNION ALL ')})`,
          params: [toleranceText(r.toleranceSeconds)],
          textColumns: [
            'category',
            'counterparty',
            'instrument',
            'statement_amount',
            'ledger_amount',
            'reference',
            'update_id',
            'status',
            'message',
          ],
          columns: EXPORT_COLUMNS.map((col) => col.name),
          schema: EXPORT_COLUMNS,
          shape: 'query',
          order: { keys: ['__sort_1', '__sort_2', '__sort_3'], by: '__sort_1, __sort_2 NULLS LAST, __sort_3' },
        };
        // A sorted COPY sorts on one thread, as the store export's does: two threads each wanting their
        // share of the store's memory ran out of it at 300,000 rows (ledger-store.ts, singleThreaded).
        const rows = await store.singleThreaded(c, async () =>
          Number((await c.runAndReadAll(copyStatement(select, 'csv', partial), select.params)).rowsChanged),
        );
        return { rows, counts: summary.counts };
      });
      await commitFile(partial, path);
      await local.ctx.downloads?.add(path).catch(() => {});
      await stat(path);
      return { path, ...result };
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      throw error;
    }
  });
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
