import { counterparties, flows, relationship } from '../local-ledger/analytics.ts';
import type { LocalLedger } from '../local-ledger/local-ledger.ts';
import { runSql } from '../local-ledger/sql-runner.ts';
import { exportFromStore } from '../local-ledger/store-export.ts';
import type { Handlers } from './dispatch.ts';

export function localHandlers(local: LocalLedger): Handlers['local'] {
  return {
    stores: () => local.storesInfo(),
    status: (profileId, party) => local.partyStatus(profileId, party),
    sync: (request) => local.startSync(request),
    syncStatus: async (jobId) => local.syncStatus(jobId),
    cancelSync: (jobId) => local.cancelSync(jobId),
    legs: (query) => local.legs(query),
    facets: (profileId, party) => local.facets(profileId, party),
    counterparties: (query) => counterparties(local, query),
    relationship: (query) => relationship(local, query),
    flows: (query) => flows(local, query),
    sql: (query) => runSql(local, query),
    export: (request) => exportFromStore(local, request),
    forget: (request) => local.forget(request),
  };
}
