// What one user query may use, and what each limit says when a query reaches it: the words name
// the limit and how to narrow the query (docs/security.md, "The SQL editor"). Shared by main (which
// enforces time and memory from outside) and the SQL process (rows, bytes, DuckDB's own limits).

export interface SqlBudgets {
  /** Rows returned to the screen (more make `truncated`); exports have no row limit. */
  rows: number;
  /** Bytes of one cell's text, counted while fetching. */
  cellBytes: number;
  /** Bytes of the whole answer's text, counted while fetching (rows stop here, not after). */
  resultBytes: number;
  /** Wall-clock time from the start of the query; main stops the process at this point. */
  timeMs: number;
  /** Resident memory of the SQL process; main stops it above this. */
  memoryBytes: number;
  /** DuckDB's buffer memory (part of memoryBytes): above it DuckDB spills to its temp folder. */
  duckdbMemoryBytes: number;
  /** DuckDB's temp folder (spill of sorts, joins and aggregates). */
  tempBytes: number;
  /**
   * DuckDB's threads for the query. Two: most of a built-in query's time is the scan of the
   * snapshot, which two threads split (10-30 % faster at 1M legs, docs/performance.md, "The
   * notebook"); more would take more of the machine from the app and a sync while one query runs.
   */
  threads: number;
}

const MiB = 1024 * 1024;

/** The SQL editor's query: the screen shows at most 1,000 rows; the channel takes at most 10,000. */
export const SCREEN_BUDGETS: SqlBudgets = {
  rows: 10_000,
  cellBytes: 1 * MiB,
  resultBytes: 16 * MiB,
  timeMs: 60_000,
  memoryBytes: 1024 * MiB,
  duckdbMemoryBytes: 384 * MiB,
  tempBytes: 1024 * MiB,
  threads: 2,
};

/** A query exported to a file: no row or byte limit on the answer (it goes to disk), more time. */
export const EXPORT_BUDGETS: SqlBudgets = {
  ...SCREEN_BUDGETS,
  rows: Number.POSITIVE_INFINITY,
  cellBytes: Number.POSITIVE_INFINITY,
  resultBytes: Number.POSITIVE_INFINITY,
  timeMs: 30 * 60_000,
};

/** The SQL process's JS heap: its memory budget less DuckDB's (V8 stops a process whose heap is full). */
export function sqlHeapMiB(budgets: SqlBudgets): number {
  return Math.max(64, Math.floor((budgets.memoryBytes - budgets.duckdbMemoryBytes) / MiB));
}

export type SqlLimit = 'cell_bytes' | 'result_bytes' | 'time' | 'memory' | 'temp_disk';

export function sizeText(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${+(bytes / (1024 * MiB)).toFixed(1)} GiB`;
  if (bytes >= MiB) return `${+(bytes / MiB).toFixed(1)} MiB`;
  return `${Math.round(bytes / 1024)} KiB`;
}

function seconds(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}` : `${ms / 1000} s`;
}

/** What each limit says, in words a user can act on. */
export function limitMessage(limit: SqlLimit, budgets: SqlBudgets, where = ''): string {
  switch (limit) {
    case 'cell_bytes':
      return `A cell${where} holds more than ${sizeText(budgets.cellBytes)}, the SQL editor's limit for one cell: select part of it (left(x, 1000)) or export the query.`;
    case 'result_bytes':
      return `The answer is larger than ${sizeText(budgets.resultBytes)}, the SQL editor's limit for one answer: select fewer columns or rows (LIMIT), or export the query.`;
    case 'time':
      return `The query ran longer than ${seconds(budgets.timeMs)}, the limit for one query, and was stopped: narrow it (WHERE, fewer joins), or aggregate before sorting.`;
    case 'memory':
      return `The query needed more than ${sizeText(budgets.memoryBytes)} of memory, the limit for one query, and was stopped: narrow it (WHERE, LIMIT), build fewer or smaller strings and lists, or aggregate first.`;
    case 'temp_disk':
      return `The query needed more than ${sizeText(budgets.tempBytes)} of temporary disk space (DuckDB spills large sorts, joins and groupings there), the limit for one query: narrow it (WHERE, LIMIT) or aggregate before sorting.`;
  }
}
