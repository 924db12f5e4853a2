// Hooks over the secrets channels. The renderer learns only where a secret is kept and its last
// characters, never the secret; saving or clearing one drops every answer fetched with the old one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecretKind } from '../../src-shared/contract/schemas.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

export const secretStatusQuery = (profileId: string) =>
  queryOptions({ queryKey: queryKeys.secrets.status(profileId), queryFn: () => bridge().secrets.status(profileId) });

export const useSecretStatus = (profileId: string) => useQuery(secretStatusQuery(profileId));

export function useSecretMutation(profileId: string) {
  const client = useQueryClient();
  const onSuccess = (status: Awaited<ReturnType<ReturnType<typeof bridge>['secrets']['status']>>) => {
    client.setQueryData(queryKeys.secrets.status(profileId), status);
    void client.invalidateQueries({ queryKey: queryKeys.chains.listing(profileId) });
    // Pages, token info and errors fetched with the old ledger JWT are not answers for the new one.
    // (The credential in their keys tells tokens apart only by their last characters.)
    client.removeQueries({ queryKey: queryKeys.transfers.all(profileId) });
    // Where secrets live may have changed (keychain gone mid-session): refresh the banner.
    void client.invalidateQueries({ queryKey: queryKeys.app.info() });
  };
  const save = useMutation({
    mutationFn: ({ kind, value }: { kind: SecretKind; value: string }) => bridge().secrets.set(profileId, kind, value),
    onSuccess,
    // The variables hold the secret: drop the mutation from the cache as soon as it settles.
    gcTime: 0,
  });
  const clear = useMutation({ mutationFn: (kind: SecretKind) => bridge().secrets.clear(profileId, kind), onSuccess });
  return { save, clear };
}

/**
 * A built-in sandbox credential, fetched only when the user asks to see it (main refuses any secret
 * the user saved). Not cached: gone from the mutation cache as soon as it settles.
 */
export const useSandboxCredential = (profileId: string) =>
  useMutation({ mutationFn: (kind: SecretKind) => bridge().secrets.sandboxCredential(profileId, kind), gcTime: 0 });

/**
 * Which ledger JWT the profile has, as far as the renderer may know it (where it is kept and its
 * last characters, never the token). Part of every transfers query key, so an answer fetched with
 * one token is not shown for another; two tokens with the same last characters are told apart by
 * the secret mutations, which drop the profile's transfers cache. undefined until known.
 */
export function useLedgerCredential(profileId: string): string | undefined {
  const status = useSecretStatus(profileId).data?.ledgerJwt;
  if (!status) return undefined;
  return `${status.source ?? 'none'}:${status.present ? (status.hint ?? 'set') : 'absent'}`;
}
