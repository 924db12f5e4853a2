// Hooks over the local analytics channels: the counterparty ranking, the relationship between two
// parties, and flows over time, each read from the profile's local store. Keys sit under the
// party's prefix (queryKeys.local.view), or the scoped views' prefix when a view reads several
// parties (queryKeys.local.viewParty), so a finished sync or a forget refreshes them all.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, FlowsQuery, RelationshipQuery } from '../../src-shared/contract/local-ledger.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

/** What a view asks, without the profile (the hooks add it). */
export type AnalyticsView = Omit<AnalyticsQuery, 'profileId'>;
export type RelationshipView = Omit<RelationshipQuery, 'profileId'>;
export type FlowsView = Omit<FlowsQuery, 'profileId'>;

// The store only changes through a sync or a forget, both of which invalidate the party's keys.
const options = { placeholderData: keepPreviousData, staleTime: Number.POSITIVE_INFINITY } as const;

/** null: not asked yet (the range is still being decided). */
export function useCounterparties(profileId: string, view: AnalyticsView | null) {
  return useQuery({
    queryKey: queryKeys.local.view(
      profileId,
      queryKeys.local.viewParty(view?.party ?? '', view?.scope),
      'counterparties',
      view,
    ),
    queryFn: () => bridge().local.counterparties({ profileId, ...(view as AnalyticsView) }),
    enabled: view !== null,
    ...options,
  });
}

export function useRelationship(profileId: string, view: RelationshipView | null) {
  return useQuery({
    queryKey: queryKeys.local.view(
      profileId,
      queryKeys.local.viewParty(view?.party ?? '', view?.scope),
      'relationship',
      view,
    ),
    queryFn: () => bridge().local.relationship({ profileId, ...(view as RelationshipView) }),
    enabled: view !== null,
    ...options,
  });
}

export function useFlows(profileId: string, view: FlowsView | null) {
  return useQuery({
    queryKey: queryKeys.local.view(profileId, queryKeys.local.viewParty(view?.party ?? '', view?.scope), 'flows', view),
    queryFn: () => bridge().local.flows({ profileId, ...(view as FlowsView) }),
    enabled: view !== null,
    ...options,
  });
}
