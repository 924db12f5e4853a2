// One ABI parameter: its type must be a Solidity type the console can encode (the elementary types,
// tuples with components, and arrays of either). Tuples nest at most MAX_TUPLE_DEPTH deep, so a
// hostile ABI cannot make any later recursive walk (viem's, the form's) overflow the stack.

export interface AbiParam {
  name?: string;
  type: string;
  internalType?: string;
  indexed?: boolean;
  components?: readonly AbiParam[];
}

export const MAX_TUPLE_DEPTH = 16;
/** Components or fixed-array length beyond anything a contract declares; keeps forms finite. */
const MAX_FIXED_LENGTH = 10_000;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const TYPE = /^([a-z]+)(\d*)((?:\[\d*\])*)$/;

/** The checked parameter, or why not (naming `where`, e.g. `input 2 ("amount")`). */
export function abiParamProblem(raw: unknown, label: string, event: boolean, depth: number): AbiParam | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `${label} is not an object`;
  const param = raw as Record<string, unknown>;
  const name = param.name;
  if (
    name !== undefined &&
    (typeof name !== 'string' || (name !== '' && !IDENTIFIER.test(name)) || name.length > 256)
  ) {
    return `${label} has the name ${JSON.stringify(name)}, which is not an identifier`;
  }
  const where = typeof name === 'string' && name ? `${label} (${JSON.stringify(name)})` : label;
  if (typeof param.type !== 'string') return `${where} has no "type"`;
  const type = param.type;
  const problem = typeProblem(type);
  if (problem) return `${where} has type ${show(type)}, ${problem}`;
  // `uint` means `uint256`, but only the full name gives the right selector: store that.
  const out: AbiParam = { name: typeof name === 'string' ? name : '', type: type.replace(/^(u?int)(?=\[|$)/, '$1256') };
  if (typeof param.internalType === 'string' && param.internalType.length <= 256) out.internalType = param.internalType;
  if (param.indexed !== undefined) {
    if (!event) return `${where} is marked "indexed", which only event inputs can be`;
    if (typeof param.indexed !== 'boolean') return `${where}: "indexed" must be true or false`;
    out.indexed = param.indexed;
  }
  const tuple = type.startsWith('tuple');
  if (!tuple) {
    if (param.components !== undefined) return `${where} has components, but type ${show(type)} is not a tuple`;
    return out;
  }
  if (depth >= MAX_TUPLE_DEPTH) return `${where} nests tuples more than ${MAX_TUPLE_DEPTH} deep`;
  if (!Array.isArray(param.components) || param.components.length === 0) {
    return `${where} is a tuple without "components"`;
  }
  const components: AbiParam[] = [];
  for (const [index, component] of param.components.entries()) {
    const checked = abiParamProblem(component, `${where} component ${index + 1}`, false, depth + 1);
    if (typeof checked === 'string') return checked;
    // The form keys a tuple's fields by name: two with one name would merge into one value.
    if (checked.name && components.some((c) => c.name === checked.name)) {
      return `${where} component ${index + 1} repeats the name ${JSON.stringify(checked.name)}`;
    }
    components.push(checked);
  }
  out.components = components;
  return out;
}

/** Why `type` is not a Solidity type the console takes, or null when it is one. */
export function typeProblem(type: string): string | null {
  const NOT = 'which is not a Solidity type';
  if (/^(u?fixed(\d+x\d+)?|function)(\[\d*\])*$/.test(type)) {
    return 'which the console cannot encode (fixed-point and function types are not supported)';
  }
  const match = TYPE.exec(type);
  if (!match) return NOT;
  const [, base, size, arrays] = match as unknown as [string, string, string, string];
  for (const dimension of arrays.match(/\[(\d*)\]/g) ?? []) {
    const length = dimension.slice(1, -1);
    if (length === '') continue;
    if (!/^[1-9]\d*$/.test(length) || Number(length) > MAX_FIXED_LENGTH) {
      return `whose array length ${length} is not 1 to ${MAX_FIXED_LENGTH}`;
    }
  }
  switch (base) {
    case 'uint':
    case 'int': {
      if (size === '') return null; // `uint` is `uint256` in Solidity; solc always writes the size
      const bits = Number(size);
      return /^[1-9]\d*$/.test(size) && bits % 8 === 0 && bits <= 256 ? null : NOT;
    }
    case 'bytes': {
      if (size === '') return null;
      const length = Number(size);
      return /^[1-9]\d*$/.test(size) && length <= 32 ? null : NOT;
    }
    case 'address':
    case 'bool':
    case 'string':
    case 'tuple':
      return size === '' ? null : NOT;
    default:
      return NOT;
  }
}

function show(type: string): string {
  return JSON.stringify(type.length > 60 ? `${type.slice(0, 60)}…` : type);
}
