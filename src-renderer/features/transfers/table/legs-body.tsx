// The transfers table's rows: only the ones in view (plus a margin), each placed at its offset in
// a body as tall as every row would be, so the scroll bar is the whole table's.
import { FlexRender } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import type { LegRow } from './leg-table-features.ts';

export function LegsBody({
  rows,
  items,
  height,
  selected,
  onSelect,
}: {
  /** Every row the filter and sorting give, drawn or not. */
  rows: readonly LegRow[];
  /** The rows to draw now (the virtualizer's). */
  items: readonly VirtualItem[];
  height: number;
  selected: TransferLeg | null;
  onSelect: (leg: TransferLeg) => void;
}) {
  return (
    <tbody className="legs-body" style={{ height }}>
      {items.map((item) => {
        const row = rows[item.index];
        const leg = row.original;
        return (
          <tr
            key={row.id}
            // biome-ignore lint/a11y/noRedundantRoles: see the table's role (transfers-table.tsx)
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
                // biome-ignore lint/a11y/noRedundantRoles: see the table's role (transfers-table.tsx)
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
  );
}
