// The environment editor's variables text, one `name = value` per line, read into variables with a
// message naming the first bad line. Blank lines and lines starting with # are skipped.
import { MAX_VARIABLES, VARIABLE_NAME, type Variable } from '../../../src-shared/contract/rpc-workspace.ts';

export function parseVariableLines(text: string): { variables: Variable[] } | { error: string } {
  const variables: Variable[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const where = `Line ${index + 1}`;
    const eq = line.indexOf('=');
    if (eq < 0) return { error: `${where}: write name = value` };
    const name = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (!VARIABLE_NAME.test(name)) {
      return { error: `${where}: "${name}" is not a variable name (1-64 letters, digits, "_", "." or "-")` };
    }
    if (seen.has(name)) return { error: `${where}: "${name}" is defined twice` };
    seen.add(name);
    variables.push({ name, value });
  }
  if (variables.length > MAX_VARIABLES) return { error: `At most ${MAX_VARIABLES} variables` };
  return { variables };
}

export function variableLines(variables: readonly Variable[]): string {
  return variables.map(({ name, value }) => `${name} = ${value}`).join('\n');
}
