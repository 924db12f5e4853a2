// A table in a box of its own (docs/local-ledger.md, "Screens"): a table that needs more width
// than the screen has (a 48-digit amount, many columns) scrolls sideways inside it, and the page
// itself never runs off the right edge; a long one scrolls up and down inside it, its header row
// in view. Above it, when columns are past the box's edge, a line names them and brings them in
// (ui/columns-beyond.tsx): how the table continues is on screen with its top (issue 37, item 2).
import { type ReactNode, useRef } from 'react';
import { ColumnsBeyond } from './columns-beyond.tsx';
import './table-scroll.css';

export function TableScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  return (
    <>
      <ColumnsBeyond box={box} />
      <div className="table-scroll" ref={box}>
        {children}
      </div>
    </>
  );
}
