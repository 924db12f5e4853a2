// A lake opened in the app (docs/lake.md, "In the app"): the Local ledger's reads over the lake's
// Parquet instead of the profile's store file. It is a LegReader (store/leg-access.ts) like the store
// file, to every reader (the table, facets, counterparties, relationship, flows, exports, the
// provenance line): an in-memory DuckDB whose `leg_rows` is a view over the lake's files with the
// store's columns, so the same SQL runs on both. It is no LegWriter: nothing can ask it to write
// (a sync or a forget takes the profile's store file, LocalLedger.writer()).
//
// It reads one generation of the lake at a time (docs/lake.md, "Generations"): the files the
// _lake.json it read last names, each a month's versioned file that no writer changes, until a lake
// sync's _lake.json names the next (read again when the file changes), so a read during a lake sync
// sees every month of the run before it or every month of the new one. A scope's read lists its
// parties' files from the same _lake.json. The parties' sync times come from it too.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ServiceError } from '../../errors.ts';
import type { LegReader, LegSource, ReadOptions } from '../store/leg-access.ts';
import { legsAsDays } from '../store/leg-days.ts';
import { LEG_MONTHS_TABLE, legMonthsSelect } from '../store/leg-months.ts';
import { onConnection } from '../store/read-connection.ts';
import { sqlString } from '../store/sql-text.ts';
import { DECIMAL_TEXT_MACRO, INSTRUMENT_TOTALS_VIEW, LEG_COLUMNS, legsViewSql } from '../store/store-schema.ts';
import {
  LAKE_MANIFEST,
  LAYOUT,
  LAYOUTS,
  type LakeLayout,
  type LakeManifest,
  monthFolder,
  monthsFile,
  versionFile,
} from './lake-layout.ts';
import { generationFiles, lakeFiles, lakeParquetSql } from './lake-listing.ts';
import { lakeManifestMessage, readLakeManifestFile } from './lake-partitions.ts';

/** Each party of the generation a _lake.json names, with its months' versions (none: a lake without generations). */
type PartyVersions = Map<string, Readonly<Record<string, number>>>;

function partyVersions(manifest: LakeManifest): PartyVersions {
  const out: PartyVersions = new Map();
  if (manifest.generation === undefined || manifest.format !== 2) return out;
  for (const p of manifest.parties) if (p.versions && Object.keys(p.versions).length > 0) out.set(p.party, p.versions);
  return out;
}

/** The files of a party's months at these versions. */
export function versionFiles(lake: string, party: string, versions: Readonly<Record<string, number>>): string[] {
  return Object.keys(versions)
    .sort()
    .map((month) => join(lake, LAYOUTS[2].partyFolder(party), monthFolder(month), versionFile(versions[month])));
}

/** leg_months' rows (the store's leg-months.ts, over leg-days.ts' legs as days) of these lake files. */
export function lakeMonthsSql(lake: string, files: readonly string[]): string {
  return legMonthsSelect('true', `(${legsAsDays('true', `(${lakeLegRowsSql(lake, files, LAYOUTS[2])})`)})`);
}

/** A party's kept months file (lake-layout.ts, MONTHS_PREFIX) as leg_months rows: its sums back to HUGEINT. */
export const keptMonthsSql = (file: string) =>
  `SELECT * REPLACE (units_hi::HUGEINT AS units_hi, units_lo::HUGEINT AS units_lo) FROM read_parquet(${sqlString(file)}, hive_partitioning = false)`;

/** [10^0, …, 10^38] as HUGEINT literals (a list index is 1-based: 10^k is at k + 1). */
const POW10_LIST = `[${Array.from({ length: 39 }, (_, k) => `${10n ** BigInt(k)}::HUGEINT`).join(', ')}]`;

/**
 * The store's leg_rows columns over the lake's files (store-schema.ts), in the store's order: every
 * file of the lake, or exactly `files` (a scope's: lake-listing.ts).
 */
