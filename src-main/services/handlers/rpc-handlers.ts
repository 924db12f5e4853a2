import type { Handlers } from '../dispatch.ts';
import type { RpcConsole } from '../rpc/rpc-console.ts';

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
    token: (request) => rpc.token(request),
    // The six generators are loaded on the first "Copy as", not at start-up.
    snippet: async (request) => {
      const [endpoint, { codeSnippet }] = await Promise.all([
        rpc.endpoint(request.profileId),
        import('../rpc/code-snippets/index.ts'),
      ]);
      return codeSnippet(endpoint, request);
    },
  };
}
