// Every field of a transfer leg as a table column, generated from the field table in
// leg-fields.ts: what each kind of field sorts by and how its cells look is decided once, here.
import type { ColumnDef } from '@tanstack/react-table';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import { LEG_CELLS } from './leg-cells.tsx';
import { LEG_FIELDS, type LegField, type LegFieldKind } from './leg-fields.ts';
import { byAmount, byDirection, byNumber, byText } from './leg-sorting.ts';
import { type LegFeatures, type LegTableMeta, legFeatures } from './leg-table-features.ts';

export { type LegTableMeta, legFeatures };

type LegColumn = ColumnDef<LegFeatures, TransferLeg>;

/** Per kind: how it sorts, whether it is a number (right-aligned), whether the quick search reads it. */
const KINDS: Record<LegFieldKind, { sortFn: LegColumn['sortFn']; numeric?: true; searchable?: false }> = {
  direction: { sortFn: byDirection, searchable: false },
  time: { sortFn: byText },
  amount: { sortFn: byAmount, numeric: true },
  counterparty: { sortFn: byText },
  party: { sortFn: byText },
  id: { sortFn: byText },
  text: { sortFn: byText },
  count: { sortFn: byNumber, numeric: true, searchable: false },
};

function legColumn({ field, header, kind, width }: LegField): LegColumn {
  const { sortFn, numeric, searchable } = KINDS[kind];
  const render = LEG_CELLS[kind];
  return {
    id: field,
    accessorKey: field,
    header,
    meta: numeric ? { label: header, numeric } : { label: header },
    size: width,
    // An amount column widens to its widest amount, however long (use-legs-table.ts).
    ...(kind === 'amount' ? { maxSize: Number.MAX_SAFE_INTEGER } : {}),
    sortFn,
    ...(searchable === false ? { enableGlobalFilter: false } : {}),
    cell: (info) => render(info.row.original, field, info.table.options.meta as LegTableMeta),
  };
}

export const legColumns: LegColumn[] = LEG_FIELDS.map(legColumn);

export const LEG_COLUMN_IDS: readonly string[] = legColumns.map((c) => c.id as string);

/** Hidden until the user shows them: the rest fit a laptop screen. */
export const DEFAULT_HIDDEN: Record<string, boolean> = Object.fromEntries(
  LEG_FIELDS.filter((f) => f.hidden).map((f) => [f.field, false]),
);
