// The whole ABI library indexed by selector: decoding matches what came back (or what was typed
// by hand) against every ABI, not only the contract picked in the form.
import type { Abi, AbiEvent, AbiFunction } from 'viem';
import { toEventSelector, toFunctionSelector } from 'viem';

export type AbiError = Extract<Abi[number], { type: 'error' }>;

/** The part of a library entry the decoder needs (H2's AbiLibraryEntry fits). */
export interface AbiSource {
  name: string;
  address: string | null;
  abi: readonly unknown[];
}

export interface Found<T> {
  item: T;
  /** The library entry the item comes from (its name is shown: "ERC-20", "Sandbox Dollar"). */
  source: string;
  /** That entry's address, lower case (null for a standard like ERC-20). */
  address: string | null;
}

/**
 * The matches for a selector, those saved at `address` first: a call to the Sandbox Dollar is named
 * "Sandbox Dollar", not the ERC-20 standard that happens to share its selectors.
 */
export function matchesAt<T>(found: readonly Found<T>[] | undefined, address: unknown): Found<T>[] {
  const list = [...(found ?? [])];
  if (typeof address !== 'string') return list;
  const at = address.toLowerCase();
  return [...list.filter((f) => f.address === at), ...list.filter((f) => f.address !== at)];
}

export interface AbiIndex {
  functions: Map<string, Found<AbiFunction>[]>;
  events: Map<string, Found<AbiEvent>[]>;
  errors: Map<string, Found<AbiError>[]>;
}

function push<T>(map: Map<string, Found<T>[]>, key: string, found: Found<T>) {
  const list = map.get(key);
  if (list) list.push(found);
  else map.set(key, [found]);
}

export function indexAbis(sources: readonly AbiSource[]): AbiIndex {
  const index: AbiIndex = { functions: new Map(), events: new Map(), errors: new Map() };
  for (const source of sources) {
    const address = source.address?.toLowerCase() ?? null;
    for (const item of source.abi as Abi) {
      try {
        if (item.type === 'function')
          push(index.functions, toFunctionSelector(item), { item, source: source.name, address });
        else if (item.type === 'event')
          push(index.events, toEventSelector(item), { item, source: source.name, address });
        else if (item.type === 'error')
          push(index.errors, toFunctionSelector(item as never), { item, source: source.name, address });
      } catch {
        // An entry viem cannot read (the library validated it, so rare) is left out of matching.
      }
    }
  }
  return index;
}

/** Solidity's "name(type,type)" form of an item, as selectors are computed from. */
export function signatureOf(item: { name: string; inputs: readonly { type: string; components?: unknown }[] }): string {
  return `${item.name}(${item.inputs.map(canonicalType).join(',')})`;
}

/** A parameter's type as Solidity spells it in a signature: a tuple as its components, "(address,uint256)[]". */
export function canonicalType(param: { type: string; components?: unknown }): string {
  if (!param.type.startsWith('tuple')) return param.type;
  const components = (param.components ?? []) as { type: string; components?: unknown }[];
  return `(${components.map(canonicalType).join(',')})${param.type.slice('tuple'.length)}`;
}
