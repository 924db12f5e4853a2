// The local ledger's channels as calls on LocalLedger and the DuckDB part (entry.ts): the one mapping,
// run where the ledger lives. In the app that is the ledger engine (engine/engine-main.ts, main
// forwards each call to it); in the CLI and in tests that reach into the store, main's own process
// (handlers/local-handlers.ts). `saveChart` is not here: it writes a file main was given, no DuckDB.
import type { Handlers } from '../dispatch.ts';
import type { LocalLedger } from './local-ledger.ts';
import type { LocalLedgerModule } from './local-ledger-host.ts';

export type LedgerHandlers = Omit<Handlers['local'], 'saveChart'>;

export function ledgerHandlers(
  load: () => Promise<{ module: LocalLedgerModule; ledger: LocalLedger }>,
): LedgerHandlers {
  const ledger = async () => (await load()).ledger;
  const reconcile = () => import('./reconcile/reconcile.ts');
  return {
    stores: async () => (await ledger()).storesInfo(),
    status: async (profileId, party) => (await ledger()).partyStatus(profileId, party),
    sync: async (request) => (await ledger()).startSync(request),
    syncStatus: async (jobId) => (await ledger()).syncStatus(jobId),
    cancelSync: async (jobId) => (await ledger()).cancelSync(jobId),
    legs: async (query) => (await ledger()).legs(query),
    facets: async (profileId, party, scope) => (await ledger()).facets(profileId, party, scope),
    counterparties: async (query) => {
      const { module, ledger: local } = await load();
      return module.counterparties(local, query);
    },
    relationship: async (query) => {
      const { module, ledger: local } = await load();
      return module.relationship(local, query);
    },
    flows: async (query) => {
      const { module, ledger: local } = await load();
      return module.flows(local, query);
    },
    sql: async (query) => {
      const { module, ledger: local } = await load();
      return module.runSql(local, query);
    },
    export: async (request) => {
      const { module, ledger: local } = await load();
      return module.exportFromStore(local, request);
    },
    forget: async (request) => (await ledger()).forget(request),
    reconcileMapping: async (query) => (await reconcile()).reconcileMapping(await ledger(), query),
    reconcile: async (request) => (await reconcile()).reconcileStatement(await ledger(), request),
    reconcileExport: async (request) => (await reconcile()).exportReconciliation(await ledger(), request),
    lake: async (profileId) => (await ledger()).lakeInfo(profileId),
    openLake: async (request) => (await ledger()).openLake(request),
    closeLake: async (profileId) => (await ledger()).closeLake(profileId),
    syncAll: async (request) => (await ledger()).syncAll.start(request),
    syncAllStatus: async (jobId) => (await ledger()).syncAll.status(jobId),
    cancelSyncAll: async (jobId) => (await ledger()).syncAll.cancel(jobId),
    portfolios: async (profileId) => {
      const local = await ledger();
      local.ctx.profile(profileId);
      return local.portfolios.list(profileId);
    },
    savePortfolio: async (request) => {
      const local = await ledger();
      local.ctx.profile(request.profileId);
      return local.portfolios.save(request);
    },
    deletePortfolio: async (request) => {
      const local = await ledger();
      local.ctx.profile(request.profileId);
      return local.portfolios.delete(request);
    },
  };
}
