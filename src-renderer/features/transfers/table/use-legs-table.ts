// The transfers table's TanStack Table: its sorting and quick filter (the table's own), and its
// column order, visibility and widths (the saved layout, never narrower than what the loaded legs need).
import { filterFn_includesString, type SortingState, type Updater, useTable } from '@tanstack/react-table';
import { useDeferredValue, useMemo, useState } from 'react';
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { useAmountColumnPx, useWidestAmount } from '../../../ui/amount-cell.tsx';
import { useColumnFloors, type WidthColumn, type WidthKind } from '../../../ui/cell-width.ts';
import { legAmount } from './leg-cells.tsx';
import { type LegTableMeta, legColumns, legFeatures } from './leg-columns.tsx';
import { LEG_FIELDS, type LegFieldKind } from './leg-fields.ts';

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

const apply = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

export function useLegsTable({
  legs,
  meta,
  layout,
  updateLayout,
}: {
  legs: readonly TransferLeg[];
  meta: LegTableMeta;
  layout: TableLayout;
  updateLayout: (change: (current: TableLayout) => TableLayout) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [quickFilter, setQuickFilter] = useState('');
  // Typing stays responsive while 100,000 rows are filtered behind it.
  const globalFilter = useDeferredValue(quickFilter);
  const columnSizing = useFlooredSizing(legs, meta, layout);

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
  return { table, quickFilter, setQuickFilter };
}

/**
 * Never narrower than the widest loaded amount, time, party or update id (each whole:
 * ui/amount-cell.tsx, ui/cell-width.ts); the user's own width is kept and saved as they set it,
 * and wins when it is wider.
 */
function useFlooredSizing(
  legs: readonly TransferLeg[],
  meta: LegTableMeta,
  layout: TableLayout,
): TableLayout['columnSizing'] {
  const amountFloor = useAmountColumnPx(useWidestAmount(legs, legAmount), 0);
  const floors = useColumnFloors(legs, FLOORED, meta.timeZone);
  return useMemo(() => {
    const wider: Record<string, number> = {};
    for (const [id, floor] of Object.entries({ ...floors, amount: amountFloor })) {
      const set = layout.columnSizing[id] ?? START[id] ?? 0;
      if (floor > set) wider[id] = floor;
    }
    return Object.keys(wider).length ? { ...layout.columnSizing, ...wider } : layout.columnSizing;
  }, [layout.columnSizing, amountFloor, floors]);
}
