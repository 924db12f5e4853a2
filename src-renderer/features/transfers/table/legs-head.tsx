// The transfers table's header row: a sort button per column (click again to reverse, a third
// time to clear) and the edge that resizes it by dragging.
import { FlexRender, type HeaderGroup } from '@tanstack/react-table';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';
import type { LegFeatures } from './leg-table-features.ts';

export function LegsHead({ groups }: { groups: ReadonlyArray<HeaderGroup<LegFeatures, TransferLeg>> }) {
  return (
    <thead className="legs-head">
      {groups.map((group) => (
        // biome-ignore lint/a11y/noRedundantRoles: see the table's role (transfers-table.tsx)
        <tr key={group.id} role="row" aria-rowindex={1}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const numeric = header.column.columnDef.meta?.numeric;
            return (
              <th
                key={header.id}
                // biome-ignore lint/a11y/noRedundantRoles: see the table's role (transfers-table.tsx)
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
  );
}
