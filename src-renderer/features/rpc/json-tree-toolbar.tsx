// Above the JSON tree: search the answer, step through the matches, collapse everything, and how
// many rows are open.
import type { FormEvent } from 'react';
import { MAX_MATCHES, type TreeSearch } from './use-tree-expansion.ts';

interface JsonTreeToolbarProps {
  term: string;
  onTerm: (term: string) => void;
  onFind: (event: FormEvent) => void;
  search: TreeSearch | null;
  onStep: (by: number) => void;
  onCollapseAll: () => void;
  rowCount: number;
  /** The tree's name: each answer on screen (side by side shows three) gets its own search landmark. */
  label: string;
}

export function JsonTreeToolbar({
  term,
  onTerm,
  onFind,
  search,
  onStep,
  onCollapseAll,
  rowCount,
  label,
}: JsonTreeToolbarProps) {
  return (
    <div className="json-tree-toolbar">
      <form onSubmit={onFind} className="json-tree-search" aria-label={`Search in ${label}`}>
        <input
          type="search"
          aria-label="Search the answer"
          placeholder="Search keys and values"
          value={term}
          onChange={(e) => onTerm(e.target.value)}
          spellCheck={false}
        />
        <button type="submit">Find</button>
      </form>
      {search && (
        <span className="muted" role="status" data-testid="json-search-status">
          {search.matches.length === 0
            ? `No match for “${search.term}”`
            : `${search.current + 1} of ${search.matches.length}${search.matches.length >= MAX_MATCHES ? '+' : ''} matches`}
        </span>
      )}
      {search && search.matches.length > 1 && (
        <>
          <button type="button" onClick={() => onStep(-1)} aria-label="Previous match">
            ↑
          </button>
          <button type="button" onClick={() => onStep(1)} aria-label="Next match">
            ↓
          </button>
        </>
      )}
      <button type="button" onClick={onCollapseAll}>
        Collapse all
      </button>
      <span className="muted json-tree-rows" data-testid="json-tree-row-count">
        {rowCount} rows shown
      </span>
    </div>
  );
}
