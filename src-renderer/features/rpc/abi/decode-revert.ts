// A revert's data (the JSON-RPC error's `data`) decoded: a custom error from any ABI in the
// library, Error(string), or Panic(uint256) with what the code means. Unknown data stays raw with
// its 4-byte selector called out.
import type { Abi } from 'viem';
import { decodeErrorResult } from 'viem';
import { type AbiIndex, matchesAt, signatureOf } from './abi-index.ts';
import { type NamedValue, nameValues } from './format-value.ts';

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and Error via require"). */
export const PANIC_MEANINGS: Record<number, string> = {
  0: 'generic compiler-inserted panic',
  1: 'assert(false): an assertion failed',
  17: 'arithmetic overflow or underflow outside an unchecked block',
  18: 'division or modulo by zero',
  33: 'conversion of a value too big or negative into an enum',
  34: 'access to an incorrectly encoded storage byte array',
  49: 'pop() on an empty array',
  50: 'array index out of bounds',
  65: 'too much memory allocated, or an array too large',
  81: 'call to a zero-initialized internal function variable',
};

export type DecodedRevert =
  | { kind: 'empty' }
  | { kind: 'error-string'; message: string }
  | { kind: 'panic'; code: bigint; meaning: string }
  | { kind: 'custom'; name: string; signature: string; source: string; args: NamedValue[] }
  | { kind: 'unknown'; selector: string | null; data: string };

const ERROR_STRING = '0x08c379a0';
const PANIC = '0x4e487b71';

/** `to`: the contract called, whose own errors are tried first. */
export function decodeRevert(data: string, index: AbiIndex, to?: unknown): DecodedRevert {
  if (data === '0x' || data === '') return { kind: 'empty' };
  const selector = data.length >= 10 ? data.slice(0, 10).toLowerCase() : null;
  try {
    if (selector === ERROR_STRING || selector === PANIC) {
      const decoded = decodeErrorResult({ data: data as `0x${string}` });
      if (decoded.errorName === 'Error') return { kind: 'error-string', message: String(decoded.args?.[0]) };
      const code = decoded.args?.[0] as bigint;
      return { kind: 'panic', code, meaning: PANIC_MEANINGS[Number(code)] ?? 'not a code Solidity defines' };
    }
    for (const found of selector ? matchesAt(index.errors.get(selector), to) : []) {
      try {
        const decoded = decodeErrorResult({ abi: [found.item] as Abi, data: data as `0x${string}` });
        return {
          kind: 'custom',
          name: decoded.errorName,
          signature: signatureOf(found.item),
          source: found.source,
          args: nameValues(found.item.inputs, (decoded.args ?? []) as unknown[]),
        };
      } catch {
        // Same selector, other shape: try the next ABI.
      }
    }
  } catch {
    // Malformed data after a known selector: shown raw below.
  }
  return { kind: 'unknown', selector, data };
}

/** The revert data inside a JSON-RPC error: nodes put the hex in `data` (or `data.data`). */
export function revertDataOf(error: { data?: unknown }): string | null {
  const data = error.data;
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data)) return data;
  if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
    return revertDataOf(data as { data?: unknown });
  }
  return null;
}
