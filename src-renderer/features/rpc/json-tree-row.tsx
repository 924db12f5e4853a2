// One line of the JSON tree: a key and its value (with a fold toggle for containers, decode hints
// beside values, and a copy button), or the "show more" line under a long container.
import { decodeHints, type HintContext } from './decode-hints.ts';
import { CHILD_CHUNK, pathKeys, preview, type TreeRow } from './json-tree-model.ts';

export function JsonTreeRow({
  row,
  match,
  current,
  copied,
  onToggle,
  onCopy,
  hint,
  mark,
}: {
  row: TreeRow;
  match: boolean;
  current: boolean;
  copied: boolean;
  onToggle: (path: string) => void;
  onCopy: (path: string) => void;
  hint: HintContext;
  /** Side by side: how this row differs from the other answer. */
  mark?: 'changed' | 'added' | 'removed' | 'inside';
}) {
  const container = row.kind === 'object' || row.kind === 'array';
  const name = row.key === null ? 'answer' : String(row.key);
  const isRpcError = row.key === 'error' && row.kind === 'object';
  const hints = container ? [] : decodeHints(row.value, hint);
  const where = row.path === '' ? 'the whole answer' : pathKeys(row.path).join('.');
  return (
    <div
      className={`json-row${match ? ' json-row-match' : ''}${current ? ' json-row-current' : ''}${isRpcError ? ' json-row-error' : ''}${mark ? ` json-row-diff json-row-diff-${mark}` : ''}`}
      data-path={row.path}
      data-diff={mark}
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

export function JsonTreeMoreRow({ row, onMore }: { row: TreeRow; onMore: (parent: string, shown: number) => void }) {
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