export function lakeLegRowsSql(lake: string, files?: readonly string[], layout: LakeLayout = LAYOUT): string {
  // 10^scale as an exact HUGEINT from a constant list (NULL past 38: such units are never stored);
  // a string cast per leg made a sort by amount take twice as long.
  const one = `${POW10_LIST}[amount_scale + 1]`;
  const units = 'amount_units::HUGEINT';
  const whole = `CASE WHEN ${units} >= 0 OR ${units} % ${one} = 0 THEN ${units} // ${one} ELSE ${units} // ${one} - 1 END`;
  // amount_units stays DECIMAL(38,0), as the file has it: the same integers as the store's HUGEINT
  // (sums, comparisons and text alike), and a cast of every leg to HUGEINT took two thirds of a
  // ranking's time (980 against 318 ms over 2M legs, measured).
  // The instant back to the store's UTC TIMESTAMP by its microseconds (timezone('UTC', …) gives the
  // same values through ICU's calendar, at twice the cost of a scan). `party` is the files' column
  // (format 2) or the folder's (format 1): the same name either way.
  return `SELECT party, update_id, effective_at_text AS effective_at, make_timestamp(epoch_us(effective_at)) AS effective_ts,
      instrument_admin, instrument_id, symbol, decimals, amount, amount_units, amount_scale, amount_exact,
      ${whole} AS amount_whole,
      (${units} - (${whole}) * ${one}) * ${POW10_LIST}[39 - amount_scale] AS amount_frac,
      sender_party, receiver_party, counterparty, is_incoming, status,
      (file_index::BIGINT << 32) + file_row_number AS seq
    FROM ${lakeParquetSql(lake, layout, files)}`;
}

/** The lake's manifest, or why this app does not read the folder as a lake (said at the field, and by the CLI). */
export async function readLakeManifest(lake: string): Promise<LakeManifest> {
  const read = await readLakeManifestFile(lake);
  if (read.manifest) return read.manifest;
  throw new ServiceError('invalid_argument', lakeManifestMessage(lake, read.problem));
}

export class LakeStore implements LegReader {
  readonly lake: string;
  /** Connections of reads in flight: close() interrupts them. */
  private readonly reading = new Set<DuckDBConnection>();
  private instance: Promise<DuckDBInstance> | null = null;
  private manifestStamp = '';
  private manifestLoad: Promise<void> | null = null;
  /** The layout leg_rows reads: the manifest's format, followed when a lake sync moves it to format 2. */
  private layoutNow: LakeLayout = LAYOUT;
  /** The _lake.json leg_rows follows: its generation's files (null until the first read). */
  private manifestNow: LakeManifest | null = null;
  /** The month versions leg_months holds, when they are those of manifestNow; null while none are (buildMonths). */
  private monthsOf: PartyVersions | null = null;
  private building: Promise<void> | null = null;

  constructor(lake: string) {
    this.lake = lake;
  }

