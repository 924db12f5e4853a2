// The loaded legs in one TanStack Table, virtualized with TanStack Virtual: only the rows in view
// (plus a margin) are in the DOM, so a page of 25 and 100,000 legs from Load all scroll alike.
import { FlexRender, filterFn_includesString, type SortingState, type Updater, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { useAmountColumnPx, useWidestAmount } from '../../../ui/amount-cell.tsx';
import { useColumnFloors, type WidthColumn, type WidthKind } from '../../../ui/cell-width.ts';
import { ColumnsBeyond } from '../../../ui/columns-beyond.tsx';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { ColumnMenu } from './column-menu.tsx';
import { legAmount } from './leg-cells.tsx';
import { type LegTableMeta, legColumns, legFeatures } from './leg-columns.tsx';
import { LEG_FIELDS, type LegFieldKind } from './leg-fields.ts';
import './table.css';

/** Fixed, so rows are never measured (the CSS gives .leg-row the same height). */
const ROW_HEIGHT = 30;
/** Rows kept beyond the visible ones: enough for wheel scrolling; a long jump rebuilds every row anyway. */
const OVERSCAN = 4;

/** Each column's starting width (leg-fields.ts). */
const START: Record<string, number> = Object.fromEntries(LEG_FIELDS.map((f) => [f.field, f.width]));
/** The columns sized to their widest value (ui/cell-width.ts): times, parties, update ids. */
const WIDTH_KINDS: Partial<Record<LegFieldKind, WidthKind>> = {
  time: 'time',
  counterparty: 'party',
  party: 'party',
  id: 'updateId',
};
const FLOORED: ReadonlyArray<WidthColumn<TransferLeg>> = LEG_FIELDS.flatMap((f) => {
  const kind = WIDTH_KINDS[f.kind];
  return kind ? [{ id: f.field, kind, value: (leg: TransferLeg) => leg[f.field] as string | null }] : [];
});

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

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
  const [sorting, setSorting] = useState<SortingState>([]);
  const [quickFilter, setQuickFilter] = useState('');
  // Typing stays responsive while 100,000 rows are filtered behind it.
  const globalFilter = useDeferredValue(quickFilter);

  // Never narrower than the widest loaded amount, time, party or update id (each whole:
  // ui/amount-cell.tsx, ui/cell-width.ts); the user's own width is kept and saved as they set it,
  // and wins when it is wider.
  const amountFloor = useAmountColumnPx(useWidestAmount(legs, legAmount), 0);
  const floors = useColumnFloors(legs, FLOORED, meta.timeZone);
  const columnSizing = useMemo(() => {
    const wider: Record<string, number> = {};
    for (const [id, floor] of Object.entries({ ...floors, amount: amountFloor })) {
      const set = layout.columnSizing[id] ?? START[id] ?? 0;
      if (floor > set) wider[id] = floor;
    }
    return Object.keys(wider).length ? { ...layout.columnSizing, ...wider } : layout.columnSizing;
  }, [layout.columnSizing, amountFloor, floors]);

  const table = useTable({
    features: legFeatures,
    columns: legColumns,
    data: legs,
    meta,
    state: {
      sorting,
      globalFilter,
      columnOrder: layout.columnOrder,
      columnVisibility: layout.columnVisibility,
      columnSizing,
    },
    onSortingChange: (updater) => setSorting((current) => apply(updater, current)),
    onGlobalFilterChange: (updater) => setQuickFilter((current) => apply(updater, current) ?? ''),
    onColumnOrderChange: (updater) => updateLayout((l) => ({ ...l, columnOrder: apply(updater, l.columnOrder) })),
    onColumnVisibilityChange: (updater) =>
      updateLayout((l) => ({ ...l, columnVisibility: apply(updater, l.columnVisibility) })),
    onColumnSizingChange: (updater) => updateLayout((l) => ({ ...l, columnSizing: apply(updater, l.columnSizing) })),
    globalFilterFn: filterFn_includesString,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 40, maxSize: 1200 },
  });

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
      <div className="table-toolbar">
        <label className="quick-filter">
          <span>Filter loaded rows</span>
          <input
            type="search"
            value={quickFilter}
            onChange={(e) => setQuickFilter(e.target.value)}
            placeholder="party, update id, status…"
          />
        </label>
        <span className="muted" data-testid="row-count">
          {rows.length === legs.length
            ? `${legs.length.toLocaleString('en')} rows`
            : `${rows.length.toLocaleString('en')} of ${legs.length.toLocaleString('en')} rows match`}
        </span>
        <ColumnMenu layout={layout} update={updateLayout} />
      </div>
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
          <thead className="legs-head">
            {table.getHeaderGroups().map((group) => (
              // biome-ignore lint/a11y/noRedundantRoles: see the table's role
              <tr key={group.id} role="row" aria-rowindex={1}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const numeric = header.column.columnDef.meta?.numeric;
                  return (
                    <th
                      key={header.id}
                      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                      role="columnheader"
                      scope="col"
                      className={numeric ? 'numeric' : undefined}
                      style={{ width: header.getSize() }}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                        title="Sort (click again to reverse, a third time to clear)"
                      >
                        <FlexRender header={header} />
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                      <div
                        className={`resizer${header.column.getIsResizing() ? ' resizing' : ''}`}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        aria-hidden="true"
                      />
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="legs-body" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              const leg = row.original;
              return (
                <tr
                  key={row.id}
                  // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                  role="row"
                  className={`leg-row${leg === selected ? ' selected' : ''}`}
                  aria-rowindex={item.index + 2}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onClick={() => onSelect(leg)}
                  onKeyDown={(event) => {
                    // On a cell (the grid's focus), Enter or Space opens the leg; a control in a
                    // cell (the counterparty link, Copy) keeps its own Enter and Space.
                    if (!(event.target as Element).matches('td')) return;
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      onSelect(leg);
                    }
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                      role="cell"
                      data-column={cell.column.id}
                      className={cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}
                      style={{ width: cell.column.getSize() }}
                    >
                      <FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {legs.length > 0 && rows.length === 0 && <p className="muted empty-note">No loaded row matches the filter.</p>}
      </div>
    </div>
  );
}
