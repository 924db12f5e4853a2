// A structural diff of two JSON answers: which JSON Pointer paths differ, and how. Pure and
// iterative (an explicit stack, never recursion), so a 10 MB answer or a 100,000-deep nesting
// cannot overflow the call stack. Rules (docs/rpc-console.md, "Side by side"):
// - objects are compared key by key; arrays by index (a batch's answers in the order they came);
// - values are compared as the node sent them: hex quantities are strings and compared as
//   strings ("0x1" and "0x01" differ, and so do a checksummed and a lower-case address);
// - a path the caller ignores (the JSON-RPC `id`) is skipped with everything under it.
import { childPath } from '../json-tree-model.ts';

/** `changed`: both sides have the path with different values; `added`: only the right (B) has it; `removed`: only the left (A). */
export type DifferenceKind = 'changed' | 'added' | 'removed';

export interface JsonDifference {
  path: string;
  kind: DifferenceKind;
}

export interface JsonDiff {
  /** In document order (the left side's, then what only the right has), at most `limit`. */
  differences: JsonDifference[];
  /** Every difference found, also past the limit. */
  total: number;
}

export interface DiffOptions {
  /** Paths skipped with everything under them. */
  ignore?: (path: string) => boolean;
  /** Differences listed at most (the rest are counted). */
  limit?: number;
}

type Container = 'object' | 'array' | null;

function containerOf(value: unknown): Container {
  if (Array.isArray(value)) return 'array';
  return value !== null && typeof value === 'object' ? 'object' : null;
}

export function diffJson(
  left: unknown,
  right: unknown,
  { ignore = () => false, limit = 1000 }: DiffOptions = {},
): JsonDiff {
  const differences: JsonDifference[] = [];
  let total = 0;
  // Pending pairs, last in first out; children are pushed in reverse so they come out in document
  // order. A one-sided child travels as a marker and is reported, without descending, when popped.
  const stack: Pending[] = [[left, right, '', 'both']];
  while (stack.length > 0) {
    const [a, b, path, side] = stack.pop() as Pending;
    if (ignore(path)) continue;
    if (side !== 'both' || !sameShape(a, b)) {
      total++;
      if (differences.length < limit) differences.push({ path, kind: side === 'both' ? 'changed' : side });
      continue;
    }
    const kind = containerOf(a);
    if (kind === null) continue; // equal primitives
    const children: Pending[] = [];
    if (kind === 'array') {
      const arrayA = a as unknown[];
      const arrayB = b as unknown[];
      const common = Math.min(arrayA.length, arrayB.length);
      for (let i = 0; i < common; i++) children.push([arrayA[i], arrayB[i], childPath(path, i), 'both']);
      for (let i = common; i < arrayA.length; i++) children.push([null, null, childPath(path, i), 'removed']);
      for (let i = common; i < arrayB.length; i++) children.push([null, null, childPath(path, i), 'added']);
    } else {
      const objectA = a as Record<string, unknown>;
      const objectB = b as Record<string, unknown>;
      for (const key of Object.keys(objectA)) {
        children.push(
          Object.hasOwn(objectB, key)
            ? [objectA[key], objectB[key], childPath(path, key), 'both']
            : [null, null, childPath(path, key), 'removed'],
        );
      }
      for (const key of Object.keys(objectB)) {
        if (!Object.hasOwn(objectA, key)) children.push([null, null, childPath(path, key), 'added']);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { differences, total };
}

type Pending = [unknown, unknown, string, 'both' | 'added' | 'removed'];

/** Whether a and b are containers of the same kind (to descend into) or equal primitives. */
function sameShape(a: unknown, b: unknown): boolean {
  const kind = containerOf(a);
  return kind === null ? containerOf(b) === null && a === b : kind === containerOf(b);
}

/** The JSON-RPC `id` of a single answer (`/id`) or of each answer in a batch (`/3/id`): the two sides' ids are the request's, not the node's. */
export const isRpcId = (path: string) => /^(\/\d+)?\/id$/.test(path);
