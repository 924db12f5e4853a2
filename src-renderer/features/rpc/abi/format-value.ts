// A decoded ABI value as text for the screen: integers in decimal (exact, from bigint), bytes and
// addresses as hex, arrays and tuples as lists. Never a float.
import type { AbiParameter } from 'viem';
import { canonicalType } from './abi-index.ts';

export interface NamedValue {
  name: string;
  type: string;
  text: string;
  /** An amount of the token at this address (a balance, a supply, an allowance, a Transfer's value): shown scaled too. */
  tokenAmountOf?: string;
}

/** ERC-20's functions that return an amount, and its events that carry one as `value`. */
const AMOUNT_FUNCTIONS = new Set(['balanceOf(address)', 'totalSupply()', 'allowance(address,address)']);
const AMOUNT_EVENTS = new Set(['Transfer(address,address,uint256)', 'Approval(address,address,uint256)']);

/**
 * Marks the uint256 values that are an amount of the token at `address`: the outputs of balanceOf, totalSupply
 * and allowance, and the non-indexed `value` of Transfer and Approval (ERC-721's tokenId is indexed: never).
 */
export function markTokenAmounts(
  signature: string,
  values: readonly NamedValue[],
  address: unknown,
  kind: 'outputs' | 'event',
): NamedValue[] {
  const known = kind === 'outputs' ? AMOUNT_FUNCTIONS.has(signature) : AMOUNT_EVENTS.has(signature);
  if (!known || typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return [...values];
  return values.map((v) =>
    v.type === 'uint256' && (kind === 'outputs' || v.name === 'value') ? { ...v, tokenAmountOf: address } : v,
  );
}

export function formatValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, v]) => `${key}: ${formatValue(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

/** Pairs decoded values with their parameters: "amount (uint256) = 5000000". */
export function nameValues(params: readonly AbiParameter[], values: readonly unknown[]): NamedValue[] {
  return params.map((param, index) => ({
    name: param.name || `#${index}`,
    type: canonicalType(param),
    text: formatValue(values[index]),
  }));
}

/** viem gives a single output as the value itself and several as an array. */
export function outputsAsList(outputs: readonly AbiParameter[], decoded: unknown): unknown[] {
  if (outputs.length === 1) return [decoded];
  return Array.isArray(decoded) ? decoded : [];
}

/** Event args come as an object by name, or an array when unnamed. */
export function argsAsList(params: readonly AbiParameter[], args: unknown): unknown[] {
  if (Array.isArray(args)) return args;
  if (args && typeof args === 'object')
    return params.map((p, i) => (args as Record<string, unknown>)[p.name ?? String(i)]);
  return [];
}
