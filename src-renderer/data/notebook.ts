// The notebook's folder of query files (docs/notebook.md, "The notebook screen"): the listing, one
// file, and the generation main bumps when anything in the folder changes (fs.watch). The screen
// polls the generation once a second (one cheap call, the same in the desktop app and the browser
// version) and reads the listing and the open file again when it moves.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  NotebookCreate,
  NotebookFile,
  NotebookListing,
  NotebookOpenFolder,
  NotebookRename,
  NotebookSave,
  NotebookSaved,
} from '../../src-shared/contract/notebook.ts';
import { bridge } from './bridge.ts';

/** How often the screen asks whether the folder changed. */
export const NOTEBOOK_POLL_MS = 1000;

export const notebookKeys = {
  all: (profileId: string) => ['notebook', profileId] as const,
  listing: (profileId: string) => ['notebook', profileId, 'listing'] as const,
  changes: (profileId: string) => ['notebook', profileId, 'changes'] as const,
};

export function useNotebookListing(profileId: string) {
  return useQuery<NotebookListing>({
    queryKey: notebookKeys.listing(profileId),
    queryFn: () => bridge().notebook.list(profileId),
  });
}

/**
 * Watches the folder's generation; when it moves, the listing is read again and `onChange` is told
 * (the screen then reads its open file again and compares versions).
 */
export function useNotebookChanges(profileId: string, onChange: () => void): void {
  const client = useQueryClient();
  const changes = useQuery({
    queryKey: notebookKeys.changes(profileId),
    queryFn: () => bridge().notebook.changes(profileId),
    refetchInterval: NOTEBOOK_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const seen = useRef<number | null>(null);
  const callback = useRef(onChange);
  callback.current = onChange;
  const generation = changes.data?.generation;
  useEffect(() => {
    if (generation === undefined) return;
    if (seen.current !== null && seen.current !== generation) {
      void client.invalidateQueries({ queryKey: notebookKeys.listing(profileId) });
      callback.current();
    }
    seen.current = generation;
  }, [generation, client, profileId]);
}

/** The folder operations: plain calls (each answers what the screen shows next), the listing refreshed after. */
export function useNotebookActions(profileId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: notebookKeys.listing(profileId) });
  const after = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } finally {
      void refresh();
    }
  };
  const api = () => bridge().notebook;
  return {
    read: (file: string): Promise<NotebookFile> => api().read({ profileId, file }),
    save: (request: Omit<NotebookSave, 'profileId'>): Promise<NotebookSaved> =>
      after(api().save({ profileId, ...request })),
    create: (request: Omit<NotebookCreate, 'profileId'>): Promise<NotebookFile> =>
      after(api().create({ profileId, ...request })),
    rename: (request: Omit<NotebookRename, 'profileId'>): Promise<NotebookFile> =>
      after(api().rename({ profileId, ...request })),
    remove: (file: string): Promise<boolean> => after(api().delete({ profileId, file })),
    openFolder: async (path: NotebookOpenFolder['path']): Promise<NotebookListing | null> => {
      const listing = await api().openFolder({ profileId, path });
      if (listing) client.setQueryData(notebookKeys.listing(profileId), listing);
      return listing;
    },
  };
}
