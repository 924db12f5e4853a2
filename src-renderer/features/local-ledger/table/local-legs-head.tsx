// The windowed table's header row: one button per column that sorts every stored leg by it (main
// sorts), the sorted column saying which way.
import type { LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import type { LegsView } from '../../../data/local-ledger.ts';
import type { LocalColumn } from './local-columns.tsx';

export function LocalLegsHead({
  columns,
  sort,
  onSort,
  widthOf,
}: {
  columns: readonly LocalColumn[];
  sort: LegsView['sort'];
  onSort: (column: LocalSortColumn) => void;
  widthOf: (column: LocalColumn) => number;
}) {
  return (
    <thead className="local-legs-head">
      {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
      <tr role="row" aria-rowindex={1}>
        {columns.map((c) => {
          const sorted = c.sort !== null && sort.column === c.sort;
          return (
            <th
              key={c.id}
              // biome-ignore lint/a11y/noRedundantRoles: see the table's role
              role="columnheader"
              scope="col"
              className={c.numeric ? 'numeric' : undefined}
              style={{ width: widthOf(c) }}
              aria-sort={sorted ? (sort.desc ? 'descending' : 'ascending') : undefined}
            >
              <button
                type="button"
                className="sort-button"
                disabled={c.sort === null}
                onClick={() => c.sort && onSort(c.sort)}
                title="Sort every stored leg (click again to reverse)"
              >
                {c.header}
                <span aria-hidden="true">{sorted ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
