// The local ledger (in the ledger engine's process, or in main's for the CLI and tests): one store per
// profile (its file opened per operation and shared with other programs: ledger-store.ts), the syncs
// running into them (local-syncs.ts), and the table's reads. Views, SQL, exports and reconciliation
// read through `reader()` (a LegReader: the store, or a lake the profile has open); syncs, forget and
// the CLI write through `writer()` (a LegWriter: the store file alone). The layers below see this
// class only as the interfaces they declare (LedgerReaders, SqlLedger, SingleSyncs). Changes another
// program makes to a store are reported through `onChange` (store-watch.ts).

import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  type LakeInfo,
  type OpenLakeRequest,
  OpenLakeRequest as OpenLakeRequestSchema,
} from '../../../src-shared/contract/lake.ts';
import type {
  ForgetRequest,
  LocalFacets,
  LocalLegsPage,
  LocalLegsQuery,
  LocalPartyStatus,
  LocalStoreInfo,
  SyncRequest,
  SyncStatus,
} from '../../../src-shared/contract/local-ledger.ts';
import { LocalLegsQuery as LegsQuerySchema } from '../../../src-shared/contract/local-ledger.ts';
import type { SqlScope } from '../../../src-shared/contract/party-scope.ts';
import type { LakeManifest } from './lake/lake-layout.ts';
import { LakeSources } from './lake/lake-sources.ts';
import { LakeStore, readLakeManifest } from './lake/lake-store.ts';
import { LocalSyncs } from './local-syncs.ts';
import { EXPORT_BUDGETS, SCREEN_BUDGETS, type SqlBudgets, sqlHeapMiB } from './sql/sql-budgets.ts';
import { SqlProcesses } from './sql/sql-process.ts';
import type { SqlLedger } from './sql/sql-runner.ts';
import { removeSnapshots } from './sql/sql-snapshot.ts';
import type { LedgerContext, LedgerSources } from './store/ledger-sources.ts';
import { LedgerStore } from './store/ledger-store.ts';
import type { LedgerReaders, LegReader, LegWriter } from './store/leg-access.ts';
import { LEG_SELECT, rowToLeg } from './store/leg-rows.ts';
import { Portfolios } from './store/portfolios.ts';
import { storeError } from './store/store-errors.ts';
import { APP_STORE_ACCESS, type StoreAccess } from './store/store-file.ts';
import { storeMarkers } from './store/store-markers.ts';
import { storeFolder, storePathIn } from './store/store-paths.ts';
import { type StoreChange, StoreWatch } from './store/store-watch.ts';
import { resolveViewScope } from './store/view-scope.ts';
import { forgetParty } from './sync/forget.ts';
import { resumePath, type SingleSyncs, SyncAllJobs } from './sync/sync-all.ts';
import { legFilterSql, SORT_SQL, scalesOf, scopeWhere } from './views/leg-filters-sql.ts';

/** How this process shares its stores (store/store-file.ts), and whom it tells when another program changed one. */
export interface LocalLedgerOptions {
  /** User SQL's limits, where they differ from SCREEN_BUDGETS and EXPORT_BUDGETS (tests: a short time). */
  sqlBudgets?: Partial<SqlBudgets>;
  access?: Partial<StoreAccess>;
  /** How long a sync waits for the file or for another program's sync of the same party (default: until cancelled). */
  syncWaitMs?: number;
  /** A store was changed by another program (main tells the renderer; none: not watched). */
  onChange?: (change: StoreChange) => void;
}

/** What LocalLedger is made with: its options, and what it reads from the network (ledger-sources.ts). */
export interface LocalLedgerParts extends LocalLedgerOptions {
  sources: LedgerSources;
}

export class LocalLedger implements LedgerReaders, SqlLedger, SingleSyncs {
  readonly ctx: LedgerContext;
  readonly sources: LedgerSources;
  readonly folder: string;
  readonly access: StoreAccess;
  private readonly stores = new Map<string, LedgerStore>();
  private readonly lakeStores = new Map<string, LakeStore>();
  /** Which profiles read a lake instead of their store (docs/lake.md, "In the app"). */
  readonly lakes: LakeSources;
  /** The single syncs running into the stores (local-syncs.ts). */
  private readonly syncs: LocalSyncs;
  private readonly watch: StoreWatch | null;
  /** Where user SQL runs: never in this process (sql/). */
  readonly sql: SqlProcesses;
  /** The SQL editor's limits and a query export's. */
  readonly sqlBudgets: { screen: SqlBudgets; export: SqlBudgets };
  /** "Sync all my parties" (sync-all.ts) and the profile's portfolios (portfolios.ts). */
  readonly syncAll: SyncAllJobs = new SyncAllJobs(this);
  readonly portfolios: Portfolios;

