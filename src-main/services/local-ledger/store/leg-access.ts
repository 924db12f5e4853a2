// One reader, one writer (issue 38): what the rest of the wing may do with a profile's legs. Views,
// SQL snapshots and exports take a LegReader: the store file (ledger-store.ts) or a lake the app has
// open (lake/lake-store.ts), told apart by nothing but what `source()` says. Syncs, forget and the
// CLI take a LegWriter, which only the store file is. And LedgerReaders: what the layers above the
// store (views, sql, export, reconcile) use of the local ledger, so none of them imports the
// local-ledger.ts facade above them (docs/architecture.md, "The local-ledger wing").
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Portfolio } from '../../../../src-shared/contract/party-scope.ts';
import type { LedgerContext } from './ledger-sources.ts';
import type { StoreUser } from './store-markers.ts';

export interface StoreWaitNotice {
  path: string;
  /** The program that has the file, or the one ahead in the queue; null when it cannot be told. */
  holder: StoreUser | null;
  waitedMs: number;
}

/** How long one operation waits for the file, and what it tells meanwhile. */
export interface StoreWait {
  /** Infinity: until `signal` aborts. */
  waitMs: number;
  signal?: AbortSignal;
  onWait?: (wait: StoreWaitNotice) => void;
}

/** How one read runs. */
export interface ReadOptions {
  /** Interrupts the running query (or the wait for the file). */
  signal?: AbortSignal;
  /** How long it waits for another program to let go of a store file (default: the program's readWaitMs). A lake never waits. */
  wait?: Partial<StoreWait>;
  /**
   * The read's scope: the only parties `work` reads, when it is known. A store file has every party
   * at hand; a lake then lists and opens only their files (its leg_rows is theirs alone).
   */
  parties?: readonly string[];
}

/**
 * Where a reader's legs are, as the SQL process needs to know: a store file, which it reads through
 * a snapshot of its `legs` view (sql/sql-snapshot.ts, a DuckDB file), or a lake, whose Parquet it reads
 * where it is (`format`: lake-layout.ts's LakeFormat).
 */
export type LegSource =
  | { kind: 'store'; path: string }
  /** `aggregates`: it keeps leg_months and has leg_days (a lake of generations: lake-store.ts). */
  | { kind: 'lake'; folder: string; format: 1 | 2; aggregates: boolean };

/** Reads a profile's legs: `leg_rows`, `legs`, `instrument_totals`, `party_sync` on a connection of its own. */
export interface LegReader {
  read<T>(work: (connection: DuckDBConnection) => Promise<T>, options?: ReadOptions): Promise<T>;
  /** Runs `work` (on `connection`, one of this reader's) with DuckDB on one thread: a sorted export. */
  singleThreaded<T>(connection: DuckDBConnection, work: () => Promise<T>): Promise<T>;
  /** Bytes on disk: the store's file and WAL, or the lake's files (its manifest's count). */
  sizeOnDisk(): Promise<number>;
  /** Where the legs are (what the SQL process reads). */
  source(): Promise<LegSource>;
  /** Interrupts reads and lets go of everything for good. */
  close(): Promise<void>;
}

/** Writes a profile's store file: only LedgerStore is one (a lake is never written by the app). */
export interface LegWriter extends LegReader {
  /** The store's file. */
  readonly path: string;
  /** This program in words (its markers name it so). */
  readonly program: string;
  /** Whether this process has the file open now (another program cannot write it meanwhile). */
  readonly isOpen: boolean;
  /** Runs `work` with the write connection, after every earlier write has finished. */
  write<T>(work: (connection: DuckDBConnection) => Promise<T>, wait?: Partial<StoreWait>): Promise<T>;
  /** Runs `work` with the file to itself, then lets go of it without writing anything more (a forget). */
  exclusive<T>(work: (connection: DuckDBConnection) => Promise<T>, wait?: Partial<StoreWait>): Promise<T>;
  /** A fresh block of `count` leg sequence numbers. Inside write() only. */
  takeSeq(connection: DuckDBConnection, count: number): Promise<bigint>;
  /** Tells other programs' watchers that what a reader sees changed (after the transaction committed). */
  announce(party: string | null): Promise<void>;
}

/**
 * What the views, SQL, exports and reconciliation use of the local ledger (LocalLedger is one):
 * the service context, its folder, the profile's portfolios and the reader of a profile's legs.
 */
export interface LedgerReaders {
  readonly ctx: LedgerContext;
  /** The stores' folder (the user-data folder is its parent). */
  readonly folder: string;
  readonly portfolios: { get(profileId: string, name: string): Promise<Portfolio> };
  /** What the profile's views read: its store, or the lake it has open instead. */
  reader(profileId: string): Promise<LegReader>;
}
