import type { Handlers } from '../dispatch.ts';
import type { OnFirstUse } from '../on-first-use.ts';
import type { RpcWorkspace } from '../rpc/rpc-workspace.ts';

/** The workspace (environments, collections, Postman import) is loaded on its first use. */
export function workspaceHandlers(workspace: OnFirstUse<RpcWorkspace>): Handlers['workspace'] {
  return {
    environments: async () => (await workspace.get()).environments(),
    saveEnvironment: async (input) => (await workspace.get()).saveEnvironment(input),
    deleteEnvironment: async (id) => (await workspace.get()).deleteEnvironment(id),
    collections: async () => (await workspace.get()).collections(),
    editCollection: async (edit) => (await workspace.get()).editCollection(edit),
    exportCollection: async (request) => (await workspace.get()).exportCollection(request),
    importCollection: async (request) => (await workspace.get()).importCollection(request),
  };
}