  constructor(ctx: LedgerContext, userDataDir: string, options: LocalLedgerParts) {
    this.ctx = ctx;
    this.sources = options.sources;
    this.folder = storeFolder(userDataDir);
    this.portfolios = new Portfolios(dirname(this.folder));
    this.lakes = new LakeSources(dirname(this.folder));
    this.access = { ...APP_STORE_ACCESS, ...options.access };
    this.syncs = new LocalSyncs(this, options.syncWaitMs ?? Number.POSITIVE_INFINITY);
    this.sqlBudgets = {
      screen: { ...SCREEN_BUDGETS, ...options.sqlBudgets },
      export: { ...EXPORT_BUDGETS, ...options.sqlBudgets },
    };
    this.sql = new SqlProcesses(ctx.host.startSqlProcess, sqlHeapMiB(this.sqlBudgets.screen));
    this.watch = options.onChange ? new StoreWatch(this.folder, options.onChange) : null;
  }

  storePath(profileId: string): string {
    return storePathIn(this.folder, profileId);
  }

  /**
   * What the profile's views read: its store, or the lake it has open instead (lake-store.ts).
   * Syncs, forgets and the CLI use writer(): nothing that writes ever gets a lake.
   */
  async reader(profileId: string): Promise<LegReader> {
    const lake = await this.lakes.folder(profileId);
    if (lake !== null) return this.lakeStore(lake);
    return this.writer(profileId);
  }

  /** The profile's store file (opened by each operation, when it needs it): the one writer. */
  async writer(profileId: string): Promise<LegWriter> {
    let store = this.stores.get(profileId);
    if (!store) {
      const watch = this.watch;
      store = new LedgerStore(this.storePath(profileId), this.access, {
        opened: watch ? () => watch.check(profileId) : undefined,
      });
      this.stores.set(profileId, store);
    }
    await this.watch?.start();
    return store;
  }

  /** One reader per lake folder, whichever profiles read it. */
  private lakeStore(folder: string): LakeStore {
    let store = this.lakeStores.get(folder);
    if (!store) {
      store = new LakeStore(folder);
      this.lakeStores.set(folder, store);
    }
    return store;
  }

  /** The lake the profile reads instead of its store, or null. */
  async lakeInfo(profileId: string): Promise<LakeInfo | null> {
    this.ctx.profile(profileId);
    const folder = await this.lakes.folder(profileId);
    if (folder === null) return null;
    return lakeInfoOf(profileId, folder, await readLakeManifest(folder));
  }

  /** Reads the profile's Local ledger from a lake (checked first: its manifest must be one this app reads). */
  async openLake(request: OpenLakeRequest): Promise<LakeInfo> {
    const { profileId, folder: typed } = OpenLakeRequestSchema.parse(request);
    this.ctx.profile(profileId);
    const folder = resolve(typed);
    const manifest = await readLakeManifest(folder);
    await this.lakes.set(profileId, folder);
    return lakeInfoOf(profileId, folder, manifest);
  }

  async closeLake(profileId: string): Promise<null> {
    this.ctx.profile(profileId);
    await this.lakes.set(profileId, null);
    return null;
  }

  async storesInfo(): Promise<LocalStoreInfo[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const profiles = this.ctx.settings.settings.profiles;
    const infos: LocalStoreInfo[] = [];
    for (const name of names.filter((n) => n.endsWith('.duckdb')).sort()) {
      const profileId = name.slice(0, -'.duckdb'.length);
      const store = await this.writer(profileId);
      const rows = await store.read((c) =>
        c.runAndReadAll(
          `SELECT p.party, (SELECT count(*) FROM leg_rows l WHERE l.party = p.party), strftime(p.last_sync_at, '%Y-%m-%dT%H:%M:%S.%gZ'), p.node_id
             FROM party_sync p ORDER BY p.party`,
        ),
      );
      infos.push({
        profileId,
        profileName: profiles.find((p) => p.id === profileId)?.name ?? `${profileId} (profile deleted)`,
        path: store.path,
        sizeBytes: await store.sizeOnDisk(),
        parties: rows.getRows().map(([party, legs, lastSyncAt, nodeId]) => ({
          party: party as string,
          legs: Number(legs),
          lastSyncAt: lastSyncAt as string | null,
          nodeId: nodeId as string | null,
        })),
      });
    }
    return infos;
  }

