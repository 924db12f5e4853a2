// The scopes chosen per profile (UI state only): which parties a local query reads. The SQL tab and
// the notebook share one (default: every synced party); the local views (Transfers, Counterparties,
// Flows) share another, whose default is the party on screen: opening a party shows that party.
import { create } from 'zustand';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';

export const ALL_SYNCED: SqlScope = { kind: 'all' };

interface ScopeState {
  scopes: Record<string, SqlScope>;
  setScope: (profileId: string, scope: SqlScope) => void;
  /** The views' scope per profile; absent: the party on screen. */
  viewScopes: Record<string, SqlScope | undefined>;
  setViewScope: (profileId: string, scope: SqlScope | undefined) => void;
}

export const useScopeStore = create<ScopeState>((set) => ({
  scopes: {},
  setScope: (profileId, scope) => set((s) => ({ scopes: { ...s.scopes, [profileId]: scope } })),
  viewScopes: {},
  setViewScope: (profileId, scope) => set((s) => ({ viewScopes: { ...s.viewScopes, [profileId]: scope } })),
}));

export interface ViewScope {
  shown: SqlScope;
  request: SqlScope | undefined;
  set: (scope: SqlScope) => void;
}

/**
 * The local views' scope for the party on screen: what the picker shows, what the requests send
 * (undefined: the party alone, the shortest request and the party's own cache keys), and the setter.
 * Choosing "one party" is choosing the party on screen (`onParty`), so the views never read a party
 * other than the one the screen names without saying it in the picker.
 */
export function useViewScope(profileId: string, party: string, onParty: (party: string) => void): ViewScope {
  const stored = useScopeStore((s) => s.viewScopes[profileId]);
  const setViewScope = useScopeStore((s) => s.setViewScope);
  return {
    shown: stored ?? { kind: 'party', party },
    request: stored,
    set: (next) => {
      if (next.kind !== 'party') return setViewScope(profileId, next);
      setViewScope(profileId, undefined);
      if (next.party !== party) onParty(next.party);
    },
  };
}

/** The profile's scope and its setter, for a component that runs local queries. */
export function useQueryScope(profileId: string): [SqlScope, (scope: SqlScope) => void] {
  const scope = useScopeStore((s) => s.scopes[profileId] ?? ALL_SYNCED);
  const setScope = useScopeStore((s) => s.setScope);
  return [scope, (next) => setScope(profileId, next)];
}

/** The scope as the request sends it: none for "all synced" (today's behaviour, and the shortest request). */
export function scopeForRequest(scope: SqlScope): SqlScope | undefined {
  return scope.kind === 'all' ? undefined : scope;
}

/** What a local view (Transfers, Counterparties, Flows) is given: the party on screen and the views' scope. */
export interface ScopedViewProps {
  profileId: string;
  /** The party on screen. */
  party: string;
  /** Which parties the view reads (useViewScope's `request`); absent: `party` alone. */
  scope?: SqlScope;
}
