import type { RpcWorkspace } from '../rpc/rpc-workspace.ts';
import type { Handlers } from './dispatch.ts';

export function workspaceHandlers(workspace: RpcWorkspace): Handlers['workspace'] {
  return {
    environments: () => workspace.environments(),
    saveEnvironment: (input) => workspace.saveEnvironment(input),
    deleteEnvironment: (id) => workspace.deleteEnvironment(id),
    collections: () => workspace.collections(),
    editCollection: (edit) => workspace.editCollection(edit),
    exportCollection: (request) => workspace.exportCollection(request),
    importCollection: (request) => workspace.importCollection(request),
  };
}
