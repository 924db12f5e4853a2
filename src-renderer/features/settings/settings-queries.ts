// Hooks over the settings, secrets and app-info channels. Mutations write the answer from main
// straight into the query cache, so the screen shows what main actually stored.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeErrorShape } from '../../../src-shared/contract/errors.ts';
import type { Preferences, ProfileInput, SecretKind, SettingsView } from '../../../src-shared/contract/schemas.ts';
import { ledger } from '../../bridge.ts';

export const settingsKeys = {
  settings: ['settings'] as const,
  appInfo: ['app', 'info'] as const,
  secrets: (profileId: string) => ['secrets', profileId] as const,
};

export const useAppInfo = () => useQuery({ queryKey: settingsKeys.appInfo, queryFn: () => ledger().app.info() });

export const useSettings = () =>
  useQuery({
    queryKey: settingsKeys.settings,
    queryFn: () => ledger().settings.get(),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useActiveProfile() {
  const { data } = useSettings();
  return data?.settings.profiles.find((p) => p.id === data.settings.activeProfileId) ?? null;
}

function useSettingsMutation<A>(call: (arg: A) => Promise<SettingsView>) {
  const client = useQueryClient();
  return useMutation<SettingsView, BridgeErrorShape, A>({
    mutationFn: call,
    onSuccess: (view) => client.setQueryData(settingsKeys.settings, view),
  });
}

export const useSetActiveProfile = () => useSettingsMutation((id: string) => ledger().settings.setActiveProfile(id));
export const useDeleteProfile = () => useSettingsMutation((id: string) => ledger().settings.deleteProfile(id));
export const useSavePreferences = () =>
  useSettingsMutation((patch: Partial<Preferences>) => ledger().settings.savePreferences(patch));

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => ledger().settings.saveProfile(input),
    onSuccess: ({ profile }) => {
      void client.invalidateQueries({ queryKey: settingsKeys.settings });
      void client.invalidateQueries({ queryKey: settingsKeys.secrets(profile.id) });
      // Answers fetched with the old addresses are no longer this profile's.
      void client.invalidateQueries({ queryKey: ['chains', profile.id] });
    },
  });
}

export const useSecretStatus = (profileId: string) =>
  useQuery({ queryKey: settingsKeys.secrets(profileId), queryFn: () => ledger().secrets.status(profileId) });

export function useSecretMutation(profileId: string) {
  const client = useQueryClient();
  const onSuccess = (status: Awaited<ReturnType<ReturnType<typeof ledger>['secrets']['status']>>) => {
    client.setQueryData(settingsKeys.secrets(profileId), status);
    void client.invalidateQueries({ queryKey: ['chains', profileId] });
    // Pages, token info and errors fetched with the old ledger JWT are not answers for the new one.
    // (The credential in their keys tells tokens apart only by their last characters.)
    client.removeQueries({ queryKey: ['transfers', profileId] });
    // Where secrets live may have changed (keychain gone mid-session): refresh the banner.
    void client.invalidateQueries({ queryKey: settingsKeys.appInfo });
  };
  const save = useMutation({
    mutationFn: ({ kind, value }: { kind: SecretKind; value: string }) => ledger().secrets.set(profileId, kind, value),
    onSuccess,
    // The variables hold the secret: drop the mutation from the cache as soon as it settles.
    gcTime: 0,
  });
  const clear = useMutation({ mutationFn: (kind: SecretKind) => ledger().secrets.clear(profileId, kind), onSuccess });
  return { save, clear };
}
