// The query scope chosen per profile (UI state only): which parties a local query reads. The SQL
// tab and the notebook share it, so a scope chosen in one holds in the other. Default: every synced party.
import { create } from 'zustand';
import type { SqlScope } from '../../../../src-shared/contract/party-scope.ts';

export const ALL_SYNCED: SqlScope = { kind: 'all' };

interface ScopeState {
  scopes: Record<string, SqlScope>;
  setScope: (profileId: string, scope: SqlScope) => void;
}

export const useScopeStore = create<ScopeState>((set) => ({
  scopes: {},
  setScope: (profileId, scope) => set((s) => ({ scopes: { ...s.scopes, [profileId]: scope } })),
}));

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
