// One ABI input as the user typed it -> the value viem encodes, or a message for the field.
// Scalars are typed as text; an array is typed as JSON array text (one field for the whole list,
// elements checked one by one with the same rules); a tuple has one field per component.
import type { AbiParameter } from 'viem';
import { getAddress, isAddress } from 'viem';

/** What the form holds for one input: text for a scalar or an array, one value per component for a tuple. */
export type FormValue = string | FormValue[];

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const ARRAY = /^(.*)\[(\d*)\]$/;
const INT = /^(u?)int(\d*)$/;
const BYTES_N = /^bytes(\d+)$/;
const HEX = /^0x[0-9a-fA-F]*$/;

export function isTuple(param: AbiParameter): param is AbiParameter & { components: readonly AbiParameter[] } {
  return param.type.startsWith('tuple') && 'components' in param;
}

/** The empty form value for a parameter: tuples get one empty value per component. */
export function emptyValue(param: AbiParameter): FormValue {
  if (isTuple(param) && param.type === 'tuple') return param.components.map(emptyValue);
  return '';
}

export function parseInput(param: AbiParameter, value: FormValue): Parsed {
  const array = ARRAY.exec(param.type);
  if (array) {
    if (typeof value !== 'string') return { ok: false, message: 'enter a JSON array' };
    let items: unknown;
    try {
      items = JSON.parse(value.trim() || 'null');
    } catch {
      return { ok: false, message: `enter a JSON array, e.g. ${example(param.type)}` };
    }
    if (!Array.isArray(items)) return { ok: false, message: `enter a JSON array, e.g. ${example(param.type)}` };
    const length = array[2] === '' ? null : Number(array[2]);
    if (length !== null && items.length !== length) {
      return { ok: false, message: `needs exactly ${length} element${length === 1 ? '' : 's'}, got ${items.length}` };
    }
    const element = { ...param, type: array[1] } as AbiParameter;
    const out: unknown[] = [];
    for (const [index, item] of items.entries()) {
      const parsed = parseJsonElement(element, item);
      if (!parsed.ok) return { ok: false, message: `element ${index + 1}: ${parsed.message}` };
      out.push(parsed.value);
    }
    return { ok: true, value: out };
  }
  if (isTuple(param)) {
    if (!Array.isArray(value)) return { ok: false, message: 'expected one value per component' };
    const out: unknown[] = [];
    for (const [index, component] of param.components.entries()) {
      const parsed = parseInput(component, value[index] ?? emptyValue(component));
      if (!parsed.ok) return { ok: false, message: `${component.name || `component ${index + 1}`}: ${parsed.message}` };
      out.push(parsed.value);
    }
    // viem takes a tuple as an object when every component is named, else as an array.
    return { ok: true, value: asTupleValue(param.components, out) };
  }
  if (typeof value !== 'string') return { ok: false, message: 'expected text' };
  return parseScalar(param.type, value.trim());
}

/** An element of a JSON array: strings, numbers, booleans, nested arrays or tuples (as arrays or objects). */
function parseJsonElement(param: AbiParameter, item: unknown): Parsed {
  if (ARRAY.test(param.type)) {
    return Array.isArray(item) ? parseInput(param, JSON.stringify(item)) : { ok: false, message: 'expected an array' };
  }
  if (isTuple(param)) {
    const values = Array.isArray(item)
      ? item
      : typeof item === 'object' && item !== null
        ? param.components.map((c) => (item as Record<string, unknown>)[c.name ?? ''])
        : null;
    if (!values) return { ok: false, message: 'expected a tuple as an array or an object' };
    return parseInput(
      param,
      values.map((v, i) => toFormValue(param.components[i], v)),
    );
  }
  if (typeof item === 'number' && !Number.isSafeInteger(item)) {
    return { ok: false, message: `write ${item} as a string ("…"): it is past what JSON numbers hold exactly` };
  }
  if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
    return { ok: false, message: `expected a ${param.type}` };
  }
  return parseScalar(param.type, String(item));
}

