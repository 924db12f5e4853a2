// What every snippet is built from: the node's address (never a key), how the profile sends the key,
// and the request. The key's name on the wire is the one rpc-client.ts uses: the `apiKey` header,
// or the `apiKey` query parameter.
import type { NodeType, RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { KEY_VARIABLE } from '../../../../src-shared/contract/rpc-snippet.ts';
import { commentText } from './quoting.ts';

export interface SnippetTarget {
  /** `{rpc_url}/<chain><sep><node_type>`, without any key. */
  address: string;
  keyPlacement: 'header' | 'query';
  chain: string;
  nodeType: NodeType;
  /** Plain JSON (what JSON.stringify would send). */
  body: RpcBody;
}

/** The header, or query parameter, that carries the key (as in rpc-client.ts). */
export const KEY_NAME = 'apiKey';

/** The opening comment lines (without the comment marker): what is called where, and where the key comes from. */
export function aboutLines(target: SnippetTarget, tool: string): string[] {
  const what = Array.isArray(target.body)
    ? `A batch of ${target.body.length} call${target.body.length === 1 ? '' : 's'}`
    : target.body.method;
  return [
    commentText(`${what} on ${target.chain} (${target.nodeType} node), with ${tool}.`),
    `The API key is read from the environment: export ${KEY_VARIABLE}=... first.`,
  ];
}

/** The calls of a single request or a batch, in order. */
export function callsOf(body: RpcBody): Array<{ method: string; params: unknown[] }> {
  return Array.isArray(body) ? body : [body];
}