  async partyStatus(profileId: string, party: string): Promise<LocalPartyStatus> {
    this.ctx.profile(profileId);
    const store = await this.reader(profileId);
    const row = await store.read(
      async (c) => {
        const r = await c.runAndReadAll(
          // The first and last by instant (the text as sent): texts in different offsets do not sort as times.
          `SELECT count(*), count(*) FILTER (WHERE NOT amount_exact), arg_min(effective_at, effective_ts), arg_max(effective_at, effective_ts),
           (SELECT strftime(last_sync_at, '%Y-%m-%dT%H:%M:%S.%gZ') FROM party_sync WHERE party = ?),
           (SELECT node_id FROM party_sync WHERE party = ?),
           (SELECT count(*) FROM sync_runs WHERE party = ?)
         FROM leg_rows WHERE party = ?`,
          [party, party, party, party],
        );
        return r.getRows()[0];
      },
      { parties: [party] },
    );
    const job = this.syncs.runningStatus(profileId, party);
    return {
      profileId,
      party,
      legs: Number(row[0]),
      inexactLegs: Number(row[1]),
      firstEffectiveAt: (row[2] as string | null) ?? null,
      lastEffectiveAt: (row[3] as string | null) ?? null,
      lastSyncAt: (row[4] as string | null) ?? null,
      nodeId: (row[5] as string | null) ?? null,
      resumable: Number(row[6]) > 0 && !job,
      job: job ?? null,
    };
  }

  /** Starts a sync (or returns the one already running for the party). */
  startSync(request: SyncRequest): Promise<SyncStatus> {
    return this.syncs.startSync(request);
  }

  syncStatus(jobId: string): SyncStatus {
    return this.syncs.syncStatus(jobId);
  }

  cancelSync(jobId: string): Promise<SyncStatus> {
    return this.syncs.cancelSync(jobId);
  }

  /** Resolves when the job ends (tests, the CLI). */
  waitForSync(jobId: string): Promise<SyncStatus> {
    return this.syncs.waitForSync(jobId);
  }

  async legs(query: LocalLegsQuery, signal?: AbortSignal): Promise<LocalLegsPage> {
    const q = LegsQuerySchema.parse(query);
    const store = await this.reader(q.profileId);
    const scope = await resolveViewScope(this, q.profileId, q.party, q.scope);
    return this.ctx.requests.run(q.requestId, async (requestSignal) => {
      const stop = signal ?? requestSignal;
      const started = performance.now();
      // The amount scales matter only to an amount bound (a scan of its own, skipped otherwise).
      const needScales = q.filters.amountMin !== null || q.filters.amountMax !== null;
      const scales = needScales
        ? await store.read((c) => scalesOf(c, scope), { signal: stop, parties: scope?.parties })
        : [];
      const where = legFilterSql(scope, q.filters, scales);
      const only = scopeWhere(scope);
      const direction = q.sort.desc ? 'DESC' : 'ASC';
      const order = SORT_SQL[q.sort.column]
        .split(', ')
        .map((part) => `${part} ${direction} NULLS LAST`)
        .join(', ');
      // The count and the window on two connections at once (a connection runs one query at a time).
      // The window sorts the keys alone and reads the 13 columns of its rows only (seq is unique):
      // sorting whole rows read every column of every matching leg, twice the time at 1M legs.
      const ordered = `ORDER BY ${order}, seq ${direction}`;
      const [count, rows] = await Promise.all([
        store.read((c) => c.runAndReadAll(`SELECT count(*) FROM leg_rows WHERE ${where.sql}`, where.params), {
          signal: stop,
          parties: scope?.parties,
        }),
        store.read(
          (c) =>
            c.runAndReadAll(
              `SELECT ${LEG_SELECT} FROM leg_rows WHERE ${only.sql} AND seq IN (
                 SELECT seq FROM leg_rows WHERE ${where.sql} ${ordered} LIMIT ${q.limit} OFFSET ${q.offset}
               ) ${ordered}`,
              [...only.params, ...where.params],
            ),
          { signal: stop, parties: scope?.parties },
        ),
      ]);
      return {
        total: Number(count.getRows()[0][0]),
        offset: q.offset,
        legs: rows.getRows().map(rowToLeg),
        elapsedMs: Math.round(performance.now() - started),
      };
    });
  }

