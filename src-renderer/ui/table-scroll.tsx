// A table that needs more width than the screen has (a 48-digit amount, many columns) scrolls
// sideways inside its own box: the page itself never runs off the right edge (docs/local-ledger.md,
// "Screens").
import type { ReactNode } from 'react';
import './table-scroll.css';

export function TableScroll({ children }: { children: ReactNode }) {
  return <div className="table-scroll">{children}</div>;
}
