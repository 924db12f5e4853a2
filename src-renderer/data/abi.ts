// Hooks over the abi channels: a profile's ABI library. One query per profile holds the whole view
// (entries and a problem); useAbiLibrary selects the entries, useAbiLibraryProblem the problem.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbiDeleteInput, AbiLibraryView, AbiSaveInput } from '../../src-shared/contract/abi-library.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

const libraryQuery = (profileId: string | undefined) => ({
  queryKey: queryKeys.abi.library(profileId),
  queryFn: () => bridge().abi.list(profileId ?? ''),
  enabled: profileId !== undefined,
  // Changes only through this app's own saves and deletes, which update the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The library's entries: built-ins first, then the sandbox's contracts (sandbox profile), then saved ABIs. */
export const useAbiLibrary = (profileId: string | undefined) =>
  useQuery({ ...libraryQuery(profileId), select: (view: AbiLibraryView) => view.entries });

/** Why saved ABIs may be missing (a file set aside, a failed write), or null. */
export const useAbiLibraryProblem = (profileId: string | undefined) =>
  useQuery({ ...libraryQuery(profileId), select: (view: AbiLibraryView) => view.problem });

export function useSaveAbi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AbiSaveInput) => bridge().abi.save(input),
    onSuccess: (_entry, input) => client.invalidateQueries({ queryKey: queryKeys.abi.library(input.profileId) }),
  });
}

export function useDeleteAbi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AbiDeleteInput) => bridge().abi.delete(input),
    onSuccess: (view, input) => client.setQueryData(queryKeys.abi.library(input.profileId), view),
  });
}
