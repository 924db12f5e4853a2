// The token standards' parameter names lent to an ABI that leaves them out. solc names nothing it was not
// given: a token whose `balanceOf` is a public mapping (the Sandbox Dollar, most hand-written ERC-20s) has
// `balanceOf(address)` with an unnamed input and output, which the contract form then called "argument 1".
// The names come from the built-in standards (builtin-abis.ts, one place): a function, event or error whose
// signature a standard has gets that standard's name for each parameter that has none. A name the ABI
// gives is never replaced. ERC-20 and ERC-721 share signatures with different names (approve, transferFrom:
// value or tokenId), so the standard sharing the most signatures with the ABI lends first.
import { type AbiJsonItem, type AbiParam, canonicalType } from './abi-json.ts';
import { BUILTIN_ABIS } from './builtin-abis.ts';

type Entry = Pick<AbiJsonItem, 'type' | 'name' | 'inputs' | 'outputs'>;

/** A function, event or error by its kind, name, input types and (events) which inputs are indexed. */
export function standardKey(entry: Entry): string | null {
  if (entry.type !== 'function' && entry.type !== 'event' && entry.type !== 'error') return null;
  const inputs = (entry.inputs ?? []).map((p) => `${canonicalType(p)}${p.indexed ? ' indexed' : ''}`);
  return `${entry.type} ${entry.name}(${inputs.join(',')})`;
}

const STANDARDS = BUILTIN_ABIS.map(({ name, abi }) => {
  const byKey = new Map<string, Entry>();
  for (const entry of abi) {
    const key = standardKey(entry);
    if (key) byKey.set(key, entry);
  }
  return { name, byKey };
});

const lend = (own: readonly AbiParam[] | undefined, standard: readonly AbiParam[] | undefined) =>
  own?.map((param, i) => (param.name || !standard?.[i]?.name ? param : { ...param, name: standard[i].name }));

/** The ABI with every unnamed parameter of a standard function, event or error named as the standard names it. */
export function withStandardNames<T extends Entry>(abi: readonly T[]): T[] {
  const keys = abi.map(standardKey);
  const ranked = [...STANDARDS].sort(
    (a, b) => keys.filter((k) => k && b.byKey.has(k)).length - keys.filter((k) => k && a.byKey.has(k)).length,
  );
  return abi.map((entry, index) => {
    const key = keys[index];
    const standard = key ? ranked.find((s) => s.byKey.has(key))?.byKey.get(key) : undefined;
    if (!standard) return entry;
    const named = { ...entry, inputs: lend(entry.inputs, standard.inputs) };
    if (entry.outputs) named.outputs = lend(entry.outputs, standard.outputs);
    return named;
  });
}
