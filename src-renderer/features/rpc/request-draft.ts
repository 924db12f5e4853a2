// Turns the console's form into the JSON-RPC body main will send, or says what is wrong with it.
// Runs on every edit: invalid JSON, params that are not an array or an oversized text show an
// inline error and the Send button does nothing. Main checks the same body again with RpcBody.
import {
  ChainName,
  formatBytes,
  JsonRpcCall,
  MAX_BATCH_CALLS,
  MAX_RPC_REQUEST_BYTES,
  RpcBody,
  utf8Length,
} from '../../../src-shared/contract/rpc.ts';
import { checkParams } from './param-check.ts';
import type { ConsoleDraft } from './rpc-console-store.ts';

export type DraftProblemField = 'chain' | 'method' | 'params' | 'batch';

export type DraftCheck =
  | {
      ok: true;
      body: RpcBody;
      /** ids this request takes from the counter */
      idsUsed: number;
      /** Something the specification does not list, said beside Send; the call is sent as written. */
      warning?: string;
    }
  | { ok: false; field: DraftProblemField; error: string };

export function checkDraft(draft: ConsoleDraft): DraftCheck {
  const chain = ChainName.safeParse(draft.chain);
  if (!chain.success) return { ok: false, field: 'chain', error: `Chain: ${chain.error.issues[0].message}` };
  try {
    return draft.mode === 'single' ? checkSingle(draft) : checkBatch(draft);
  } catch (error) {
    // This runs while the screen renders: whatever the text is, it must end as a message, never a
    // blank window. (Nesting is refused by RpcBody first; this is the last line.)
    const field = draft.mode === 'single' ? 'params' : 'batch';
    return {
      ok: false,
      field,
      error: `${field === 'params' ? 'Params' : 'The batch'} could not be checked: ${String((error as Error)?.message ?? error)}`,
    };
  }
}

/**
 * What Send uses: checkDraft, then each call's params against the method's parameters in the OpenRPC
 * description (a wrong count, a non-hex quantity, a bad address or block tag). A method the
 * description does not know is sent as written. Re-running a history entry or a saved request
 * replays what was already sent and uses checkDraft alone.
 */
export function checkRequest(draft: ConsoleDraft): DraftCheck {
  const checked = checkDraft(draft);
  if (!checked.ok) return checked;
  const calls = Array.isArray(checked.body) ? checked.body : [checked.body];
  let warning: string | undefined;
  for (const [index, call] of calls.entries()) {
    const params = checkParams(call.method, call.params);
    if (!params.known) continue;
    const where = Array.isArray(checked.body) ? `Call ${index + 1} (${call.method}): ` : '';
    if (params.problem) {
      return Array.isArray(checked.body)
        ? { ok: false, field: 'batch', error: `${where}${params.problem}` }
        : { ok: false, field: 'params', error: params.problem };
    }
    if (params.warning && warning === undefined) warning = `${where}${params.warning}`;
  }
  return warning === undefined ? checked : { ...checked, warning };
}

function checkSingle(draft: ConsoleDraft): DraftCheck {
  const method = draft.method.trim();
  if (!method) return { ok: false, field: 'method', error: 'Method: enter a method name, e.g. eth_blockNumber' };
  const methodName = JsonRpcCall.shape.method.safeParse(method);
  if (!methodName.success)
    return { ok: false, field: 'method', error: `Method: ${methodName.error.issues[0].message}` };
  const parsed = parseJsonText(draft.paramsText, ['Params', 'are']);
  if ('error' in parsed) return { ok: false, field: 'params', error: parsed.error };
  if (!Array.isArray(parsed.value)) {
    return {
      ok: false,
      field: 'params',
      error: `Params must be a JSON array, e.g. [] or ["0x…", "latest"] (this is ${kindOf(parsed.value)})`,
    };
  }
  return finish({ jsonrpc: '2.0', id: draft.nextId, method, params: parsed.value }, 'params', 1);
}

function checkBatch(draft: ConsoleDraft): DraftCheck {
  const parsed = parseJsonText(draft.batchText, ['The batch', 'is']);
  if ('error' in parsed) return { ok: false, field: 'batch', error: parsed.error };
  const items = parsed.value;
  if (!Array.isArray(items)) {
    return { ok: false, field: 'batch', error: `A batch is a JSON array of calls (this is ${kindOf(items)})` };
  }
  if (items.length === 0) return { ok: false, field: 'batch', error: 'A batch needs at least one call' };
  if (items.length > MAX_BATCH_CALLS) {
    return {
      ok: false,
      field: 'batch',
      error: `A batch has at most ${MAX_BATCH_CALLS} calls (this has ${items.length})`,
    };
  }
  let nextId = draft.nextId;
  const calls: JsonRpcCall[] = [];
  for (const [index, item] of items.entries()) {
    const where = `Call ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { ok: false, field: 'batch', error: `${where}: expected an object like {"method": "…", "params": []}` };
    }
    const { method, params = [], id, jsonrpc = '2.0' } = item as Record<string, unknown>;
    if (typeof method !== 'string' || !method.trim()) {
      return { ok: false, field: 'batch', error: `${where}: "method" must be a non-empty string` };
    }
    if (!Array.isArray(params)) {
      return { ok: false, field: 'batch', error: `${where}: "params" must be a JSON array (it is ${kindOf(params)})` };
    }
    // A call without an id takes the next one from the counter; one the user wrote is kept.
    const callId = id === undefined ? nextId++ : id;
    const call = JsonRpcCall.safeParse({ jsonrpc, id: callId, method: method.trim(), params });
    if (!call.success) {
      const issue = call.error.issues[0];
      return { ok: false, field: 'batch', error: `${where}: "${issue.path.join('.')}" ${issue.message}` };
    }
    calls.push(call.data);
  }
  return finish(calls, 'batch', nextId - draft.nextId);
}

function finish(body: RpcBody, field: DraftProblemField, idsUsed: number): DraftCheck {
  const checked = RpcBody.safeParse(body);
  if (!checked.success) return { ok: false, field, error: checked.error.issues[0].message };
  return { ok: true, body: checked.data, idsUsed };
}

/** JSON.parse with the size checked first: a pasted 5 MB file gets a message, not a frozen window. */
function parseJsonText(text: string, [what, verb]: [string, string]): { value: unknown } | { error: string } {
  const bytes = utf8Length(text);
  if (bytes > MAX_RPC_REQUEST_BYTES) {
    return {
      error: `${what} ${verb} ${formatBytes(bytes)}; the console sends at most ${formatBytes(MAX_RPC_REQUEST_BYTES)}`,
    };
  }
  if (!text.trim()) return { error: `${what} ${verb} empty: write a JSON array ([] for none)` };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: `${what} ${verb} not valid JSON: ${(error as Error).message}` };
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A batch text with one more call appended (from the catalog), or null when the text is not an array yet. */
export function appendToBatch(text: string, method: string, params: unknown[]): string | null {
  let items: unknown;
  try {
    items = text.trim() ? JSON.parse(text) : [];
  } catch {
    return null;
  }
  if (!Array.isArray(items)) return null;
  try {
    return formatBatch([...items, { method, params }]);
  } catch {
    return null; // nested too deep to print again: the text is left as it is
  }
}

/** One call per line: easy to read and to edit. */
export function formatBatch(items: unknown[]): string {
  return `[\n${items.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]`;
}
