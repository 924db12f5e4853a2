// Hooks over the settings channels. Mutations write the answer from main straight into the query
// cache, so the screen shows what main actually stored.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeErrorShape } from '../../src-shared/contract/errors.ts';
import type { Preferences, ProfileInput, SavedPartyInput, SettingsView } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

/** The settings: the hook's query, and what the app asks for before its first render (early-queries.ts). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings.all(),
    queryFn: () => bridge().settings.get(),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSettings = () => useQuery(settingsQuery());

export function useActiveProfile() {
  const { data } = useSettings();
  return data?.settings.profiles.find((p) => p.id === data.settings.activeProfileId) ?? null;
}

function useSettingsMutation<A>(call: (arg: A) => Promise<SettingsView>) {
  const client = useQueryClient();
  return useMutation<SettingsView, BridgeErrorShape, A>({
    mutationFn: call,
    onSuccess: (view) => client.setQueryData(queryKeys.settings.all(), view),
  });
}

export const useSetActiveProfile = () => useSettingsMutation((id: string) => bridge().settings.setActiveProfile(id));
export const useDeleteProfile = () => useSettingsMutation((id: string) => bridge().settings.deleteProfile(id));
export const useSavePreferences = () =>
  useSettingsMutation((patch: Partial<Preferences>) => bridge().settings.savePreferences(patch));

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => bridge().settings.saveProfile(input),
    onSuccess: ({ profile }) => {
      void client.invalidateQueries({ queryKey: queryKeys.settings.all() });
      void client.invalidateQueries({ queryKey: queryKeys.secrets.status(profile.id) });
      // Answers fetched with the old addresses are no longer this profile's.
      void client.invalidateQueries({ queryKey: queryKeys.chains.listing(profile.id) });
    },
  });
}

/** Save or forget a party; main's answer (the new settings) goes straight into the cache. */
export function useSavedPartyMutations() {
  const client = useQueryClient();
  const onSuccess = (view: SettingsView) => client.setQueryData(queryKeys.settings.all(), view);
  const save = useMutation({ mutationFn: (party: SavedPartyInput) => bridge().settings.saveParty(party), onSuccess });
  const remove = useMutation({ mutationFn: (party: string) => bridge().settings.removeParty(party), onSuccess });
  return { save, remove };
}
