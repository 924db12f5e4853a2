// The RPC console: a JSON-RPC call (or batch) to `{rpc_url}/<chain><sep><node_type>` (spec 2.7,
// 4.3), what main answers, and the history and saved requests it keeps. Nothing here ever holds
// the API key: main adds it to the HTTP request and takes it out of everything it returns.
import { z } from 'zod';
import { PROFILE_ID } from './schemas.ts';
import { RequestId } from './transfers.ts';

export const NODE_TYPES = ['full', 'archive'] as const;
export const NodeType = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeType>;

/**
 * A chain name "exactly as the chain listing gives it" (4.3), checked so it stays one path segment:
 * no `/`, `?`, `#`, spaces or other characters that would change the address.
 */
export const ChainName = z
  .string()
  .trim()
  .min(1, 'enter a chain name')
  .max(100, 'at most 100 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a chain name is letters, digits, ".", "_" or "-"');

/**
 * The largest request body main sends (its JSON text). Far above any real call (a raw transaction is
 * at most 128 KB on geth), low enough that a pasted file is refused with a message, not a hang.
 */
export const MAX_RPC_REQUEST_BYTES = 1024 * 1024;
/** Calls in one batch. */
export const MAX_BATCH_CALLS = 1000;
/** Answers larger than this are refused by main (a 10 MB answer is fine). */
export const MAX_RPC_ANSWER_BYTES = 32 * 1024 * 1024;

export const JsonRpcId = z.union(
  [
    z.number().int().safe(),
    z.string().max(128, 'must be an integer, a string (at most 128 characters) or null'),
    z.null(),
  ],
  {
    error: 'must be an integer, a string (at most 128 characters) or null',
  },
);

/** One JSON-RPC request (2.7). `params` must be an array: the spec's type, and what geth accepts. */
export const JsonRpcCall = z.object({
  jsonrpc: z.literal('2.0', { error: 'must be "2.0"' }),
  id: JsonRpcId,
  method: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
  params: z.array(z.unknown(), { error: 'must be a JSON array' }),
});
export type JsonRpcCall = z.infer<typeof JsonRpcCall>;

export const RpcBody = z
  .union(
    [
      JsonRpcCall,
      z
        .array(JsonRpcCall)
        .min(1, 'a batch needs at least one call')
        .max(MAX_BATCH_CALLS, `a batch has at most ${MAX_BATCH_CALLS} calls`),
    ],
    // zod's own message for a failed union is "Invalid input": name what is wrong in the form that was meant.
    { error: (issue) => unionMessage(issue as unknown as { input: unknown; errors?: z.core.$ZodIssue[][] }) },
  )
  .superRefine((body, ctx) => {
    // Before anything walks the body recursively (JSON.stringify here, the history, the HTTP client):
    // [[[[…]]]] 10,000 deep is only 20 KB of text, yet overflows the stack of every recursive walk.
    const shape = measureJson(body);
    if (shape.tooDeep || shape.tooMany) {
      ctx.addIssue({
        code: 'custom',
        message: shape.tooDeep
          ? `the request nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; real calls nest a few`
          : `the request is over ${formatBytes(MAX_RPC_REQUEST_BYTES)}; the console sends at most that`,
      });
      return;
    }
    const bytes = utf8Length(JSON.stringify(body));
    if (bytes > MAX_RPC_REQUEST_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `the request is ${formatBytes(bytes)}; the console sends at most ${formatBytes(MAX_RPC_REQUEST_BYTES)}`,
      });
    }
  });
export type RpcBody = z.infer<typeof RpcBody>;

function unionMessage({ input, errors }: { input: unknown; errors?: z.core.$ZodIssue[][] }): string {
  if (typeof input !== 'object' || input === null) {
    return `expected a JSON-RPC call object or an array of calls (this is ${input === null ? 'null' : `a ${typeof input}`})`;
  }
  const first = errors?.[Array.isArray(input) ? 1 : 0]?.[0];
  if (!first) return 'expected a JSON-RPC call object or an array of calls';
  const where = first.path.map((part) => (typeof part === 'number' ? `call ${part + 1}` : String(part))).join(' ');
  return where ? `${where}: ${first.message}` : first.message;
}

/** Which node: the same three fields address a call, a saved request and a curl command. */
const target = {
  profileId: PROFILE_ID,
  chain: ChainName,
  nodeType: NodeType,
};

export const RpcCallRequest = z.object({
  /** Abandon the call with app:cancel(requestId). */
  requestId: RequestId,
  ...target,
  body: RpcBody,
  /** How long main waits for the answer. */
  timeoutSeconds: z
    .number()
    .int('a timeout is a whole number of seconds')
    .min(1, 'at least 1 s')
    .max(300, 'at most 300 s')
    .default(30),
});
export type RpcCallRequest = z.input<typeof RpcCallRequest>;

