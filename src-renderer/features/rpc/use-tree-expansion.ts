// What the JSON tree shows: which containers are open, how many children of each are listed, and
// the search (every match revealed, one of them current). Rows are recomputed from that state only.
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { CHILD_CHUNK, reveal, searchTree, visibleRows } from './json-tree-model.ts';

/** Matches counted at most; the status then says "1000+". */
export const MAX_MATCHES = 1000;

export interface TreeSearch {
  term: string;
  matches: string[];
  current: number;
}

/** Containers open at first: the root, and its children when they are small. */
function initialExpanded(root: unknown): Set<string> {
  const expanded = new Set<string>(['']);
  if (root !== null && typeof root === 'object') {
    const entries = Object.entries(root);
    if (entries.length <= 20) {
      for (const [key, value] of entries) {
        const size = value !== null && typeof value === 'object' ? Object.keys(value).length : 0;
        if (size > 0 && size <= 50) expanded.add(`/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      }
    }
  }
  return expanded;
}

export function useTreeExpansion(root: unknown) {
  const [expanded, setExpanded] = useState(() => initialExpanded(root));
  const [shown, setShown] = useState(() => new Map<string, number>());
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<TreeSearch | null>(null);

  const rows = useMemo(() => visibleRows(root, expanded, shown), [root, expanded, shown]);
  const currentMatch = search && search.matches.length > 0 ? search.matches[search.current] : null;
  const matchSet = useMemo(() => new Set(search?.matches ?? []), [search]);

  const toggle = (path: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const showMore = (parent: string, shownNow: number) =>
    setShown((previous) => new Map(previous).set(parent, shownNow + CHILD_CHUNK));

  const collapseAll = () => setExpanded(new Set(['']));

  /** Finds every match (up to MAX_MATCHES) and opens the way to each of them. */
  const find = (event: FormEvent) => {
    event.preventDefault();
    const matches = searchTree(root, term, MAX_MATCHES);
    const nextExpanded = new Set(expanded);
    const nextShown = new Map(shown);
    for (const path of matches) reveal(root, path, nextExpanded, nextShown);
    setExpanded(nextExpanded);
    setShown(nextShown);
    setSearch({ term, matches, current: 0 });
  };

  /** Opens the way to `path` (a path that must exist in `root`), e.g. a difference picked in Side by side. */
  const revealPath = useCallback(
    (path: string) => {
      // Two functional updates (each from its own previous state), so this stays the same function
      // for one answer, and a caller's effect runs only when it asks for a new path.
      setExpanded((previous) => {
        const next = new Set(previous);
        reveal(root, path, next, new Map());
        return next;
      });
      setShown((previous) => {
        const next = new Map(previous);
        reveal(root, path, new Set(), next);
        return next;
      });
    },
    [root],
  );

  /** Moves the current match by `by`, wrapping around. */
  const step = (by: number) =>
    setSearch((s) =>
      s?.matches.length ? { ...s, current: (s.current + by + s.matches.length) % s.matches.length } : s,
    );

  return {
    rows,
    toggle,
    showMore,
    collapseAll,
    term,
    setTerm,
    search,
    find,
    step,
    currentMatch,
    matchSet,
    revealPath,
  };
}
