import { codeSnippet } from '../rpc/code-snippets/index.ts';
import type { RpcConsole } from '../rpc/rpc-console.ts';
import type { Handlers } from './dispatch.ts';

export function rpcHandlers(rpc: RpcConsole): Handlers['rpc'] {
  return {
    endpoint: (profileId) => rpc.endpoint(profileId),
    call: (request) => rpc.call(request),
    history: (query) => rpc.history(query),
    clearHistory: () => rpc.clearHistory(),
    savedRequests: () => rpc.savedRequests(),
    saveRequest: (input) => rpc.saveRequest(input),
    deleteSaved: (id) => rpc.deleteSaved(id),
    curl: (request) => rpc.curl(request),
    snippet: async (request) => codeSnippet(await rpc.endpoint(request.profileId), request),
  };
}
