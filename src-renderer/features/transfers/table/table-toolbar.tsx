// Above the transfers table: the quick filter over the loaded rows, how many of them match, and
// the column menu.
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import { ColumnMenu } from './column-menu.tsx';

export function TableToolbar({
  quickFilter,
  onQuickFilter,
  matching,
  loaded,
  layout,
  updateLayout,
}: {
  quickFilter: string;
  onQuickFilter: (text: string) => void;
  /** Rows the quick filter lets through, of the `loaded` legs. */
  matching: number;
  loaded: number;
  layout: TableLayout;
  updateLayout: (change: (current: TableLayout) => TableLayout) => void;
}) {
  return (
    <div className="table-toolbar">
      <label className="quick-filter">
        <span>Filter loaded rows</span>
        <input
          type="search"
          value={quickFilter}
          onChange={(e) => onQuickFilter(e.target.value)}
          placeholder="party, update id, status…"
        />
      </label>
      <span className="muted" data-testid="row-count">
        {matching === loaded
          ? `${loaded.toLocaleString('en')} rows`
          : `${matching.toLocaleString('en')} of ${loaded.toLocaleString('en')} rows match`}
      </span>
      <ColumnMenu layout={layout} update={updateLayout} />
    </div>
  );
}
