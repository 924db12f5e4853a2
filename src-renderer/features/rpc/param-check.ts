// Checks a call's params against the method's parameter schemas from the OpenRPC description, and
// says what is wrong in the user's words, naming the parameter: "params[0] (Address): not a 20-byte
// hex address". A small interpreter over the JSON Schema subset the description uses (type, pattern,
// enum, oneOf/anyOf/allOf, $ref, items, properties, required, additionalProperties) rather than ajv:
// ajv compiles schemas with new Function, which the renderer's CSP (script-src 'self') forbids.
import { COMPONENT_SCHEMAS, type DescribedMethod, describedMethod, type JsonSchema } from './openrpc-methods.ts';

/**
 * `known: false`: the method is not in the description, and its params are sent as written.
 * `problem` refuses the call (the specification does not allow it); `warning` only says something
 * the specification does not list and lets the call go (a field a newer fork may add): the check
 * never refuses what the specification allows (docs/service-decisions.md, "Params checked against the method").
 */
export type ParamsCheck =
  | { known: false }
  | { known: true; method: DescribedMethod; problem: string | null; warning: string | null };

/** What a value of a named schema looks like, for the message when it is not one. */
const EXPECTED: Record<string, string> = {
  address: 'a 20-byte hex address (0x and 40 hex digits)',
  uint: 'a hex quantity (0x and hex digits, lower case, no leading zeros, e.g. 0x1a)',
  uint64: 'a hex quantity (0x and hex digits, lower case, no leading zeros, e.g. 0x1a)',
  uint256: 'a hex quantity (0x and up to 64 lower-case hex digits)',
  hash32: 'a 32-byte hex hash (0x and 64 lower-case hex digits)',
  bytes32: 'a 32-byte hex value (0x and 64 lower-case hex digits)',
  bytesMax32: 'hex of up to 32 bytes (0x and up to 64 lower-case hex digits)',
  bytes: 'hex data (0x and lower-case hex digits)',
  byte: 'one hex byte (e.g. 0x2)',
  BlockTag: 'a block tag (earliest, finalized, safe, latest or pending)',
  BlockNumberOrTag: 'a block number (hex quantity) or a block tag (earliest, finalized, safe, latest, pending)',
  BlockNumberOrTagOrHash:
    'a block number (hex quantity), a block tag (earliest, finalized, safe, latest, pending) or a 32-byte block hash',
};

export function checkParams(method: string, params: unknown[]): ParamsCheck {
  const described = describedMethod(method);
  if (!described) return { known: false };
  const notes: string[] = [];
  const problem = paramsProblem(described, params, notes);
  return { known: true, method: described, problem, warning: problem ? null : (notes[0] ?? null) };
}

/** The method's parameters as a signature: eth_getBalance(Address, Block). Optional ones end with "?". */
export function signature(method: DescribedMethod): string {
  return `${method.name}(${method.params.map((p) => (p.required ? p.name : `${p.name}?`)).join(', ')})`;
}

function paramsProblem(method: DescribedMethod, params: unknown[], notes: string[]): string | null {
  const expected = method.params;
  if (params.length > expected.length) {
    const takes = expected.length === 0 ? 'takes no params' : `takes at most ${expected.length} (${names(expected)})`;
    return `params: ${method.name} ${takes}; this has ${params.length}`;
  }
  for (const [index, param] of expected.entries()) {
    const where = `params[${index}] (${param.name})`;
    if (index >= params.length) {
      if (param.required) return `${where}: missing; ${method.name} takes ${names(expected)}`;
      continue;
    }
    const found: string[] = [];
    const problem = valueProblem(param.schema, params[index], '', found);
    if (problem) return `${where}${problem}`;
    for (const note of found) notes.push(`${where}${note}`);
  }
  return null;
}

const names = (params: DescribedMethod['params']) => params.map((p) => p.name).join(', ');

/**
 * Null when `value` fits `schema`; otherwise ": <what is wrong>", prefixed by the path inside the
 * value. What the specification does not list but a node may take goes to `notes`.
 */
function valueProblem(schema: JsonSchema, value: unknown, path: string, notes: string[]): string | null {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    const target = COMPONENT_SCHEMAS[name];
    if (!target) return null; // a reference the description does not resolve: nothing to check against
    const problem = valueProblem(target, value, path, notes);
    if (problem && EXPECTED[name]) return `${path}: not ${EXPECTED[name]}`;
    return problem;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => hasType(value, type))) {
      return `${path}: expected ${types.map(article).join(' or ')} (this is ${kindOf(value)})`;
    }
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
    return `${path}: not one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (schema.pattern && typeof value === 'string' && !new RegExp(schema.pattern).test(value)) {
    return `${path}: does not match ${schema.title ?? `the pattern ${schema.pattern}`}`;
  }
  for (const part of schema.allOf ?? []) {
    const problem = valueProblem(part, value, path, notes);
    if (problem) return problem;
  }
  // oneOf is checked as anyOf: the description's alternatives do not overlap where it matters, and
  // "matches two" would only confuse a user who wrote a valid value.
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) {
    const choiceNotes = choices.map((): string[] => []);
    const problems = choices.map((choice, k) => valueProblem(choice, value, path, choiceNotes[k]));
    const fits = problems.indexOf(null);
    if (fits >= 0) notes.push(...choiceNotes[fits]);
    else {
      // One alternative of the right JSON type: its own message says more than a list of titles.
      const sameType = problems.filter((p) => !p?.startsWith(`${path}: expected `));
      if (sameType.length === 1) return sameType[0];
      const titles = choices.map((c) => c.title ?? c.$ref?.split('/').pop() ?? 'a value');
      return `${path}: not ${titles.join(', or ')}`;
    }
  }
  if (schema.items && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = valueProblem(schema.items, item, `${path}[${index}]`, notes);
      if (problem) return problem;
    }
  }
  if (isObject(value) && (schema.properties || schema.required)) {
    for (const key of schema.required ?? []) {
      if (!(key in value)) return `${path}.${key}: missing`;
    }
    for (const [key, field] of Object.entries(value)) {
      const property = schema.properties?.[key];
      if (property) {
        const problem = valueProblem(property, field, `${path}.${key}`, notes);
        if (problem) return problem;
      } else if (schema.additionalProperties === false) {
        // A field a later fork adds (as EIP-7702 added authorizationList) is what a node may take.
        notes.push(
          `${path}.${key}: not a field the specification lists for this object (known: ${Object.keys(schema.properties ?? {}).join(', ')})`,
        );
      }
    }
  }
  return null;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const article = (type: string) => (type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}
