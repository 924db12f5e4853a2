// Counterparties, the relationship between two parties, and flows over time, answered from the
// local store with one GROUP BY each (counterparty-ranking.ts, flow-buckets.ts) over the kept
// aggregates and the range's partial days (day-source.ts): exact sums of HUGEINT units, legs whose
// amount is text only counted but left out of volumes.
import type {
  AnalyticsQuery,
  CounterpartyRanking,
  Flows,
  FlowsQuery,
  Relationship,
  RelationshipQuery,
} from '../../../../src-shared/contract/local-ledger.ts';
import type { LedgerReaders } from '../store/leg-access.ts';
import { LEG_SELECT, rowToLeg } from '../store/leg-rows.ts';
import { resolveViewScope } from '../store/view-scope.ts';
import { rankCounterparties } from './counterparty-ranking.ts';
import { daySource } from './day-source.ts';
import { flowBuckets } from './flow-buckets.ts';
import { analyticsWhere } from './leg-filters-sql.ts';

/** The relationship view lists at most this many legs (newest first); `total` says how many there are. */
export const RELATIONSHIP_LEG_CAP = 10_000;

/**
 * The reader, the query's parties, and whether it keeps aggregates (a store does, and a lake of
 * generations its months; a lake without them has its legs read once, each a row: day-source.ts). An unknown profile is refused before a store file is
 * made for it.
 */
async function readerFor(local: LedgerReaders, query: AnalyticsQuery) {
  local.ctx.profile(query.profileId);
  const scope = await resolveViewScope(local, query.profileId, query.party, query.scope);
  const reader = await local.reader(query.profileId);
  const source = await reader.source();
  return { reader, scope, kept: source.kind === 'store' || source.aggregates };
}

export async function counterparties(local: LedgerReaders, query: AnalyticsQuery): Promise<CounterpartyRanking> {
  const { reader, scope, kept } = await readerFor(local, query);
  return reader.read(
    async (c) => {
      const started = performance.now();
      const ranking = await rankCounterparties(c, daySource(query, scope, { aggregates: kept }));
      return { ...ranking, elapsedMs: Math.round(performance.now() - started) };
    },
    { parties: scope?.parties },
  );
}

export async function relationship(local: LedgerReaders, query: RelationshipQuery): Promise<Relationship> {
  const { reader, scope, kept } = await readerFor(local, query);
  return reader.read(
    async (c) => {
      const started = performance.now();
      const where = analyticsWhere(query, scope, query.counterparty);
      // One connection runs one query at a time.
      const one = { counterparty: query.counterparty, aggregates: kept };
      const totals = await rankCounterparties(c, daySource(query, scope, one));
      const flows = await flowBuckets(c, daySource(query, scope, { ...one, bucket: query.bucket }), query.bucket);
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
        total: totals.rows.reduce((n, r) => n + r.legsIn + r.legsOut, 0),
        inexactLegs: totals.inexactLegs,
        elapsedMs: Math.round(performance.now() - started),
      };
    },
    { parties: scope?.parties },
  );
}

export async function flows(local: LedgerReaders, query: FlowsQuery): Promise<Flows> {
  const { reader, scope, kept } = await readerFor(local, query);
  return reader.read(
    async (c) => {
      const started = performance.now();
      const answer = await flowBuckets(
        c,
        daySource(query, scope, { aggregates: kept, bucket: query.bucket }),
        query.bucket,
      );
      return { ...answer, elapsedMs: Math.round(performance.now() - started) };
    },
    { parties: scope?.parties },
  );
}
