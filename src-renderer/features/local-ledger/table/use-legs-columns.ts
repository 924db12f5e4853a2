// The windowed table's columns and their widths: Party first when the view reads several parties,
// the amount column as wide as the widest amount fetched for the view (ui/amount-cell.tsx), and
// times, parties and update ids as wide as their widest value seen (ui/cell-width.ts).
import { useMemo } from 'react';
import type { LocalLeg } from '../../../../src-shared/contract/local-ledger.ts';
import type { LegsView } from '../../../data/local-ledger.ts';
import { usePortfolios } from '../../../data/sync-all.ts';
import { useAmountColumnPx, useWidestAmount } from '../../../ui/amount-cell.tsx';
import { useColumnFloors } from '../../../ui/cell-width.ts';
import { columnsOver, LOCAL_COLUMNS, type LocalColumn, legAmount, legOwner } from './local-columns.tsx';

const amountColumn = LOCAL_COLUMNS.find((c) => c.id === 'amount') as LocalColumn;

/** The table's columns: with Party first when the view reads several parties (a portfolio's internal legs marked). */
export function useColumns(profileId: string, view: LegsView): readonly LocalColumn[] {
  const scope = view.scope;
  const portfolios = usePortfolios(profileId);
  const name = scope?.kind === 'portfolio' ? scope.name : null;
  const members = name ? portfolios.data?.find((p) => p.name === name)?.parties : undefined;
  return useMemo(() => {
    if (!scope || scope.kind === 'party') return LOCAL_COLUMNS;
    return columnsOver(members ? new Set(members) : null);
  }, [scope, members]);
}

/** A column's value as text, for sizing it (the Party column: whose leg it is). */
const cellValue = (leg: LocalLeg, id: LocalColumn['id']): string | null =>
  id === 'party' ? legOwner(leg) : (leg[id] as string | null);

/** `viewKey`: the view the widths grow in (another view starts from the columns' own widths). */
export function useColumnWidths(
  columns: readonly LocalColumn[],
  loaded: LocalLeg[],
  zone: 'local' | 'utc',
  viewKey: string,
) {
  const amountPx = useAmountColumnPx(useWidestAmount(loaded, legAmount, viewKey), amountColumn.width);
  // Times, parties and update ids as wide as their widest value seen in this view, as amounts are.
  const fitted = useMemo(
    () =>
      columns.flatMap((c) =>
        c.fits ? [{ id: c.id, kind: c.fits, value: (leg: LocalLeg) => cellValue(leg, c.id) }] : [],
      ),
    [columns],
  );
  const floors = useColumnFloors(loaded, fitted, zone, viewKey);
  const widthOf = (c: LocalColumn) => (c.id === 'amount' ? amountPx : Math.max(c.width, floors[c.id] ?? 0));
  return { widthOf, tableWidth: columns.reduce((sum, c) => sum + widthOf(c), 0) };
}
