// Reads an ABI as a developer pastes it: a JSON ABI array, or a Foundry/Hardhat artifact with an
// `abi` field. Hand-written on purpose (no viem): main validates with it too, and main's bundle has
// a size budget. It checks the JSON shape only; encoding and decoding stay with viem in the renderer.
import { MAX_ABI_ENTRIES, MAX_ABI_TEXT_BYTES } from './abi-limits.ts';
import { type AbiParam, abiParamProblem } from './abi-param.ts';

export type { AbiParam };
export { MAX_ABI_ENTRIES, MAX_ABI_TEXT_BYTES };

export const ABI_ENTRY_TYPES = ['function', 'event', 'error', 'constructor', 'fallback', 'receive'] as const;
export type AbiEntryType = (typeof ABI_ENTRY_TYPES)[number];
export const STATE_MUTABILITIES = ['pure', 'view', 'nonpayable', 'payable'] as const;
export type StateMutability = (typeof STATE_MUTABILITIES)[number];

/** One ABI entry as stored: only the fields of the Solidity ABI spec, `stateMutability` always set where it applies. */
export interface AbiJsonItem {
  type: AbiEntryType;
  name?: string;
  inputs?: readonly AbiParam[];
  outputs?: readonly AbiParam[];
  stateMutability?: StateMutability;
  anonymous?: boolean;
}