export const RpcCurlRequest = z.object({
  ...target,
  body: RpcBody,
  /** false: the key is the placeholder `$LEDGER_API_KEY`. true: the real key, for this one answer only. */
  withKey: z.boolean(),
});
export type RpcCurlRequest = z.input<typeof RpcCurlRequest>;

/** A contract's ERC-20 metadata, asked of the node with eth_call: decimals() and symbol(). */
export const RpcTokenRequest = z.object({
  ...target,
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x and 40 hex digits'),
});
export type RpcTokenRequest = z.input<typeof RpcTokenRequest>;

/** null where the contract did not answer the call as a token does (not a token, a revert, no such function). */
export interface RpcTokenInfo {
  decimals: number | null;
  symbol: string | null;
}

export const RpcHistoryQuery = z.object({
  /** Words that must all appear in the method, chain, node type, params or summary (any case). */
  search: z.string().max(200, 'a search is at most 200 characters').default(''),
  limit: z.number().int('a whole number').min(1, 'at least 1').max(500, 'at most 500').default(100),
});
export type RpcHistoryQuery = z.input<typeof RpcHistoryQuery>;

export const SavedRequestInput = z.object({
  name: z.string().trim().min(1, 'give the request a name').max(80, 'at most 80 characters'),
  chain: ChainName,
  nodeType: NodeType,
  body: RpcBody,
});
export type SavedRequestInput = z.input<typeof SavedRequestInput>;

export const RpcEntryId = z.string().regex(/^[a-f0-9]{16}$/, 'entry id');

/** Where the console's calls go for a profile; the key placement is said, the key is never given. */
export interface RpcEndpoint {
  rpcUrl: string;
  separator: '_' | '-';
  keyPlacement: 'header' | 'query';
}

/** The node address, `{rpc_url}/<chain><sep><node_type>` (4.3), without any key. */
export function nodeAddress(rpcUrl: string, chain: string, separator: '_' | '-', nodeType: NodeType): string {
  return `${rpcUrl}/${encodeURIComponent(chain)}${separator}${nodeType}`;
}

/** What one JSON-RPC answer says, at a glance. */
export type RpcOutcome = 'result' | 'rpc_error' | 'batch' | 'unexpected';

/** main's answer to rpc:call when the node answered with JSON (whatever the JSON-RPC outcome). */
export interface RpcCallResult {
  /** The address called, never with a key in it. */
  address: string;
  status: number;
  elapsedMs: number;
  /** Bytes of the answer body. */
  sizeBytes: number;
  contentType: string | null;
  /**
   * The answer exactly as the node sent it (JSON text). Text rather than parsed JSON: a 10 MB answer
   * crosses the bridge as one string, and the renderer parses it once.
   */
  text: string;
  outcome: RpcOutcome;
  /** JSON-RPC errors in the answer (a batch may mix results and errors). */
  errorCount: number;
  /** The history entry written for this call (null when the history file could not be written). */
  entry: RpcHistoryEntry | null;
}

/** One call the console sent, as kept in the history file: never a key, never the answer itself. */
export interface RpcHistoryEntry {
  id: string;
  at: string;
  profileId: string;
  chain: string;
  nodeType: NodeType;
  /** Method, or `batch (n calls)`. */
  label: string;
  /** The request as sent; null when it was too large to keep (`bodyBytes` says how large). */
  body: RpcBody | null;
  bodyBytes: number;
  /** HTTP status, null when no answer arrived (network error, timeout, cancelled). */
  status: number | null;
  elapsedMs: number;
  sizeBytes: number | null;
  outcome: RpcOutcome | 'failed';
  /** The result or error in one line, at most 200 characters. */
  summary: string;
}

export interface RpcHistoryView {
  entries: RpcHistoryEntry[];
  /** Entries in the file (before the search). */
  total: number;
  /** Set when the history file could not be used at start and was set aside. */
  problem: string | null;
}

export interface SavedRequest {
  id: string;
  name: string;
  chain: string;
  nodeType: NodeType;
  body: RpcBody;
  savedAt: string;
}

export interface RpcCurl {
  command: string;
  /** True only for the explicit "copy with key" call. */
  includesKey: boolean;
}

/** Arrays and objects inside each other in a request: far above any real call, far below a stack overflow. */
export const MAX_JSON_DEPTH = 100;
/** Values in a request: a 1 MB JSON text cannot hold more (each takes at least two characters). */
const MAX_JSON_VALUES = MAX_RPC_REQUEST_BYTES;

/**
 * How deep and how large a JSON-like value is, walked without recursion and given up on as soon as
 * it is past the limits (a value that arrived by structured clone may share parts, or be cyclic).
 */
export function measureJson(value: unknown): { tooDeep: boolean; tooMany: boolean } {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let seen = 0;
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [item, depth] = top;
    if (++seen > MAX_JSON_VALUES) return { tooDeep: false, tooMany: true };
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_JSON_DEPTH) return { tooDeep: true, tooMany: false };
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return { tooDeep: false, tooMany: false };
}

export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** "812 B", "1.5 KB", "10.0 MB" (1024-based). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
