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
} from '../../../src-shared/contract/local-ledger.ts';
import { rankCounterparties } from './counterparty-ranking.ts';
import { flowBuckets } from './flow-buckets.ts';
import { addInstruments, addRange, type SqlWhere } from './leg-filters-sql.ts';
import { LEG_SELECT, rowToLeg } from './leg-rows.ts';
import type { LocalLedger } from './local-ledger.ts';

/** The relationship view lists at most this many legs (newest first); `total` says how many there are. */
export const RELATIONSHIP_LEG_CAP = 10_000;

/** The WHERE clause of an analytics query: the party, the time range, the instruments (and one counterparty). */
export function analyticsWhere(query: AnalyticsQuery, counterparty?: string): SqlWhere {
  const parts = ['party = ?'];
  const params: DuckDBValue[] = [query.party];
  addRange(parts, params, { after: query.range.after ?? null, before: query.range.before ?? null });
  addInstruments(parts, params, query.instruments ?? null);
  if (counterparty !== undefined) {
    parts.push('counterparty = ?');
    params.push(counterparty);
  }
  return { sql: parts.join(' AND '), params };
}

async function storeFor(local: LocalLedger, profileId: string) {
  local.ctx.profile(profileId); // an unknown profile is refused before a store file is made for it
  return local.store(profileId);
}

export async function counterparties(local: LocalLedger, query: AnalyticsQuery): Promise<CounterpartyRanking> {
  const store = await storeFor(local, query.profileId);
  return store.read(async (c) => {
    const started = performance.now();
    const ranking = await rankCounterparties(c, analyticsWhere(query));
    return { ...ranking, elapsedMs: Math.round(performance.now() - started) };
  });
}

export async function relationship(local: LocalLedger, query: RelationshipQuery): Promise<Relationship> {
  const store = await storeFor(local, query.profileId);
  return store.read(async (c) => {
    const started = performance.now();
    const where = analyticsWhere(query, query.counterparty);
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
  });
}

export async function flows(local: LocalLedger, query: FlowsQuery): Promise<Flows> {
  const store = await storeFor(local, query.profileId);
  return store.read(async (c) => {
    const started = performance.now();
    const answer = await flowBuckets(c, analyticsWhere(query), query.bucket);
    return { ...answer, elapsedMs: Math.round(performance.now() - started) };
  });
}
