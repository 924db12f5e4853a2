// The messages between main and the SQL process (sql-child.ts): one job in, progress (its memory)
// and one answer out. Structured-clone values (Node's advanced serialization, Electron's
// utilityProcess), so budgets may be Infinity.
import type { ViewColumn } from '../../../../src-shared/contract/legs-view.ts';
import type { LocalExportFormat, SqlResult } from '../../../../src-shared/contract/local-ledger.ts';
import type { BoundValue } from '../../../../src-shared/notebook/query-params.ts';
import type { LakeFormat } from '../lake/lake-layout.ts';
import type { ScopeData } from '../store/party-scope.ts';
import type { SqlBudgets } from './sql-budgets.ts';

export type SqlTask =
  /**
   * `params`: a notebook query's values (docs/notebook.md), `$n`'s at params[n - 1]. `sql` holds the
   * `$n` markers, never a value: the guard checks that text, and DuckDB binds the values beside it.
   */
  | { kind: 'query'; sql: string; rowCap: number; params?: BoundValue[]; scope?: ScopeData }
  | {
      kind: 'export';
      sql: string;
      format: LocalExportFormat;
      target: string;
      params?: BoundValue[];
      scope?: ScopeData;
    };

/** A store's snapshot (sql-snapshot.ts) is a DuckDB file named so, holding one table of the legs view's columns. */
export const SNAPSHOT_SUFFIX = '.duckdb';
export const SNAPSHOT_TABLE = 'legs';

export interface SqlJob {
  /** The profile's legs as a DuckDB file (sql-snapshot.ts): the one file the process may read; for a lake, its files' glob. */
  snapshot: string;
  /** A lake the profile reads instead (docs/lake.md): the one folder the process may read, `snapshot` its glob. */
  lake?: string;
  /** The lake's format (lake-layout.ts): where its parties' folders are and what names them. */
  lakeFormat?: LakeFormat;
  /** A folder of the process's own: its spill folder and nothing else. Removed by main after. */
  workDir: string;
  budgets: SqlBudgets;
  task: SqlTask;
}

/** What an export wrote: its rows, and its columns as the read-back SQL needs them (ExportSelect's). */
export type ExportDone = {
  rows: number;
  select: { schema: ViewColumn[]; shape: 'legs' | 'counterparties' | 'flows' | 'query'; columns: string[] };
};

/** A running SQL process, however the host started it (Node's fork, Electron's utilityProcess). */
export interface SqlChild {
  /** Undefined until the process has started. */
  readonly pid: number | undefined;
  post(message: FromMain): void;
  onMessage(listener: (message: FromChild) => void): void;
  /** Called once, when the process has gone: its exit code, or the signal that ended it. */
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  kill(): void;
}

/** Starts the SQL process: the host's way (Electron gives utilityProcess) or Node's fork of the source. */
export type SqlChildStarter = (options: { cwd: string; heapMiB: number }) => SqlChild;

export type FromMain = { type: 'run'; job: SqlJob };

export type FromChild =
  | { type: 'ready' }
  | { type: 'memory'; rss: number }
  /** The query is about to run (the guard passed): a cancel from here on stops DuckDB. */
  | { type: 'started' }
  | { type: 'done'; result: SqlResult | ExportDone }
  | { type: 'failed'; error: { code: string; message: string; details?: Record<string, unknown> } }
  /** Not sent by the process: main's own note that it has gone. */
  | { type: 'exited'; code: number | null; signal: string | null };
