// Hooks over the workspace channels: the console's environments and collections. Every change
// answers with the whole list as main now has it, which replaces the cached one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionEdit,
  CollectionImport,
  CollectionsView,
  EnvironmentInput,
  EnvironmentsView,
} from '../../src-shared/contract/rpc-workspace.ts';
import { bridge } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

export const useEnvironments = () =>
  useQuery({ queryKey: queryKeys.workspace.environments(), queryFn: () => bridge().workspace.environments() });

export const useCollections = () =>
  useQuery({ queryKey: queryKeys.workspace.collections(), queryFn: () => bridge().workspace.collections() });

export function useSaveEnvironment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EnvironmentInput) => bridge().workspace.saveEnvironment(input),
    onSuccess: (view: EnvironmentsView) => client.setQueryData(queryKeys.workspace.environments(), view),
  });
}

export function useDeleteEnvironment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge().workspace.deleteEnvironment(id),
    onSuccess: (view: EnvironmentsView) => client.setQueryData(queryKeys.workspace.environments(), view),
  });
}

export function useEditCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: CollectionEdit) => bridge().workspace.editCollection(edit),
    onSuccess: (view: CollectionsView) => client.setQueryData(queryKeys.workspace.collections(), view),
  });
}

export function useImportCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: CollectionImport) => bridge().workspace.importCollection(file),
    onSuccess: (result) => client.setQueryData(queryKeys.workspace.collections(), result.view),
  });
}

/** The collection as JSON text, every secret already taken out by main; the caller saves it as a file. */
export const exportCollection = (collectionId: string) => bridge().workspace.exportCollection({ collectionId });
