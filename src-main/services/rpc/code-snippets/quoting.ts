// Literals for each language, built so that no text from the request (a method, a string param, a
// chain name in the address) can end its string, start a command or hide a line from the reader.
// Tested with fast-check: each literal, read back by bash, node or python3, gives the text again.
// The shell's words are src-shared/text/shell-quote.ts (the curl line and the CLI line quote with it too).

/** A JS string literal; U+2028/2029 escaped too, so older parsers and editors see one line. */
export function jsString(text: string): string {
  return escapeLineSeparators(JSON.stringify(text));
}

/**
 * A JSON value as readable JS (an object literal), indented by `indent` after the first line. A
 * `__proto__` key would set a literal's prototype instead of a property, so such a value is parsed
 * from its JSON text instead.
 */
export function jsValue(value: unknown, indent = ''): string {
  if (hasProtoKey(value)) return `JSON.parse(${jsString(JSON.stringify(value))})`;
  const compact = JSON.stringify(value);
  if (compact.length <= 72) return escapeLineSeparators(compact);
  return escapeLineSeparators(JSON.stringify(value, null, 2)).replaceAll('\n', `\n${indent}`);
}

/** A Python str literal: JSON's escapes (\" \\ \n \uXXXX) all mean the same in Python. */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A JSON value as a Python literal (True/False/None), indented 4 spaces per level. */
export function pyValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'None';
  if (typeof value === 'string') return pyString(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pyValue(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${pyString(key)}: ${pyValue(item, inner)},`).join('\n')}\n${indent}}`;
}

/** Text for a comment line: printable ASCII only, anything else as \uXXXX, so no character ends the comment. */
export function commentText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function escapeLineSeparators(text: string): string {
  return text.replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

function hasProtoKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (!Array.isArray(item) && Object.hasOwn(item, '__proto__')) return true;
    stack.push(...Object.values(item));
  }
  return false;
}