  /** The instruments and statuses of the party's legs (or of the scope's parties) with their counts. */
  async facets(profileId: string, party: string, scopeAsked?: SqlScope): Promise<LocalFacets> {
    this.ctx.profile(profileId);
    const store = await this.reader(profileId);
    const scope = await resolveViewScope(this, profileId, party, scopeAsked);
    const where = scopeWhere(scope);
    return store.read(
      async (c) => {
        const instruments = await c.runAndReadAll(
          `SELECT instrument_admin, instrument_id, any_value(symbol), any_value(decimals), count(*) FROM leg_rows
          WHERE ${where.sql} GROUP BY ALL ORDER BY count(*) DESC, instrument_id NULLS LAST, instrument_admin NULLS LAST`,
          where.params,
        );
        const statuses = await c.runAndReadAll(
          // Ties by name: the filter's lists keep their order from one read to the next.
          `SELECT status, count(*) FROM leg_rows WHERE ${where.sql} GROUP BY status ORDER BY count(*) DESC, status NULLS LAST`,
          where.params,
        );
        return {
          instruments: instruments.getRows().map(([admin, id, symbol, decimals, legs]) => ({
            instrumentAdmin: admin as string | null,
            instrumentId: id as string | null,
            symbol: symbol as string | null,
            decimals: decimals as number | null,
            legs: Number(legs),
          })),
          statuses: statuses
            .getRows()
            .map(([status, legs]) => ({ status: status as string | null, legs: Number(legs) })),
        };
      },
      { parties: scope?.parties },
    );
  }

  /** Deletes a party's legs (the file is rewritten without them) or the profile's whole store. */
  async forget(request: ForgetRequest): Promise<LocalStoreInfo[]> {
    try {
      await this.forgetFiles(request);
    } catch (error) {
      throw storeError(error, 'The local data could not be forgotten');
    }
    return this.storesInfo();
  }

  private async forgetFiles(request: ForgetRequest): Promise<void> {
    await this.syncs.stop(request.profileId, request.party);
    const path = this.storePath(request.profileId);
    // An interrupted "sync all" names parties: it starts over after a forget.
    await rm(resumePath(path), { force: true });
    const store = await this.writer(request.profileId);
    if (!(await stat(path).catch(() => null))) {
      // Nothing stored: only what a crash may have left beside the name goes.
      if (request.party === null)
        for (const suffix of ['.wal', '.tmp']) await rm(`${path}${suffix}`, { recursive: true, force: true });
      return;
    }
    // With the file to itself (another program can neither write it meanwhile nor keep writing the old one).
    const { party } = request;
    await store.exclusive(async (connection) => {
      // What user SQL read goes first: a forgotten party stays in no snapshot (the next query makes a
      // new one), nor in the waiting SQL process, which keeps the last snapshot open and cached.
      await this.sql.dropSpare();
      await removeSnapshots(path);
      if (party !== null) return forgetParty(connection, path, party);
      for (const suffix of ['', '.wal', '.tmp']) await rm(`${path}${suffix}`, { recursive: true, force: true });
      for (const marker of await storeMarkers(path)) await rm(marker, { force: true });
    });
    // No party id in the version file: a forgotten party's id is left in no byte beside the store.
    if (party !== null) await store.announce(null);
    await this.watch?.note(request.profileId);
  }

  async close(): Promise<void> {
    await this.syncs.close();
    for (const store of this.stores.values()) await store.close();
    this.stores.clear();
    for (const store of this.lakeStores.values()) await store.close();
    this.lakeStores.clear();
    this.watch?.close();
    await this.sql.close();
  }
}

function lakeInfoOf(profileId: string, folder: string, m: LakeManifest): LakeInfo {
  return {
    profileId,
    folder,
    writtenAt: m.writtenAt,
    writer: `${m.writer.program} on ${m.writer.host}, profile ${m.writer.profile}`,
    legs: m.legs,
    bytes: m.bytes,
    parties: m.parties.map((p) => ({ party: p.party, legs: p.legs, months: p.months, syncedAt: p.syncedAt })),
  };
}
