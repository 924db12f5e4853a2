// The answer as a JSON tree: fold and unfold, search, copy any value, decode hints beside values.
// Lazy twice over: only expanded containers produce rows (500 children at a time), and only the
// rows in view are in the DOM (react-virtual), so a 10 MB answer does not freeze the window.
import { useRef, useState } from 'react';
import { valueAt } from './json-tree-model.ts';
import { JsonTreeMoreRow, JsonTreeRow } from './json-tree-row.tsx';
import { JsonTreeToolbar } from './json-tree-toolbar.tsx';
import { useTreeExpansion } from './use-tree-expansion.ts';
import { ROW_HEIGHT, useTreeScroll } from './use-tree-scroll.ts';
import './json-tree.css';

export interface JsonTreeProps {
  root: unknown;
  /** The method whose answer the value at `path` is part of (for decode hints). */
  methodAt: (path: string) => string | null;
  symbol: string | null;
  label: string;
  /** Rows to mark (Side by side: what differs from the other answer, and the containers holding it). */
  marks?: ReadonlyMap<string, TreeMark>;
  /** A path to open the way to and scroll into view; a new `seq` asks again for the same path. */
  focus?: { path: string; seq: number } | null;
}

export type TreeMark = 'changed' | 'added' | 'removed' | 'inside';

export function JsonTree({ root, methodAt, symbol, label, marks, focus = null }: JsonTreeProps) {
  const tree = useTreeExpansion(root);
  const afterTree = useRef<HTMLSpanElement>(null);
  const { rows, currentMatch } = tree;
  const [copied, setCopied] = useState<string | null>(null);
  const { scroller, virtualizer, focusPath } = useTreeScroll(tree, focus);

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
      <JsonTreeToolbar
        term={tree.term}
        onTerm={tree.setTerm}
        onFind={tree.find}
        search={tree.search}
        onStep={tree.step}
        onCollapseAll={tree.collapseAll}
        rowCount={rows.length}
        label={label}
      />
      {/* Every row has a Copy button: a keyboard user gets past a long answer in one press (a
          button, not an #anchor: the web tier's fragment carries the bridge token). */}
      <button type="button" className="skip-link" onClick={() => afterTree.current?.focus()}>
        Skip {label}
      </button>
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
                  <JsonTreeMoreRow row={row} onMore={tree.showMore} />
                ) : (
                  <JsonTreeRow
                    row={row}
                    match={tree.matchSet.has(row.path)}
                    current={row.path === currentMatch || row.path === focusPath}
                    mark={marks?.get(row.path)}
                    copied={copied === row.path}
                    onToggle={tree.toggle}
                    onCopy={copy}
                    hint={{ key: row.key, method: methodAt(row.path), symbol }}
                  />
                )}
              </div>
            );
          })}
        </div>
      </section>
      <span ref={afterTree} tabIndex={-1} className="visually-hidden">
        End of {label}
      </span>
    </div>
  );
}
