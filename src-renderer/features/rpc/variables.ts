// {{variables}} in the console: in the Chain field, the Method field, the params and the batch. The
// request is resolved with the active environment's values before anything else looks at it, so
// Send, Copy as, Compare and the history all get the resolved call; an unknown variable is refused
// at its field, by name, and nothing is sent. Main never sees a {{variable}} in a call (nor
// substitutes one: the key is main's, and never a variable).
import type { NodeType, RpcBody } from '../../../src-shared/contract/rpc.ts';
import { replaceVariables, variableUses } from '../../../src-shared/rpc/variable-text.ts';
import { checkDraft, checkRequest, type DraftProblemField } from './request-draft.ts';
import type { ConsoleDraft } from './rpc-console-store.ts';

/** The active environment's name (null: none chosen) and its variables. */
export interface VariableScope {
  environment: string | null;
  values: Readonly<Record<string, string>>;
}

export const NO_VARIABLES: VariableScope = { environment: null, values: {} };

export type ResolvedCheck =
  | { ok: true; chain: string; nodeType: NodeType; body: RpcBody; idsUsed: number; warning?: string }
  | { ok: false; field: DraftProblemField; error: string /** The same text as `error`. */; message: string };

/** The names used in `text`, each once, in order of first use. */
export function findVariables(text: string): string[] {
  return [...new Set(variableUses(text).map((use) => use.name))];
}

/**
 * `text` with its variables replaced. In JSON text (`json`), a variable inside a string is replaced
 * by its value escaped for that string ("0x{{addr}}"); one standing as a value (`[{{block}}]`) by the
 * value itself when it is JSON (123, true, ["a"], "quoted"), else by the value as a JSON string
 * (latest becomes "latest"). Values are not resolved again: a value holding {{x}} stays as written.
 */
export function resolveText(
  text: string,
  values: Readonly<Record<string, string>>,
  json: boolean,
): { text: string } | { missing: string[] } | { unsafe: string } {
  const missing = findVariables(text).filter((name) => !Object.hasOwn(values, name));
  if (missing.length > 0) return { missing };
  // A bare number JSON would round (past 2^53, or 1e400): refused rather than sent as another number.
  if (json) {
    const unsafe = variableUses(text).find((use) => !use.inString && roundsAsJson(values[use.name] ?? ''));
    if (unsafe) return { unsafe: unsafe.name };
  }
  return {
    text: replaceVariables(text, ({ name, inString }) => {
      const value = values[name];
      if (!json) return value;
      if (inString) return JSON.stringify(value).slice(1, -1);
      return isJson(value) ? value.trim() : JSON.stringify(value);
    }),
  };
}

/**
 * The draft resolved and checked: what the console sends, copies and compares. `replay` (a history
 * entry or saved request run again) checks the body only, as checkDraft does. `literal`: the draft is
 * a call as it was already sent (a history entry): its text is sent as it stands, a "{{x}}" in it
 * being the user's data by then, never resolved a second time.
 */
export function resolveDraft(
  draft: ConsoleDraft,
  scope: VariableScope,
  replay = false,
  literal = false,
): ResolvedCheck {
  type Field = ['chain' | 'method' | 'paramsText' | 'batchText', DraftProblemField, string, boolean];
  const fields: Field[] =
    draft.mode === 'single'
      ? [
          ['chain', 'chain', 'Chain', false],
          ['method', 'method', 'Method', false],
          ['paramsText', 'params', 'Params', true],
        ]
      : [
          ['chain', 'chain', 'Chain', false],
          ['batchText', 'batch', 'The batch', true],
        ];
  const resolved: ConsoleDraft = { ...draft };
  for (const [key, field, label, json] of literal ? [] : fields) {
    const result = resolveText(draft[key], scope.values, json);
    if ('missing' in result) {
      const error = `${label}: ${unknownMessage(result.missing, scope.environment)}`;
      return { ok: false, field, error, message: error };
    }
    if ('unsafe' in result) {
      const error = `${label}: {{${result.unsafe}}} is a number JSON cannot carry exactly; write it as a hex quantity (0x…) or in quotes`;
      return { ok: false, field, error, message: error };
    }
    resolved[key] = result.text;
  }
  const checked = replay ? checkDraft(resolved) : checkRequest(resolved);
  if (!checked.ok) return { ...checked, message: checked.error };
  return {
    ok: true,
    chain: resolved.chain.trim(),
    nodeType: draft.nodeType,
    body: checked.body,
    idsUsed: checked.idsUsed,
    ...(checked.warning === undefined ? {} : { warning: checked.warning }),
  };
}

function unknownMessage(missing: string[], environment: string | null): string {
  const names = missing.map((name) => `{{${name}}}`).join(', ');
  const where = environment === null ? 'no environment is chosen' : `not in environment "${environment}"`;
  return `unknown variable${missing.length === 1 ? '' : 's'} ${names} (${where})`;
}

function roundsAsJson(value: string): boolean {
  const trimmed = value.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return false;
  const number = Number(trimmed);
  return !Number.isFinite(number) || (/^-?\d+$/.test(trimmed) && !Number.isSafeInteger(number));
}

function isJson(value: string): boolean {
  if (!value.trim()) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