function toFormValue(param: AbiParameter | undefined, value: unknown): FormValue {
  if (param && isTuple(param) && param.type === 'tuple' && (Array.isArray(value) || typeof value === 'object')) {
    const values = Array.isArray(value)
      ? value
      : param.components.map((c) => (value as Record<string, unknown>)[c.name ?? '']);
    return param.components.map((c, i) => toFormValue(c, values[i]));
  }
  if (Array.isArray(value)) return JSON.stringify(value);
  return value === undefined || value === null ? '' : String(value);
}

function asTupleValue(components: readonly AbiParameter[], values: unknown[]): unknown {
  if (!components.every((c) => c.name)) return values;
  return Object.fromEntries(components.map((c, i) => [c.name as string, values[i]]));
}

export function parseScalar(type: string, text: string): Parsed {
  if (type === 'address') return parseAddress(text);
  if (type === 'bool') {
    if (text === 'true') return { ok: true, value: true };
    if (text === 'false') return { ok: true, value: false };
    return { ok: false, message: 'enter true or false' };
  }
  if (type === 'string') return { ok: true, value: text };
  if (type === 'bytes') {
    if (!HEX.test(text)) return { ok: false, message: 'enter hex bytes starting with 0x, e.g. 0x1234' };
    if (text.length % 2 !== 0) return { ok: false, message: 'needs an even number of hex digits (whole bytes)' };
    return { ok: true, value: text };
  }
  const bytesN = BYTES_N.exec(type);
  if (bytesN) {
    const size = Number(bytesN[1]);
    if (!HEX.test(text)) return { ok: false, message: `enter ${size} bytes as hex starting with 0x` };
    if (text.length % 2 !== 0) return { ok: false, message: 'needs an even number of hex digits (whole bytes)' };
    const got = (text.length - 2) / 2;
    if (got !== size) return { ok: false, message: `needs ${size} bytes, got ${got}` };
    return { ok: true, value: text };
  }
  const int = INT.exec(type);
  if (int) return parseInteger(int[1] === 'u', Number(int[2] || 256), text);
  return { ok: false, message: `the type ${type} is not supported by the form` };
}

function parseAddress(text: string): Parsed {
  if (!text) return { ok: false, message: 'enter an address (0x and 40 hex digits)' };
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    return { ok: false, message: `an address is 0x and 40 hex digits (this has ${Math.max(0, text.length - 2)})` };
  }
  // EIP-55: all lowercase or all uppercase carries no checksum and is accepted (as the ABI library's
  // address field does); mixed case must match its checksum.
  const digits = text.slice(2);
  const noChecksum = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!noChecksum && !isAddress(text, { strict: true })) {
    return {
      ok: false,
      message:
        'the checksum (EIP-55 mixed case) does not match: a typo? Type it all lowercase (or all uppercase) to skip the check',
    };
  }
  return { ok: true, value: getAddress(text) };
}

function parseInteger(unsigned: boolean, bits: number, text: string): Parsed {
  const range = unsigned ? `0 and 2^${bits}-1` : `-2^${bits - 1} and 2^${bits - 1}-1`;
  if (!/^-?(0x[0-9a-fA-F]+|\d+)$/.test(text)) {
    return { ok: false, message: `enter a whole number (decimal, or hex starting with 0x) between ${range}` };
  }
  const negative = text.startsWith('-');
  const magnitude = BigInt(negative ? text.slice(1) : text);
  const value = negative ? -magnitude : magnitude;
  const min = unsigned ? 0n : -(1n << BigInt(bits - 1));
  const max = unsigned ? (1n << BigInt(bits)) - 1n : (1n << BigInt(bits - 1)) - 1n;
  if (value < min || value > max) return { ok: false, message: `must be between ${range}` };
  return { ok: true, value };
}

function example(type: string): string {
  const element = type.replace(/\[\d*\]$/, '');
  if (element === 'address') return '["0x…", "0x…"]';
  if (element.startsWith('uint') || element.startsWith('int')) return '["1", "2"]';
  if (element === 'bool') return '[true, false]';
  return '["…"]';
}
