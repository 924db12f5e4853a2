// Collections in and out as JSON: our own format (format + version, requests as written) and the
// JSON-RPC requests of a Postman collection v2.1. Everything read is validated here, in main; a
// request that does not pass is skipped and counted, never half-imported.
import {
  COLLECTION_FORMAT,
  COLLECTION_VERSION,
  CollectionRequestInput,
  type RpcCollection,
} from '../../../src-shared/contract/rpc-workspace.ts';
import { replaceVariables } from '../../../src-shared/rpc/variable-text.ts';
import { ServiceError } from '../errors.ts';

export interface ParsedImport {
  name: string;
  requests: ReturnType<typeof CollectionRequestInput.parse>[];
  /** Items that were not JSON-RPC requests (or not valid ones), those below included. */
  skipped: number;
  /** Names of the JSON-RPC calls skipped because their params are by name (an object): node access takes an array (spec 2.7). */
  byName: string[];
  source: 'collection' | 'postman';
}

export function exportCollection(collection: RpcCollection): string {
  const requests = collection.requests.map(({ name, chain, nodeType, method, text }) => ({
    name,
    chain,
    nodeType,
    method,
    text,
  }));
  return `${JSON.stringify({ format: COLLECTION_FORMAT, version: COLLECTION_VERSION, name: collection.name, requests }, null, 2)}\n`;
}