  private open(): Promise<DuckDBInstance> {
    this.instance ??= (async () => {
      const instance = await DuckDBInstance.create(':memory:', {
        threads: '2',
        memory_limit: '256MB',
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      const c = await instance.connect();
      try {
        const manifest = await readLakeManifest(this.lake);
        // What a scope with no file in the lake reads: the columns of leg_rows, no row.
        await c.run(`CREATE TABLE no_leg_rows (${LEG_COLUMNS})`);
        await c.run('CREATE VIEW leg_rows AS SELECT * FROM no_leg_rows');
        // The aggregates a lake of generations keeps here (refreshMonths): its months, kept; its days, the legs as days.
        await c.run(LEG_MONTHS_TABLE);
        await c.run(`CREATE VIEW leg_days AS ${legsAsDays('true')}`);
        await this.follow(c, manifest);
        await c.run(
          `CREATE TABLE party_sync (party VARCHAR PRIMARY KEY, last_sync_at TIMESTAMP, node_id VARCHAR, full_history BOOLEAN NOT NULL DEFAULT true)`,
        );
        await c.run('CREATE TABLE sync_runs (run_id BIGINT, party VARCHAR)');
        await c.run(DECIMAL_TEXT_MACRO);
        await c.run(legsViewSql('leg_rows'));
        await c.run(INSTRUMENT_TOTALS_VIEW);
      } finally {
        c.closeSync();
      }
      return instance;
    })();
    return this.instance;
  }

  /**
   * leg_rows over the generation `manifest` names (docs/lake.md, "Generations"): exactly its files,
   * which never change under their names, so DuckDB may keep their footers. A lake written before
   * generations: every file in its layout's folders, read as they are now, with no footer cache
   * (DuckDB tells a file's versions apart by its modification time, and a month switched in within
   * the same second read the old footer against the new bytes: "Could not read enough bytes").
   */
  private async follow(c: DuckDBConnection, manifest: LakeManifest): Promise<void> {
    const layout = LAYOUTS[manifest.format];
    const files = generationFiles(this.lake, manifest);
    await c.run(`SET parquet_metadata_cache = ${files !== null}`);
    const source =
      files === null
        ? lakeLegRowsSql(this.lake, undefined, layout)
        : files.length > 0
          ? lakeLegRowsSql(this.lake, files, layout)
          : 'SELECT * FROM no_leg_rows';
    const after: PartyVersions = files === null ? new Map() : partyVersions(manifest);
    // This switch brings the months with the files, in one transaction (a read sees the files and the
    // months of one generation), when they are quick to bring: those of the parties it changed, the
    // months of the generation before being there, or every party's months as lake sync kept them.
    const before = this.monthsOf;
    const incremental = this.building === null && after.size > 0 && (before !== null || (await this.allKept(after)));
    await c.run('BEGIN');
    try {
      await c.run(`CREATE OR REPLACE VIEW leg_rows AS ${source}`);
      if (incremental && before === null) await c.run('DELETE FROM leg_months');
      if (incremental) await this.refreshMonths(c, before ?? new Map(), after);
      await c.run('COMMIT');
    } catch (error) {
      await c.run('ROLLBACK').catch(() => {});
      throw error;
    }
    this.layoutNow = layout;
    this.manifestNow = manifest;
    this.monthsOf = incremental ? after : null;
    // Months to sum from the legs (a lake whose last sync was of a version before kept months): all
    // of them, in the background; the views read the legs meanwhile (source().aggregates is false).
    if (!incremental && after.size > 0) this.building ??= this.buildMonths();
  }

  /**
   * Sums every month of the generation the reader follows into leg_months, a party at a time, on a
   * connection of its own (about a microsecond a leg: 10 s at 10M legs, which no read waits for);
   * then the months of any generation that came meanwhile. Reads use the months once it is done.
   */
  private async buildMonths(): Promise<void> {
    const instance = await this.open();
    const c = await instance.connect();
    this.reading.add(c);
    try {
      let have: PartyVersions = new Map();
      await c.run('DELETE FROM leg_months');
      for (;;) {
        const manifest = this.manifestNow;
        if (!manifest || manifest.generation === undefined) return;
        const target = partyVersions(manifest);
        await c.run('BEGIN');
        await this.refreshMonths(c, have, target);
        await c.run('COMMIT');
        if (this.manifestNow === manifest) {
          this.monthsOf = target;
          return;
        }
        have = target;
      }
    } catch {
      // Closed, or a file gone under a reader that fell a whole lake sync behind: the views keep
      // reading the legs, and the next switch sums the months again.
      await c.run('ROLLBACK').catch(() => {});
    } finally {
      this.reading.delete(c);
      c.closeSync();
      this.building = null;
    }
  }

  /** Resolves when the months of the generation read now are summed (tests, the bench). */
  async monthsReady(): Promise<boolean> {
    await this.refreshParties(await this.open());
    await this.building;
    return this.monthsOf !== null;
  }

  /** Whether lake sync kept every party's months (their files are there): then no leg is summed here. */
  private async allKept(after: PartyVersions): Promise<boolean> {
    for (const [party, versions] of after)
      if (!(await stat(join(this.lake, LAYOUTS[2].partyFolder(party), monthsFile(versions))).catch(() => null)))
        return false;
    return true;
  }

  /**
   * leg_months from the parties' months `before` names to those `after` names: a party whose months
   * changed (or went) has its rows deleted, then read from the months file lake sync kept for it, or
   * (none: written by a version before kept months) summed from its files.
   */
  private async refreshMonths(c: DuckDBConnection, before: PartyVersions, after: PartyVersions): Promise<void> {
    const same = (party: string) => {
      const a = before.get(party);
      const b = after.get(party);
      return a !== undefined && b !== undefined && monthsFile(a) === monthsFile(b);
    };
    for (const party of before.keys())
      if (!same(party)) await c.run('DELETE FROM leg_months WHERE party = $1', [party]);
    for (const [party, versions] of after) {
      if (same(party)) continue;
      const kept = join(this.lake, LAYOUTS[2].partyFolder(party), monthsFile(versions));
      const source = (await stat(kept).catch(() => null))
        ? keptMonthsSql(kept)
        : lakeMonthsSql(this.lake, versionFiles(this.lake, party, versions));
      await c.run(`INSERT INTO leg_months ${source}`);
    }
  }

  /** party_sync from _lake.json, again whenever the file changed (a lake sync finished: its generation is read from then on). */
  private async refreshParties(instance: DuckDBInstance): Promise<void> {
    const s = await stat(join(this.lake, LAKE_MANIFEST)).catch(() => null);
    const stamp = s ? `${s.mtimeMs}:${s.size}:${s.ino}` : 'none';
    if (stamp === this.manifestStamp) return;
    this.manifestLoad ??= (async () => {
      const manifest = await readLakeManifest(this.lake);
      const c = await instance.connect();
      try {
        // Moved to format 2, or a new generation: the same columns, read from its files.
        if (manifest.format !== this.layoutNow.format || manifest.generation !== this.manifestNow?.generation)
          await this.follow(c, manifest);
        await c.run('BEGIN');
        await c.run('DELETE FROM party_sync');
        const appender = await c.createAppender('party_sync');
        for (const p of manifest.parties) {
          appender.appendVarchar(p.party);
          if (p.syncedAt) appender.appendVarchar(p.syncedAt.replace('T', ' ').replace('Z', ''));
          else appender.appendNull();
          if (p.node) appender.appendVarchar(p.node);
          else appender.appendNull();
          appender.appendBoolean(true);
          appender.endRow();
        }
        appender.closeSync();
        await c.run('COMMIT');
        this.manifestStamp = stamp;
      } finally {
        c.closeSync();
      }
    })().finally(() => {
      this.manifestLoad = null;
    });
    await this.manifestLoad;
  }

  /**
   * `parties`: the scope's (the views', the table's): the connection's leg_rows (and so legs and
   * instrument_totals, which DuckDB binds through the search path) is a temporary view over those
   * parties' files alone, listed now. Without it, every file of the lake.
   */
  async read<T>(work: (connection: DuckDBConnection) => Promise<T>, options: ReadOptions = {}): Promise<T> {
    const { signal, parties } = options;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.readOnce(work, signal, parties);
      } catch (error) {
        // A lake of generations is read whole, one generation, with no second try. A lake written
        // before generations (format 1, or an older version's format 2) is read as its folders are
        // now: a month the writer changed under this read fails it (removed between the listing and
        // the open, "No such file"; switched in between two opens of its path within one query, "don't
        // know what type", "Could not read enough bytes", "TProtocolException: Invalid data"), and so
        // does a glob of format 1's folders just after a move to format 2 ("No files found that match
        // the pattern"). Read again: the months are whole, and the layout followed, by then. The
        // next lake sync of this version gives the lake generations.
        const changed =
          this.manifestNow?.generation === undefined &&
          /No such file or directory|Cannot open file|No files found that match the pattern|don't know what type|Could not read enough bytes|TProtocolException|Invalid Input Error: .*parquet/i.test(
            (error as Error)?.message ?? '',
          );
        if (!changed || attempt >= 3 || signal?.aborted) throw error;
      }
    }
  }

  private async readOnce<T>(
    work: (connection: DuckDBConnection) => Promise<T>,
    signal: AbortSignal | undefined,
    parties: readonly string[] | undefined,
  ): Promise<T> {
    const instance = await this.open();
    await this.refreshParties(instance);
    const files = parties ? await lakeFiles(this.lake, this.layoutNow, parties, this.manifestNow) : null;
    return onConnection(
      instance,
      this.reading,
      async (connection) => {
        if (files) {
          await connection.run(
            `CREATE TEMP VIEW leg_rows AS ${files.length > 0 ? lakeLegRowsSql(this.lake, files, this.layoutNow) : 'SELECT * FROM no_leg_rows'}`,
          );
        }
        return work(connection);
      },
      signal,
    );
  }

  /** The SQL process reads the lake's files where they are, in the layout the reads follow now. */
  async source(): Promise<LegSource> {
    await this.refreshParties(await this.open());
    const aggregates = this.monthsOf !== null;
    return { kind: 'lake', folder: this.lake, format: this.layoutNow.format, aggregates };
  }

  /** The lake's DuckDB is in memory and of this reader alone: a sorted export needs nothing more. */
  async singleThreaded<T>(_connection: DuckDBConnection, work: () => Promise<T>): Promise<T> {
    return work();
  }

  async sizeOnDisk(): Promise<number> {
    return (await readLakeManifest(this.lake).catch(() => null))?.bytes ?? 0;
  }

  async close(): Promise<void> {
    for (const c of this.reading) c.interrupt();
    await this.building;
    const instance = await this.instance?.catch(() => null);
    this.instance = null;
    instance?.closeSync();
  }
}
