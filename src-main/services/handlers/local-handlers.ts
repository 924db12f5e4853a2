import type { LocalLedgerHost } from '../local-ledger/local-ledger-host.ts';
import type { Handlers } from './dispatch.ts';

/** Each channel loads the local ledger's DuckDB part on first use (local-ledger-host.ts), then calls one function. */
export function localHandlers(host: LocalLedgerHost): Handlers['local'] {
  const ledger = () => host.ledger();
  const call = async () => host.load();
  return {
    stores: async () => (await ledger()).storesInfo(),
    status: async (profileId, party) => (await ledger()).partyStatus(profileId, party),
    sync: async (request) => (await ledger()).startSync(request),
    syncStatus: async (jobId) => host.syncStatus(jobId),
    cancelSync: (jobId) => host.cancelSync(jobId),
    legs: async (query) => (await ledger()).legs(query),
    facets: async (profileId, party) => (await ledger()).facets(profileId, party),
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
