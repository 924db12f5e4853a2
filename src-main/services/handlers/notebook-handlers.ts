import type { Handlers } from '../dispatch.ts';
import type { NotebookFolders } from '../notebook/notebook-folders.ts';
import type { OnFirstUse } from '../on-first-use.ts';

/** The notebook's folder of query files (notebook/notebook-folders.ts), loaded on its first use. */
export function notebookHandlers(notebook: OnFirstUse<NotebookFolders>): Handlers['notebook'] {
  return {
    list: async (profileId) => (await notebook.get()).list(profileId),
    read: async (ref) => (await notebook.get()).read(ref),
    save: async (request) => (await notebook.get()).save(request),
    create: async (request) => (await notebook.get()).create(request),
    rename: async (request) => (await notebook.get()).rename(request),
    delete: async (ref) => (await notebook.get()).delete(ref),
    openFolder: async (request) => (await notebook.get()).openFolder(request),
    changes: async (profileId) => (await notebook.get()).changes(profileId),
    dashboard: async (profileId) => (await notebook.get()).dashboard(profileId),
    saveDashboard: async (request) => (await notebook.get()).saveDashboard(request),
  };
}
