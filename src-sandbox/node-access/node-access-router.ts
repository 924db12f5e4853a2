// Node access (spec 4.3): `POST {rpc_url}/<chain>_<node_type>` with the API key, forwarded to the
// chain's EVM node. Checks run in the order a caller fixes them: method, key, address, body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http-replies.ts';
import { MAX_BODY_BYTES, readBody } from '../request-body.ts';
import { sameSecret } from '../secret-compare.ts';
import { answerCalls } from './answer-calls.ts';
import type { EvmNode } from './evm-nodes.ts';
import { errorReply, PARSE_ERROR } from './json-rpc-messages.ts';
import { parseNodeAddress } from './node-address.ts';
import { NodeUnavailableError } from './node-json-rpc.ts';

export interface NodeAccessOptions {
  apiKey: string;
  /** Undefined when the sandbox runs without EVM nodes: every call then answers 503. */
  nodes: readonly EvmNode[] | undefined;
  maxBodyBytes?: number;
}

/** `address` is the path after `{rpc_url}/`, e.g. `ethereum_full`. */
export type NodeAccessHandler = (req: IncomingMessage, res: ServerResponse, address: string) => Promise<void>;

export function createNodeAccessRouter(options: NodeAccessOptions): NodeAccessHandler {
  const chains = (options.nodes ?? []).map((n) => n.chain);
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;

  return async (req, res, address) => {
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'method not allowed: use POST' }, { allow: 'POST' });
      return;
    }
    const keyProblem = checkApiKey(req, options.apiKey);
    if (keyProblem) {
      sendJson(res, keyProblem.status, { error: keyProblem.error });
      return;
    }
    if (!options.nodes) {
      sendJson(res, 503, { error: 'node access is off: this sandbox network was started without EVM nodes' });
      return;
    }
    const target = parseNodeAddress(address, chains);
    if ('unknown' in target) {
      sendJson(res, 404, { error: target.unknown });
      return;
    }
    const contentType = req.headers['content-type'];
    if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
      sendJson(res, 415, { error: `unsupported content type "${contentType}": send application/json` });
      return;
    }
    let text: string | null;
    try {
      text = await readBody(req, maxBodyBytes);
    } catch {
      res.destroy(); // the caller went away mid-body: there is no one to answer
      return;
    }
    if (text === null) {
      sendJson(res, 413, { error: `request body larger than ${maxBodyBytes} bytes` }, { connection: 'close' });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      // A JSON-RPC error, not an HTTP one: node clients read -32700 from a 200, as geth sends it.
      sendJson(res, 200, errorReply(null, PARSE_ERROR, `Parse error: ${(error as Error).message}`));
      return;
    }
    const node = options.nodes.find((n) => n.chain === target.chain) as EvmNode;
    try {
      sendJson(res, 200, await answerCalls(body, node.url, target.nodeType));
    } catch (error) {
      // Never a rejection: the server that calls this has no one to hand it to.
      const status = error instanceof NodeUnavailableError ? 502 : 500;
      sendJson(res, status, { error: `${target.chain}_${target.nodeType}: ${(error as Error).message}` });
    }
  };
}

function checkApiKey(req: IncomingMessage, apiKey: string): { status: number; error: string } | null {
  const header = req.headers.apikey;
  const query = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('apiKey') ?? undefined;
  if (typeof header === 'string' && query !== undefined && header !== query) {
    return { status: 400, error: 'apiKey header and apiKey query parameter differ: send one, or the same key' };
  }
  const given = typeof header === 'string' ? header : query;
  if (!given) return { status: 401, error: 'missing apiKey' };
  if (!sameSecret(given, apiKey)) return { status: 401, error: 'invalid apiKey' };
  return null;
}
