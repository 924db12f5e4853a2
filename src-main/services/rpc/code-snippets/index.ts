// "Copy as": the console's request as code in a developer's language. Plain string building (main
// carries no viem or ethers); the key is only ever a reference to $LEDGER_API_KEY.
import { nodeAddress, type RpcEndpoint } from '../../../../src-shared/contract/rpc.ts';
import { KEY_VARIABLE, type RpcSnippet, type SnippetLanguage } from '../../../../src-shared/contract/rpc-snippet.ts';
import { castSnippet } from './cast.ts';
import { curlSnippet } from './curl.ts';
import { ethersSnippet } from './ethers.ts';
import { fetchSnippet } from './fetch.ts';
import { pythonSnippet } from './python.ts';
import type { SnippetTarget } from './snippet-target.ts';
import { viemSnippet } from './viem.ts';

const BUILDERS: Record<SnippetLanguage, (target: SnippetTarget) => string> = {
  curl: curlSnippet,
  fetch: fetchSnippet,
  viem: viemSnippet,
  ethers: ethersSnippet,
  cast: castSnippet,
  python: pythonSnippet,
};

export function codeSnippet(
  endpoint: RpcEndpoint,
  request: Pick<SnippetTarget, 'chain' | 'nodeType' | 'body'> & { language: SnippetLanguage },
): RpcSnippet {
  const { chain, nodeType, language } = request;
  const target: SnippetTarget = {
    address: nodeAddress(endpoint.rpcUrl, chain, endpoint.separator, nodeType),
    keyPlacement: endpoint.keyPlacement,
    chain,
    nodeType,
    // Exactly what would go over the wire (undefined dropped, as JSON.stringify does).
    body: JSON.parse(JSON.stringify(request.body)),
  };
  return { language, code: BUILDERS[language](target), keyVariable: KEY_VARIABLE };
}
