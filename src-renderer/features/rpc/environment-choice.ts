// Which environment the console uses, per profile: an environment applies to the profiles it is
// bound to (or to every profile when bound to none). Until the user picks, the first environment
// bound to the active profile by name is used; "No environment" is a choice too. UI state only.
import { useMemo } from 'react';
import { create } from 'zustand';
import type { RpcEnvironment } from '../../../src-shared/contract/rpc-workspace.ts';
import { useEnvironments } from '../../data/rpc-workspace.ts';
import { NO_VARIABLES, type VariableScope } from './variables.ts';

interface EnvironmentChoice {
  /** Per profile id: the environment picked (null: none); absent: not picked yet. */
  chosen: Record<string, string | null>;
  choose: (profileId: string, environmentId: string | null) => void;
}

export const useEnvironmentChoice = create<EnvironmentChoice>((set) => ({
  chosen: {},
  choose: (profileId, environmentId) => set((s) => ({ chosen: { ...s.chosen, [profileId]: environmentId } })),
}));

export function applicableEnvironments(
  all: readonly RpcEnvironment[],
  profileId: string | undefined,
): RpcEnvironment[] {
  return all.filter((e) => e.profileIds.length === 0 || (profileId !== undefined && e.profileIds.includes(profileId)));
}

/** The environments for the active profile, the one in use, and its variables as a scope. */
export function useActiveEnvironment(profileId: string | undefined) {
  const environments = useEnvironments();
  const chosen = useEnvironmentChoice((s) => (profileId === undefined ? undefined : s.chosen[profileId]));
  const all = environments.data?.environments;
  const chosenScope = useMemo(() => {
    const applicable = applicableEnvironments(all ?? [], profileId);
    const id =
      chosen === undefined
        ? (applicable.find((e) => profileId && e.profileIds.includes(profileId))?.id ?? null)
        : chosen;
    const active = applicable.find((e) => e.id === id) ?? null;
    const scope: VariableScope = active
      ? { environment: active.name, values: Object.fromEntries(active.variables.map((v) => [v.name, v.value])) }
      : NO_VARIABLES;
    return { applicable, active, scope };
  }, [all, chosen, profileId]);
  return { environments, ...chosenScope };
}
