// STUB (helper "analytics" replaces this): counterparties, relationship and flows from the store.
import type {
  AnalyticsQuery,
  CounterpartyRanking,
  Flows,
  FlowsQuery,
  Relationship,
  RelationshipQuery,
} from '../../../src-shared/contract/local-ledger.ts';
import { ServiceError } from '../errors.ts';
import type { LocalLedger } from './local-ledger.ts';

export async function counterparties(_local: LocalLedger, _query: AnalyticsQuery): Promise<CounterpartyRanking> {
  throw new ServiceError('internal', 'not built yet');
}
export async function relationship(_local: LocalLedger, _query: RelationshipQuery): Promise<Relationship> {
  throw new ServiceError('internal', 'not built yet');
}
export async function flows(_local: LocalLedger, _query: FlowsQuery): Promise<Flows> {
  throw new ServiceError('internal', 'not built yet');
}
