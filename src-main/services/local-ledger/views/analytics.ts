// Counterparties, the relationship between two parties, and flows over time, answered from the
// local store with one GROUP BY each (counterparty-ranking.ts, flow-buckets.ts): exact sums of
// HUGEINT units (exact-sums.ts), legs whose amount is text only counted but left out of volumes.
import type { DuckDBValue } from '@duckdb/node-api';
import type {
  AnalyticsQuery,
  CounterpartyRanking,
  Flows,
  FlowsQuery,
  Relationship,
  RelationshipQuery,
} from '../../../../src-shared/contract/local-ledger.ts';
import type { LocalLedger } from '../local-ledger.ts';
import { LEG_SELECT, rowToLeg } from '../store/leg-rows.ts';
import type { ScopeData } from '../store/party-scope.ts';
import { resolveViewScope } from '../store/view-scope.ts';
import { rankCounterparties } from './counterparty-ranking.ts';
import { flowBuckets } from './flow-buckets.ts';
import { addInstruments, addRange, addScope, type SqlWhere, whereOf } from './leg-filters-sql.ts';

/** The relationship view lists at most this many legs (newest first); `total` says how many there are. */
export const RELATIONSHIP_LEG_CAP = 10_000;

/**
 * The WHERE clause of an analytics query: the parties (`scope`, resolved: sql-scope.ts), the time
 * range, the instruments (and one counterparty). The ranking and the flows of a portfolio leave its
 * internal legs out; the relationship with one counterparty keeps every leg with it.
 */
export function analyticsWhere(query: AnalyticsQuery, scope: ScopeData | undefined, counterparty?: string): SqlWhere {
  const parts: string[] = [];
  const params: DuckDBValue[] = [];
  addScope(parts, params, scope, { external: counterparty === undefined });
  addRange(parts, params, { after: query.range.after ?? null, before: query.range.before ?? null });
  addInstruments(parts, params, query.instruments ?? null);
  if (counterparty !== undefined) {
    parts.push('counterparty = ?');
    params.push(counterparty);
  }
  return whereOf(parts, params);
}

/** The store and the query's parties; an unknown profile is refused before a store file is made for it. */
async function storeFor(local: LocalLedger, query: AnalyticsQuery) {
  local.ctx.profile(query.profileId);
  const scope = await resolveViewScope(local, query.profileId, query.party, query.scope);
  return { store: await local.store(query.profileId), scope };
}

export async function counterparties(local: LocalLedger, query: AnalyticsQuery): Promise<CounterpartyRanking> {
  const { store, scope } = await storeFor(local, query);
  return store.read(
    async (c) => {
      const started = performance.now();
      const ranking = await rankCounterparties(c, analyticsWhere(query, scope));
      return { ...ranking, elapsedMs: Math.round(performance.now() - started) };
    },
    undefined,
    undefined,
    scope?.parties,
  );
}

export async function relationship(local: LocalLedger, query: RelationshipQuery): Promise<Relationship> {
  const { store, scope } = await storeFor(local, query);
  return store.read(
    async (c) => {
      const started = performance.now();
      const where = analyticsWhere(query, scope, query.counterparty);
      // One connection runs one query at a time.
      const totals = await rankCounterparties(c, where);
      const flows = await flowBuckets(c, where, query.bucket);
      const count = await c.runAndReadAll(`SELECT count(*) FROM leg_rows WHERE ${where.sql}`, where.params);
      const legs = await c.runAndReadAll(
        `SELECT ${LEG_SELECT} FROM leg_rows WHERE ${where.sql}
        ORDER BY effective_ts DESC NULLS LAST, seq DESC LIMIT ${RELATIONSHIP_LEG_CAP}`,
        where.params,
      );
      return {
        counterparty: query.counterparty,
        totals: totals.rows,
        flows: flows.buckets,
        legs: legs.getRows().map(rowToLeg),
        total: Number(count.getRows()[0][0]),
        inexactLegs: totals.inexactLegs,
        elapsedMs: Math.round(performance.now() - started),
      };
    },
    undefined,
    undefined,
    scope?.parties,
  );
}

export async function flows(local: LocalLedger, query: FlowsQuery): Promise<Flows> {
  const { store, scope } = await storeFor(local, query);
  return store.read(
    async (c) => {
      const started = performance.now();
      const answer = await flowBuckets(c, analyticsWhere(query, scope), query.bucket);
      return { ...answer, elapsedMs: Math.round(performance.now() - started) };
    },
    undefined,
    undefined,
    scope?.parties,
  );
}
