// Every leg matching the view, windowed (ui/fixed-rows.ts: one row height, up to ten million
// rows): the scroll height is `total` rows (capped, see there), and only the rows in view are
// fetched, in windows of WINDOW rows by offset (the window under the top row, and the next one
// when the view spans two: use-legs-windows.ts). Sorting is main's, over every stored leg. The
// amount column is as wide as the widest amount of the windows fetched for this view (it widens
// when a wider one scrolls in, never narrows while the view stays): every amount is whole
// (ui/amount-cell.tsx); so are times, party ids and update ids (ui/cell-width.ts; use-legs-columns.ts).
import { type ReactNode, useEffect, useRef } from 'react';
import type { LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import type { LegsView } from '../../../data/local-ledger.ts';
import { ColumnsBeyond } from '../../../ui/columns-beyond.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { scrollTopFor } from '../../../ui/fixed-rows.ts';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { count } from '../../../ui/local-format.ts';
import { LocalLegRow } from './local-leg-row.tsx';
import { LocalLegsHead } from './local-legs-head.tsx';
import { useColumns, useColumnWidths } from './use-legs-columns.ts';
import { ROW_HEIGHT, useLegsWindows } from './use-legs-windows.ts';

export function LocalLegsTable({
  profileId,
  party,
  view,
  onSort,
  zone,
  toolbar,
}: {
  profileId: string;
  party: string;
  view: LegsView;
  onSort: (column: LocalSortColumn) => void;
  zone: 'local' | 'utc';
  toolbar?: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(profileId, view);
  const { first, total, items, height, loaded, legAt, counted, error } = useLegsWindows(
    profileId,
    party,
    view,
    scrollRef,
  );
  const viewKey = JSON.stringify(view);
  const { widthOf, tableWidth } = useColumnWidths(columns, loaded, zone, viewKey);
  useEffect(() => {
    if (viewKey && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [viewKey]);

  // One Tab stop, arrows inside; a row past the drawn ones is scrolled to (row 0 is the header),
  // drawn as "Loading…" until its window comes, then focused in its own column.
  const grid = useKeyboardGrid({
    scrollToRow: (row) => {
      const element = scrollRef.current;
      if (element) element.scrollTop = scrollTopFor(row - 1, total, ROW_HEIGHT, element.clientHeight);
    },
  });

  return (
    <div className="local-legs">
      <div className="table-toolbar">
        <span data-testid="local-count" aria-busy={!counted}>
          {counted ? `${count(total)} ${total === 1 ? 'leg matches' : 'legs match'}` : 'Counting…'}
        </span>
        {first.data && counted && <span className="muted"> · {first.data.elapsedMs} ms</span>}
        {toolbar}
      </div>
      {error && <ErrorMessage error={error} title="The local store could not be read." />}
      <ColumnsBeyond box={scrollRef} />
      <div className="local-legs-scroll" ref={scrollRef}>
        <table
          ref={grid}
          // biome-ignore lint/a11y/noRedundantRoles: display:grid drops implicit table semantics in some browsers
          role="table"
          className="local-legs-table"
          aria-label="Local legs"
          aria-rowcount={total + 1}
          aria-colcount={columns.length}
          style={{ width: tableWidth }}
        >
          <LocalLegsHead columns={columns} sort={view.sort} onSort={onSort} widthOf={widthOf} />
          <tbody className="local-legs-body" style={{ height }}>
            {items.map((item) => (
              <LocalLegRow
                key={item.index}
                item={item}
                leg={legAt(item.index)}
                columns={columns}
                widthOf={widthOf}
                tableWidth={tableWidth}
                zone={zone}
              />
            ))}
          </tbody>
        </table>
        {counted && total === 0 && <p className="muted empty-note">No stored leg matches.</p>}
      </div>
    </div>
  );
}
