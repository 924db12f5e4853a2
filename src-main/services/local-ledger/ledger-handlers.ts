// The local ledger's channels as calls on LocalLedger and the DuckDB part (entry.ts): the one mapping,
// run where the ledger lives. In the app that is the ledger engine (engine/engine-main.ts, main
// forwards each call to it); in the CLI and in tests that reach into the store, main's own process
// (handlers/local-handlers.ts). `saveChart` is not here: it writes a file main was given, no DuckDB.
import type { Handlers } from '../dispatch.ts';
import type { LocalLedger } from './local-ledger.ts';
import type { LocalLedgerModule } from './local-ledger-host.ts';

export type LedgerHandlers = Omit<Handlers['local'], 'saveChart'>;

type Loaded = { module: LocalLedgerModule; ledger: LocalLedger };

/**
 * Every channel in one form: its call on the loaded ledger and the DuckDB part (`on`), a line each.
 * The reconciler loads on its first use; a portfolio call's profile is checked first (`known`), as
 * the ledger's own calls check theirs.
 */
export function ledgerHandlers(load: () => Promise<Loaded>): LedgerHandlers {
  const on =
    <A extends unknown[], R>(call: (loaded: Loaded, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      call(await load(), ...args);
  const reconcile = () => import('./reconcile/reconcile.ts');
  /** The request, once its profile is known (an unknown one is refused as every channel refuses it). */
  const known = <T extends { profileId: string }>(ledger: LocalLedger, request: T): T => {
    ledger.ctx.profile(request.profileId);
    return request;
  };
  return {
    stores: on(({ ledger }) => ledger.storesInfo()),
    status: on(({ ledger }, profileId, party) => ledger.partyStatus(profileId, party)),
    sync: on(({ ledger }, request) => ledger.startSync(request)),
    syncStatus: on(async ({ ledger }, jobId) => ledger.syncStatus(jobId)),
    cancelSync: on(async ({ ledger }, jobId) => ledger.cancelSync(jobId)),
    legs: on(({ ledger }, query) => ledger.legs(query)),
    facets: on(({ ledger }, profileId, party, scope) => ledger.facets(profileId, party, scope)),
    counterparties: on(({ module, ledger }, query) => module.counterparties(ledger, query)),
    relationship: on(({ module, ledger }, query) => module.relationship(ledger, query)),
    flows: on(({ module, ledger }, query) => module.flows(ledger, query)),
    sql: on(({ module, ledger }, query) => module.runSql(ledger, query)),
    export: on(({ module, ledger }, request) => module.exportFromStore(ledger, request)),
    forget: on(({ ledger }, request) => ledger.forget(request)),
    aggregates: on(({ module, ledger }, request) => module.checkAggregates(ledger, request)),
    reconcileMapping: on(async ({ ledger }, query) => (await reconcile()).reconcileMapping(ledger, query)),
    reconcile: on(async ({ ledger }, request) => (await reconcile()).reconcileStatement(ledger, request)),
    reconcileExport: on(async ({ ledger }, request) => (await reconcile()).exportReconciliation(ledger, request)),
    lake: on(({ ledger }, profileId) => ledger.lakeInfo(profileId)),
    openLake: on(({ ledger }, request) => ledger.openLake(request)),
    closeLake: on(({ ledger }, profileId) => ledger.closeLake(profileId)),
    syncAll: on(({ ledger }, request) => ledger.syncAll.start(request)),
    syncAllStatus: on(async ({ ledger }, jobId) => ledger.syncAll.status(jobId)),
    cancelSyncAll: on(async ({ ledger }, jobId) => ledger.syncAll.cancel(jobId)),
    portfolios: on(({ ledger }, profileId) => ledger.portfolios.list(known(ledger, { profileId }).profileId)),
    savePortfolio: on(({ ledger }, request) => ledger.portfolios.save(known(ledger, request))),
    deletePortfolio: on(({ ledger }, request) => ledger.portfolios.delete(known(ledger, request))),
  };
}
