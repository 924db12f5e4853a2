import type { LocalLedgerHost } from '../local-ledger/local-ledger-host.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

/** Each channel loads the local ledger's DuckDB part on first use (local-ledger-host.ts), then calls one function. */
export function localHandlers(host: LocalLedgerHost, ctx: ServiceContext): Handlers['local'] {
  const ledger = () => host.ledger();
  const call = async () => host.load();
  const reconcile = () => import('../local-ledger/reconcile/reconcile.ts');
  return {
    stores: async () => (await ledger()).storesInfo(),
    status: async (profileId, party) => (await ledger()).partyStatus(profileId, party),
    sync: async (request) => (await ledger()).startSync(request),
    syncStatus: async (jobId) => host.syncStatus(jobId),
    cancelSync: (jobId) => host.cancelSync(jobId),
    legs: async (query) => (await ledger()).legs(query),
    facets: async (profileId, party, scope) => (await ledger()).facets(profileId, party, scope),
    counterparties: async (query) => {
      const { module, ledger: local } = await call();
      return module.counterparties(local, query);
    },
    relationship: async (query) => {
      const { module, ledger: local } = await call();
      return module.relationship(local, query);
    },
    flows: async (query) => {
      const { module, ledger: local } = await call();
      return module.flows(local, query);
    },
    sql: async (query) => {
      const { module, ledger: local } = await call();
      return module.runSql(local, query);
    },
    export: async (request) => {
      const { module, ledger: local } = await call();
      return module.exportFromStore(local, request);
    },
    forget: async (request) => (await ledger()).forget(request),
    // Loaded on the first save, not at start-up: no DuckDB, only a file write.
    saveChart: async (request) => (await import('../local-ledger/export/chart-file.ts')).saveChartFile(ctx, request),
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
