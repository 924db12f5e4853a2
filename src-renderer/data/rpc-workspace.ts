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
import { ledger } from './bridge.ts';
import { queryKeys } from './query-keys.ts';

export const useEnvironments = () =>
  useQuery({ queryKey: queryKeys.workspace.environments(), queryFn: () => ledger().workspace.environments() });

export const useCollections = () =>
  useQuery({ queryKey: queryKeys.workspace.collections(), queryFn: () => ledger().workspace.collections() });

export function useSaveEnvironment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EnvironmentInput) => ledger().workspace.saveEnvironment(input),
    onSuccess: (view: EnvironmentsView) => client.setQueryData(queryKeys.workspace.environments(), view),
  });
}

export function useDeleteEnvironment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ledger().workspace.deleteEnvironment(id),
    onSuccess: (view: EnvironmentsView) => client.setQueryData(queryKeys.workspace.environments(), view),
  });
}

export function useEditCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: CollectionEdit) => ledger().workspace.editCollection(edit),
    onSuccess: (view: CollectionsView) => client.setQueryData(queryKeys.workspace.collections(), view),
  });
}

export function useImportCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: CollectionImport) => ledger().workspace.importCollection(file),
    onSuccess: (result) => client.setQueryData(queryKeys.workspace.collections(), result.view),
  });
}

/** The collection as JSON text, every secret already taken out by main; the caller saves it as a file. */
export const exportCollection = (collectionId: string) => ledger().workspace.exportCollection({ collectionId });
