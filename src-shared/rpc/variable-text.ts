// {{variables}} in JSON text, found by a scan that knows whether each one sits inside a JSON string.
// Shared: the console resolves with it, main's Postman import keeps a request's variables with it.

const VARIABLE = /\{\{\s*([A-Za-z0-9_.-]{1,64})\s*\}\}/y;

export interface VariableUse {
  name: string;
  start: number;
  end: number;
  /** Inside a JSON string ("0x{{addr}}"): replaced textually. Outside: it stands as a JSON value. */
  inString: boolean;
}

/** Every {{variable}} in `text` in order; a backslash escape inside a string is stepped over. */
export function variableUses(text: string): VariableUse[] {
  const uses: VariableUse[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{' && text[i + 1] === '{') {
      VARIABLE.lastIndex = i;
      const match = VARIABLE.exec(text);
      if (match) {
        uses.push({ name: match[1], start: i, end: i + match[0].length, inString });
        i += match[0].length - 1;
        continue;
      }
    }
    if (inString && char === '\\') i++;
    else if (char === '"') inString = !inString;
  }
  return uses;
}

/** `text` with each use replaced by what `replace` gives for it. */
export function replaceVariables(text: string, replace: (use: VariableUse) => string): string {
  let out = '';
  let at = 0;
  for (const use of variableUses(text)) {
    out += text.slice(at, use.start) + replace(use);
    at = use.end;
  }
  return out + text.slice(at);
}
