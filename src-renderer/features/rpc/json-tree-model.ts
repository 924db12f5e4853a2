// The JSON tree's rows, computed from what is expanded: only expanded containers contribute
// their children, and at most a chunk of them at a time, so a 10 MB answer costs a handful of rows
// until the user opens it up. Paths are JSON Pointers ("" is the root, "/result/0/hash").

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface TreeRow {
  path: string;
  depth: number;
  /** The key in the parent object, the index in the parent array, or null for the root. */
  key: string | number | null;
  /** For a "show more" row: the container whose children continue. */
  more?: { parent: string; shown: number; total: number };
  value: unknown;
  kind: JsonKind;
  /** Children of an object or array. */
  size: number;
  expanded: boolean;
}

/** Children listed at once under an expanded container; "show more" adds another chunk. */
export const CHILD_CHUNK = 500;

export function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'object') return 'object';
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'null';
}

export function childPath(parent: string, key: string | number): string {
  return `${parent}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

export function pathKeys(path: string): string[] {
  return path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function entriesOf(value: unknown): Array<[string | number, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === 'object') return Object.entries(value);
  return [];
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return 0;
}

export function visibleRows(
  root: unknown,
  expanded: ReadonlySet<string>,
  shown: ReadonlyMap<string, number> = new Map(),
): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (value: unknown, path: string, key: string | number | null, depth: number) => {
    const kind = kindOf(value);
    const size = sizeOf(value);
    const isOpen = (kind === 'object' || kind === 'array') && expanded.has(path);
    rows.push({ path, depth, key, value, kind, size, expanded: isOpen });
    if (!isOpen) return;
    const limit = shown.get(path) ?? CHILD_CHUNK;
    // Arrays are sliced before their entries are made: a 1M-item array costs one chunk.
    const children = Array.isArray(value)
      ? value.slice(0, limit).map((item, index) => [index, item] as [number, unknown])
      : entriesOf(value).slice(0, limit);
    for (const [childKey, child] of children) visit(child, childPath(path, childKey), childKey, depth + 1);
    if (size > limit) {
      rows.push({
        path: `${path}#more`,
        depth: depth + 1,
        key: null,
        value: null,
        kind: 'null',
        size: 0,
        expanded: false,
        more: { parent: path, shown: limit, total: size },
      });
    }
  };
  visit(root, '', null, 0);
  return rows;
}

export function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const key of pathKeys(path)) {
    if (Array.isArray(value)) value = value[Number(key)];
    else if (value !== null && typeof value === 'object') value = (value as Record<string, unknown>)[key];
    else return undefined;
  }
  return value;
}

/**
 * Paths whose key or primitive value contains `term` (any case), in document order, at most
 * `limit`. Walks the whole answer once, without recursion, so it runs on a 10 MB answer in well
 * under a second and only when the user asks.
 */
export function searchTree(root: unknown, term: string, limit = 1000): string[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [];
  const found: string[] = [];
  const stack: Array<[unknown, string, string | number | null]> = [[root, '', null]];
  while (stack.length > 0 && found.length < limit) {
    const [value, path, key] = stack.pop() as [unknown, string, string | number | null];
    const keyMatches = typeof key === 'string' && key.toLowerCase().includes(needle);
    const kind = kindOf(value);
    if (kind === 'object' || kind === 'array') {
      if (keyMatches) found.push(path);
      const children = entriesOf(value);
      for (let i = children.length - 1; i >= 0; i--) {
        const [childKey, child] = children[i];
        stack.push([child, childPath(path, childKey), childKey]);
      }
    } else if (keyMatches || String(value).toLowerCase().includes(needle)) {
      found.push(path);
    }
  }
  return found;
}

/** What must be expanded, and how many children shown, for the row at `path` to be visible. */
export function reveal(root: unknown, path: string, expanded: Set<string>, shown: Map<string, number>): void {
  let parent = '';
  let container = root;
  for (const key of pathKeys(path)) {
    expanded.add(parent);
    const index = Array.isArray(container)
      ? Number(key)
      : Object.keys(container as Record<string, unknown>).indexOf(key);
    if (index >= (shown.get(parent) ?? CHILD_CHUNK)) {
      shown.set(parent, Math.ceil((index + 1) / CHILD_CHUNK) * CHILD_CHUNK);
    }
    container = Array.isArray(container) ? container[index] : (container as Record<string, unknown>)[key];
    parent = childPath(parent, key);
  }
}

/** One line for a value: strings quoted, containers summarised. */
export function preview(row: Pick<TreeRow, 'kind' | 'value' | 'size'>): string {
  switch (row.kind) {
    case 'object':
      return `{${row.size} ${row.size === 1 ? 'key' : 'keys'}}`;
    case 'array':
      return `[${row.size} ${row.size === 1 ? 'item' : 'items'}]`;
    case 'string': {
      const text = row.value as string;
      return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text);
    }
    default:
      return String(row.value);
  }
}
