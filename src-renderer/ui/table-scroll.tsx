// A table in a box of its own (docs/local-ledger.md, "Screens"): a table that needs more width
// than the screen has (a 48-digit amount, many columns) scrolls sideways inside it, and the page
// itself never runs off the right edge; a long one scrolls up and down inside it, its header row
// in view, so the sideways scrollbar is always on screen with the table's top (issue 37, item 2).
import type { ReactNode } from 'react';
import './table-scroll.css';

export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="table-scroll">{children}</div>;
}