export function parseImport(text: string, fileName: string): ParsedImport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ServiceError('invalid_argument', `${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  const root = isObject(json) ? json : {};
  if (root.format === COLLECTION_FORMAT) {
    if (root.version !== COLLECTION_VERSION) {
      throw new ServiceError(
        'invalid_argument',
        `${fileName} is version ${String(root.version)}; this app reads version ${COLLECTION_VERSION}.`,
      );
    }
    const items = Array.isArray(root.requests) ? root.requests : [];
    const requests = items.flatMap((item) => {
      const parsed = CollectionRequestInput.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    return {
      name: nameOf(root.name, fileName),
      requests,
      skipped: items.length - requests.length,
      byName: [],
      source: 'collection',
    };
  }
  const info = isObject(root.info) ? root.info : null;
  if (info && typeof info.schema === 'string' && info.schema.includes('collection/v2.1')) {
    const out: ParsedImport = {
      name: nameOf(info.name, fileName),
      requests: [],
      skipped: 0,
      byName: [],
      source: 'postman',
    };
    walkPostman(root.item, fileName, out);
    return out;
  }
  throw new ServiceError(
    'invalid_argument',
    `${fileName} is neither a collection exported by this app (format "${COLLECTION_FORMAT}") nor a Postman collection v2.1.`,
  );
}

/** Postman folders deeper than this are refused: no real collection nests that far, and a walk that did not stop would run out of stack. */
export const MAX_POSTMAN_DEPTH = 32;

/**
 * Folders are flattened: a request's name carries its folder path ("Tokens / balanceOf"). Walked
 * with an explicit stack (in file order), so a hostile file's depth can only meet the cap.
 */
function walkPostman(root: unknown, fileName: string, out: ParsedImport): void {
  if (!Array.isArray(root)) return;
  const stack: { items: unknown[]; at: number; folders: string[] }[] = [{ items: root, at: 0, folders: [] }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.at >= frame.items.length) {
      stack.pop();
      continue;
    }
    const item = frame.items[frame.at++];
    if (!isObject(item)) {
      out.skipped++;
      continue;
    }
    const name = typeof item.name === 'string' && item.name.trim() ? item.name.trim() : 'request';
    if (Array.isArray(item.item)) {
      if (stack.length > MAX_POSTMAN_DEPTH) {
        throw new ServiceError(
          'invalid_argument',
          `${fileName} nests folders more than ${MAX_POSTMAN_DEPTH} deep; flatten it in Postman and export it again.`,
        );
      }
      stack.push({ items: item.item, at: 0, folders: [...frame.folders, name] });
      continue;
    }
    const requestName = [...frame.folders, name].join(' / ').slice(0, 80);
    const request = postmanRequest(requestName, item.request);
    if (request === 'byName') out.byName.push(requestName);
    if (typeof request === 'object' && request !== null) out.requests.push(request);
    else out.skipped++;
  }
}

/** The request, or why not: 'byName' for JSON-RPC calls with params by name, null for anything else. */
function postmanRequest(name: string, request: unknown): ParsedImport['requests'][number] | 'byName' | null {
  if (!isObject(request) || String(request.method ?? 'GET').toUpperCase() !== 'POST') return null;
  const body = isObject(request.body) ? request.body : null;
  if (body?.mode !== 'raw' || typeof body.raw !== 'string') return null;
  const call = parseKeepingVariables(body.raw);
  if (call === null) return null;
  const { chain, nodeType } = targetOf(request.url);
  let candidate: unknown;
  const calls = Array.isArray(call.value) ? call.value : [call.value];
  if (calls.some(hasParamsByName)) return 'byName';
  if (Array.isArray(call.value)) {
    if (call.value.length === 0 || !call.value.every(isRpcCall)) return null;
    // A batch keeps each call's id: the console sends a batch's ids as written.
    const lines = call.value.map(
      (c) => `  ${JSON.stringify({ ...(isId(c.id) ? { id: c.id } : {}), method: c.method, params: c.params ?? [] })}`,
    );
    candidate = { name, chain, nodeType, method: null, text: call.restore(`[\n${lines.join(',\n')}\n]`) };
  } else {
    if (!isRpcCall(call.value)) return null;
    const text = call.restore(JSON.stringify(call.value.params ?? []));
    candidate = { name, chain, nodeType, method: call.restore(call.value.method), text };
  }
  const parsed = CollectionRequestInput.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * JSON.parse for a body with {{variables}}: one standing as a value (`[{{block}}]`) is parsed as a
 * marker string and put back as written afterwards, so the request keeps it as our variable.
 */
function parseKeepingVariables(raw: string): { value: unknown; restore: (text: string) => string } | null {
  const names: string[] = [];
  // Private-use characters mark them (no request text uses them): U+E000 a variable inside a string,
  // U+E001 one standing as a value, so each is put back exactly as it was written.
  const marked = replaceVariables(raw, (use) => {
    names.push(use.name);
    const i = names.length - 1;
    return use.inString ? `\uE000${i}\uE000` : `"\uE001${i}\uE001"`;
  });
  try {
    const value = JSON.parse(marked);
    const restore = (text: string) =>
      text
        .replace(/"\uE001(\d+)\uE001"/g, (_, i) => `{{${names[Number(i)]}}}`)
        .replace(/[\uE000\uE001](\d+)[\uE000\uE001]/g, (_, i) => `{{${names[Number(i)]}}}`);
    return { value, restore };
  } catch {
    return null;
  }
}

/** A JSON-RPC call whose params are an object (by name, JSON-RPC 2.0 allows it; node access does not). */
function hasParamsByName(value: unknown): boolean {
  return isObject(value) && typeof value.method === 'string' && isObject(value.params);
}

const isId = (id: unknown): id is number | string =>
  (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length <= 100);

function isRpcCall(value: unknown): value is { method: string; params?: unknown; id?: unknown } {
  if (!isObject(value) || typeof value.method !== 'string' || !value.method.trim()) return false;
  return (
    (value.jsonrpc === '2.0' || Array.isArray(value.params)) &&
    (value.params === undefined || Array.isArray(value.params) || typeof value.params === 'string')
  );
}

/** `…/eth_mainnet_full` names the chain and node type; any other address leaves `{{chain}}` to fill in. */
function targetOf(url: unknown): { chain: string; nodeType: 'full' | 'archive' } {
  const raw = typeof url === 'string' ? url : isObject(url) && typeof url.raw === 'string' ? url.raw : '';
  const last = raw.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? '';
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*?|\{\{[A-Za-z0-9_.-]+\}\})[_-](full|archive)$/.exec(last);
  return match
    ? { chain: match[1], nodeType: match[2] as 'full' | 'archive' }
    : { chain: '{{chain}}', nodeType: 'full' };
}

function nameOf(value: unknown, fileName: string): string {
  const name =
    typeof value === 'string' && value.trim() ? value.trim() : fileName.replace(/\.json$/i, '') || 'Imported';
  return name.slice(0, 80);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
