// The answer as a JSON tree: fold and unfold, search, copy any value, decode hints beside values.
// Lazy twice over: only expanded containers produce rows (500 children at a time), and only the
// rows in view are in the DOM (react-virtual), so a 10 MB answer does not freeze the window.
import { useVirtualizer } from '@tanstack/react-virtual';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { decodeHints, type HintContext } from './decode-hints.ts';
import {
  CHILD_CHUNK,
  pathKeys,
  preview,
  reveal,
  searchTree,
  type TreeRow,
  valueAt,
  visibleRows,
} from './json-tree-model.ts';

const ROW_HEIGHT = 22;
const MAX_MATCHES = 1000;

export interface JsonTreeProps {
  root: unknown;
  /** The method whose answer the value at `path` is part of (for decode hints). */
  methodAt: (path: string) => string | null;
  symbol: string | null;
  label: string;
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

export function JsonTree({ root, methodAt, symbol, label }: JsonTreeProps) {
  const [expanded, setExpanded] = useState(() => initialExpanded(root));
  const [shown, setShown] = useState(() => new Map<string, number>());
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<{ term: string; matches: string[]; current: number } | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const scroller = useRef<HTMLElement>(null);

  const rows = useMemo(() => visibleRows(root, expanded, shown), [root, expanded, shown]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 15,
  });

  const currentMatch = search && search.matches.length > 0 ? search.matches[search.current] : null;
  const matchSet = useMemo(() => new Set(search?.matches ?? []), [search]);

  useEffect(() => {
    if (!currentMatch) return;
    const index = rows.findIndex((row) => row.path === currentMatch);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [currentMatch, rows, virtualizer]);

  const toggle = (path: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const showMore = (parent: string, shownNow: number) =>
    setShown((previous) => new Map(previous).set(parent, shownNow + CHILD_CHUNK));

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

  const step = (by: number) =>
    setSearch((s) =>
      s?.matches.length ? { ...s, current: (s.current + by + s.matches.length) % s.matches.length } : s,
    );

  const copy = (path: string) => {
    const value = valueAt(root, path);
    // A string is copied as it is (a hash, an address); anything else as JSON.
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    navigator.clipboard.writeText(text).then(
      () => setCopied(path),
      () => setCopied(null),
    );
  };

  return (
    <div className="json-tree">
      <div className="json-tree-toolbar">
        <form onSubmit={find} className="json-tree-search" aria-label="Answer search">
          <input
            type="search"
            aria-label="Search the answer"
            placeholder="Search keys and values"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
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
            <button type="button" onClick={() => step(-1)} aria-label="Previous match">
              ↑
            </button>
            <button type="button" onClick={() => step(1)} aria-label="Next match">
              ↓
            </button>
          </>
        )}
        <button type="button" onClick={() => setExpanded(new Set(['']))}>
          Collapse all
        </button>
        <span className="muted json-tree-rows" data-testid="json-tree-row-count">
          {rows.length} rows shown
        </span>
      </div>
      <section ref={scroller} className="json-tree-scroll" aria-label={label}>
        <div className="json-tree-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={row.path}
                className="json-tree-row-slot"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                {row.more ? (
                  <MoreRow row={row} onMore={showMore} />
                ) : (
                  <Row
                    row={row}
                    match={matchSet.has(row.path)}
                    current={row.path === currentMatch}
                    copied={copied === row.path}
                    onToggle={toggle}
                    onCopy={copy}
                    hint={{ key: row.key, method: methodAt(row.path), symbol }}
                  />
                )}
              </div>
            );
          })}
        </div>
      </section>
    </div>
  );
}

function Row({
  row,
  match,
  current,
  copied,
  onToggle,
  onCopy,
  hint,
}: {
  row: TreeRow;
  match: boolean;
  current: boolean;
  copied: boolean;
  onToggle: (path: string) => void;
  onCopy: (path: string) => void;
  hint: HintContext;
}) {
  const container = row.kind === 'object' || row.kind === 'array';
  const name = row.key === null ? 'answer' : String(row.key);
  const isRpcError = row.key === 'error' && row.kind === 'object';
  const hints = container ? [] : decodeHints(row.value, hint);
  const where = row.path === '' ? 'the whole answer' : pathKeys(row.path).join('.');
  return (
    <div
      className={`json-row${match ? ' json-row-match' : ''}${current ? ' json-row-current' : ''}${isRpcError ? ' json-row-error' : ''}`}
      data-path={row.path}
      data-current={current || undefined}
      style={{ paddingLeft: row.depth * 16 }}
    >
      {container ? (
        <button
          type="button"
          className="json-toggle"
          onClick={() => onToggle(row.path)}
          aria-expanded={row.expanded}
          aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${name}`}
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="json-toggle-space" />
      )}
      {row.key !== null && <span className="json-key">{typeof row.key === 'number' ? row.key : `"${row.key}"`}: </span>}
      <span className={`json-value json-${row.kind}`}>{preview(row)}</span>
      {hints.map((h) => (
        <span key={h.kind} className={`json-hint json-hint-${h.kind}`} title={hintTitle(h.kind)}>
          = {h.text}
        </span>
      ))}
      <button type="button" className="json-copy" onClick={() => onCopy(row.path)} aria-label={`Copy ${where}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

function MoreRow({ row, onMore }: { row: TreeRow; onMore: (parent: string, shown: number) => void }) {
  const more = row.more as NonNullable<TreeRow['more']>;
  const next = Math.min(CHILD_CHUNK, more.total - more.shown);
  return (
    <div className="json-row" style={{ paddingLeft: row.depth * 16 }}>
      <span className="json-toggle-space" />
      <button type="button" className="json-more" onClick={() => onMore(more.parent, more.shown)}>
        Show {next.toLocaleString('en-US')} more ({(more.total - more.shown).toLocaleString('en-US')} not shown)
      </button>
    </div>
  );
}

function hintTitle(kind: string): string {
  switch (kind) {
    case 'decimal':
      return 'hex quantity as a decimal number';
    case 'ether':
      return 'wei in the native currency (1 = 10^18 wei), exact';
    case 'gwei':
      return 'wei per gas in gwei (1 gwei = 10^9 wei), exact';
    default:
      return 'unix time (seconds) as a UTC date';
  }
}
