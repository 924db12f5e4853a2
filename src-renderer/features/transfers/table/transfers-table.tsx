// The loaded legs in one TanStack Table, virtualized with TanStack Virtual: only the rows in view
// (plus a margin) are in the DOM, so a page of 25 and 100,000 legs from Load all scroll alike.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { ColumnsBeyond } from '../../../ui/columns-beyond.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import type { LegTableMeta } from './leg-columns.tsx';
import { LegsBody } from './legs-body.tsx';
import { LegsHead } from './legs-head.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import { useLegsTable } from './use-legs-table.ts';
import './table.css';

/** Fixed, so rows are never measured (the CSS gives .leg-row the same height). */
const ROW_HEIGHT = 30;
/** Rows kept beyond the visible ones: enough for wheel scrolling; a long jump rebuilds every row anyway. */
const OVERSCAN = 4;

export function TransfersTable({
  legs,
  meta,
  layout,
  updateLayout,
  selected,
  onSelect,
  resetKey,
}: {
  legs: readonly TransferLeg[];
  meta: LegTableMeta;
  layout: TableLayout;
  updateLayout: (change: (current: TableLayout) => TableLayout) => void;
  selected: TransferLeg | null;
  onSelect: (leg: TransferLeg) => void;
  /** Changes when a different page is shown: scroll back to its top. */
  resetKey: string;
}) {
  const { table, quickFilter, setQuickFilter } = useLegsTable({ legs, meta, layout, updateLayout });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  useEffect(() => {
    if (resetKey && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const items = virtualizer.getVirtualItems();
  // One Tab stop, arrows inside; a row past the drawn ones is scrolled to (row 0 is the header).
  const grid = useKeyboardGrid({ scrollToRow: (row) => virtualizer.scrollToIndex(row - 1) });

  return (
    <div className="legs">
      <TableToolbar
        quickFilter={quickFilter}
        onQuickFilter={setQuickFilter}
        matching={rows.length}
        loaded={legs.length}
        layout={layout}
        updateLayout={updateLayout}
      />
      <ColumnsBeyond box={scrollRef} />
      <div className="legs-scroll" ref={scrollRef}>
        {/* Rows are absolutely placed (translateY) in a grid table: a scroll step re-lays out only
            the rows that enter, not a whole table. Explicit roles keep the table semantics that
            display:grid would otherwise cost in some browsers. */}
        <table
          ref={grid}
          // biome-ignore lint/a11y/noRedundantRoles: display:grid drops implicit table semantics in some browsers
          role="table"
          className="data-table legs-table"
          aria-label="Transfer legs"
          // Only rows are virtualized: every visible column is in the DOM, so the count is the visible
          // columns (a column the user hid is not part of the table they read).
          aria-rowcount={rows.length + 1}
          aria-colcount={table.getVisibleLeafColumns().length}
          style={{ width: table.getTotalSize() }}
        >
          <LegsHead groups={table.getHeaderGroups()} />
          <LegsBody
            rows={rows}
            items={items}
            height={virtualizer.getTotalSize()}
            selected={selected}
            onSelect={onSelect}
          />
        </table>
        {legs.length > 0 && rows.length === 0 && <p className="muted empty-note">No loaded row matches the filter.</p>}
      </div>
    </div>
  );
}
