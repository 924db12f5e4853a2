// One row of the windowed table, drawn where its index puts it: the leg's cells, or "Loading…"
// across the row until the window holding it comes.
import type { LocalLeg } from '../../../../src-shared/contract/local-ledger.ts';
import type { FixedRow } from '../../../ui/fixed-rows.ts';
import type { LocalColumn } from './local-columns.tsx';

export function LocalLegRow({
  item,
  leg,
  columns,
  widthOf,
  tableWidth,
  zone,
}: {
  item: FixedRow;
  leg: LocalLeg | undefined;
  columns: readonly LocalColumn[];
  widthOf: (column: LocalColumn) => number;
  tableWidth: number;
  zone: 'local' | 'utc';
}) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: see the table's role
      role="row"
      className={leg ? 'local-leg-row' : 'local-leg-row loading'}
      aria-rowindex={item.index + 2}
      style={{ transform: `translateY(${item.top}px)` }}
    >
      {leg ? (
        columns.map((c) => (
          <td
            key={c.id}
            // biome-ignore lint/a11y/noRedundantRoles: see the table's role
            role="cell"
            data-column={c.id}
            className={c.numeric ? 'numeric' : undefined}
            style={{ width: widthOf(c) }}
          >
            {c.cell(leg, zone)}
          </td>
        ))
      ) : (
        <td
          // biome-ignore lint/a11y/noRedundantRoles: see the table's role
          role="cell"
          className="muted"
          style={{ width: tableWidth }}
          aria-colspan={columns.length}
        >
          Loading…
        </td>
      )}
    </tr>
  );
}
