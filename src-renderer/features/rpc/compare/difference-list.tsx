// "N differences": each one a button that scrolls both columns to it. Arrow keys (and j/k, as in
// a code review) move through the list, Home/End jump to the ends; the picked one stays marked.
import { type KeyboardEvent, useRef } from 'react';
import { pathLabel } from './diff-marks.ts';
import type { JsonDiff } from './json-diff.ts';

const KIND_TEXT = { changed: 'differs', added: 'only in B', removed: 'only in A' } as const;

interface DifferenceListProps {
  diff: JsonDiff;
  selected: number | null;
  onSelect: (index: number) => void;
}

export function DifferenceList({ diff, selected, onSelect }: DifferenceListProps) {
  const list = useRef<HTMLOListElement>(null);
  const count = diff.differences.length;

  const go = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    onSelect(next);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = selected ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      j: at + 1,
      ArrowUp: at - 1,
      k: at - 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  };

  if (diff.total === 0) {
    return (
      <p className="rpc-compare-summary" role="status" data-testid="rpc-compare-summary">
        No differences (the JSON-RPC id aside)
      </p>
    );
  }
  return (
    <div className="rpc-compare-differences">
      <p className="rpc-compare-summary" role="status" data-testid="rpc-compare-summary">
        {diff.total.toLocaleString('en-US')} difference{diff.total === 1 ? '' : 's'}
        {diff.total > count && ` (the first ${count.toLocaleString('en-US')} listed)`}
        <span className="muted"> · ↑/↓ or j/k to move through them</span>
      </p>
      <ol ref={list} aria-label="Differences" onKeyDown={onKeyDown}>
        {diff.differences.map((difference, index) => (
          <li key={difference.path}>
            <button
              type="button"
              className={index === selected ? 'rpc-compare-picked' : undefined}
              aria-current={index === selected || undefined}
              onClick={() => onSelect(index)}
            >
              <code>{pathLabel(difference.path)}</code> {KIND_TEXT[difference.kind]}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