export type AbiParseResult = { ok: true; abi: AbiJsonItem[] } | { ok: false; message: string };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Parses and checks ABI text; on failure the message names the first bad entry (counted from 1). */
export function parseAbiText(text: string): AbiParseResult {
  if (utf8Bytes(text) > MAX_ABI_TEXT_BYTES) {
    return fail(`the ABI is over ${MAX_ABI_TEXT_BYTES / 1024 / 1024} MB; paste the "abi" array only`);
  }
  if (!text.trim()) return fail('paste an ABI: a JSON array, or a Foundry/Hardhat artifact with an "abi" field');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON: ${(error as Error).message}`);
  }
  return checkAbi(json);
}

/** Checks an already-parsed value (an array, or an artifact object with `abi`). */
export function checkAbi(json: unknown): AbiParseResult {
  const entries = isObject(json) && !Array.isArray(json) && 'abi' in json ? json.abi : json;
  if (!Array.isArray(entries)) {
    return fail('expected a JSON array of ABI entries, or a Foundry/Hardhat artifact with an "abi" array');
  }
  if (entries.length === 0) return fail('the ABI has no entries');
  if (entries.length > MAX_ABI_ENTRIES)
    return fail(`the ABI has ${entries.length} entries; at most ${MAX_ABI_ENTRIES}`);
  const abi: AbiJsonItem[] = [];
  const seen = new Map<string, number>();
  for (const [index, raw] of entries.entries()) {
    const where = `entry ${index + 1}${describe(raw)}`;
    const checked = checkEntry(raw);
    if (typeof checked === 'string') return fail(`${where}: ${checked}`);
    // Overloads differ by input types; two entries with one signature make a selector ambiguous.
    const key = signatureKey(checked);
    const earlier = seen.get(key);
    if (earlier !== undefined)
      return fail(`${where}: same ${key.includes('(') ? 'signature' : 'kind'} as entry ${earlier}`);
    seen.set(key, index + 1);
    abi.push(checked);
  }
  return { ok: true, abi };
}

function checkEntry(raw: unknown): AbiJsonItem | string {
  // viem's and ethers' human-readable form ("function balanceOf(address) view returns (uint256)"):
  // say what it is and where the JSON form comes from, rather than only "expected an object".
  if (typeof raw === 'string' && /^\s*(function|event|error|constructor|fallback|receive|struct)\b/.test(raw)) {
    return 'is a human-readable signature; paste the JSON ABI instead (`forge inspect <Contract> abi --json`, or the "abi" of a Hardhat/Foundry artifact)';
  }
  if (!isObject(raw) || Array.isArray(raw)) return 'expected an object';
  const type = raw.type;
  if (typeof type !== 'string') return 'has no "type" (function, event, error, constructor, fallback or receive)';
  if (!(ABI_ENTRY_TYPES as readonly string[]).includes(type)) {
    return `has type ${quote(type)}; expected function, event, error, constructor, fallback or receive`;
  }
  const entry: AbiJsonItem = { type: type as AbiEntryType };
  const named = type === 'function' || type === 'event' || type === 'error';
  if (named) {
    if (typeof raw.name !== 'string' || !IDENTIFIER.test(raw.name) || raw.name.length > 256) {
      return `name ${raw.name === undefined ? 'is missing' : `${quote(raw.name)} is not an identifier`}`;
    }
    entry.name = raw.name;
  }
  if (type !== 'fallback' && type !== 'receive') {
    const inputs = checkParams(raw.inputs, 'input', type === 'event');
    if (typeof inputs === 'string') return inputs;
    entry.inputs = inputs;
  }
  if (type === 'function') {
    const outputs = checkParams(raw.outputs, 'output', false);
    if (typeof outputs === 'string') return outputs;
    entry.outputs = outputs;
  }
  if (type === 'event') {
    if (raw.anonymous !== undefined && typeof raw.anonymous !== 'boolean') return '"anonymous" must be true or false';
    entry.anonymous = raw.anonymous === true;
    const indexed = (entry.inputs ?? []).filter((p) => p.indexed).length;
    const most = entry.anonymous ? 4 : 3;
    if (indexed > most)
      return `has ${indexed} indexed inputs; an ${entry.anonymous ? 'anonymous ' : ''}event has at most ${most}`;
  }
  if (type !== 'event' && type !== 'error') {
    const mutability = stateMutability(raw);
    if (mutability === null)
      return `stateMutability ${quote(raw.stateMutability)} is not pure, view, nonpayable or payable`;
    if (type === 'receive' && mutability !== 'payable') return 'receive must be payable';
    if ((type === 'constructor' || type === 'fallback') && (mutability === 'view' || mutability === 'pure')) {
      return `a ${type} is nonpayable or payable, not ${mutability}`;
    }
    entry.stateMutability = mutability;
  }
  return entry;
}

/** Old ABIs (solc before 0.5) say `constant` / `payable` instead of `stateMutability`. */
function stateMutability(raw: Record<string, unknown>): StateMutability | null {
  const value = raw.stateMutability;
  if (value === undefined) return raw.payable === true ? 'payable' : raw.constant === true ? 'view' : 'nonpayable';
  return (STATE_MUTABILITIES as readonly unknown[]).includes(value) ? (value as StateMutability) : null;
}

function checkParams(raw: unknown, kind: 'input' | 'output', event: boolean): AbiParam[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return `"${kind}s" must be an array`;
  const params: AbiParam[] = [];
  for (const [index, param] of raw.entries()) {
    const checked = abiParamProblem(param, `${kind} ${index + 1}`, event, 0);
    if (typeof checked === 'string') return checked;
    params.push(checked);
  }
  return params;
}

function signatureKey(entry: AbiJsonItem): string {
  if (entry.type === 'constructor' || entry.type === 'fallback' || entry.type === 'receive') return entry.type;
  return `${entry.type} ${entry.name}(${(entry.inputs ?? []).map(canonicalType).join(',')})`;
}

/** The type as it appears in a signature: tuples spelled out, as keccak of the signature needs. */
export function canonicalType(param: AbiParam): string {
  if (!param.type.startsWith('tuple')) return param.type;
  return `(${(param.components ?? []).map(canonicalType).join(',')})${param.type.slice('tuple'.length)}`;
}

function describe(raw: unknown): string {
  if (!isObject(raw) || typeof raw.type !== 'string') return '';
  return typeof raw.name === 'string' && raw.name
    ? ` (${raw.type.slice(0, 20)} ${quote(raw.name)})`
    : ` (${raw.type.slice(0, 20)})`;
}

export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fail(message: string): AbiParseResult {
  return { ok: false, message };
}

function utf8Bytes(text: string): number {
  // Cheap bound first: a string of n UTF-16 units is at most 3n bytes.
  if (text.length * 3 <= MAX_ABI_TEXT_BYTES) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
