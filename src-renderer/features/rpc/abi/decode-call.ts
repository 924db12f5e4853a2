// Calldata and return data decoded through the library: a transaction's input as a function call
// (matched by its 4-byte selector against every ABI), and an eth_call result as named outputs.
import type { Abi, AbiFunction } from 'viem';
import { decodeFunctionData, decodeFunctionResult } from 'viem';
import { type AbiIndex, matchesAt, signatureOf } from './abi-index.ts';
import { type NamedValue, nameValues, outputsAsList } from './format-value.ts';

export type DecodedInput =
  | { kind: 'call'; name: string; signature: string; source: string; args: NamedValue[] }
  | { kind: 'unknown'; selector: string | null; data: string }
  | { kind: 'none' };

/** `to`: the contract called, whose own ABI is tried first. */
export function decodeInput(data: string, index: AbiIndex, to?: unknown): DecodedInput {
  if (!/^0x[0-9a-fA-F]*$/.test(data) || data.length <= 2) return { kind: 'none' };
  const selector = data.length >= 10 ? data.slice(0, 10).toLowerCase() : null;
  for (const found of selector ? matchesAt(index.functions.get(selector), to) : []) {
    try {
      const decoded = decodeFunctionData({ abi: [found.item] as Abi, data: data as `0x${string}` });
      return {
        kind: 'call',
        name: found.item.name,
        signature: signatureOf(found.item),
        source: found.source,
        args: nameValues(found.item.inputs, (decoded.args ?? []) as unknown[]),
      };
    } catch {
      // Same selector, arguments that do not fit this ABI: try the next.
    }
  }
  return { kind: 'unknown', selector, data };
}

export type DecodedOutputs = { ok: true; values: NamedValue[] } | { ok: false; message: string };

export function decodeOutputs(fn: AbiFunction, data: string): DecodedOutputs {
  if (data === '0x' && fn.outputs.length > 0) {
    return { ok: false, message: 'The call returned no data: is there a contract at this address (on this chain)?' };
  }
  try {
    const decoded = decodeFunctionResult({ abi: [fn] as Abi, functionName: fn.name, data: data as `0x${string}` });
    return { ok: true, values: nameValues(fn.outputs, outputsAsList(fn.outputs, decoded)) };
  } catch (error) {
    return { ok: false, message: `Could not decode as ${signatureOf(fn)}'s outputs: ${shortMessage(error)}` };
  }
}

export function shortMessage(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return e.shortMessage ?? e.message ?? String(error);
}
