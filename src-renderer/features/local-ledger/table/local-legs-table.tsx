// Every leg matching the view, windowed (ui/fixed-rows.ts: one row height, up to ten million
// rows): the scroll height is `total` rows (capped, see there), and only the rows in view are
// fetched, in windows of WINDOW rows by offset (the window under the top row, and the next one
// when the view spans two). Sorting is main's, over every stored leg. The amount column is as wide
// as the widest amount of the windows fetched for this view (it widens when a wider one scrolls
// in, never narrows while the view stays): every amount is whole (ui/amount-cell.tsx); so are
// times, party ids and update ids (ui/cell-width.ts).
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { LocalLeg, LocalLegsPage, LocalSortColumn } from '../../../../src-shared/contract/local-ledger.ts';
import { type LegsView, useLegsWindow } from '../../../data/local-ledger.ts';
import { usePortfolios } from '../../../data/sync-all.ts';
import { useAmountColumnPx, useWidestAmount } from '../../../ui/amount-cell.tsx';
import { useColumnFloors } from '../../../ui/cell-width.ts';
import { ColumnsBeyond } from '../../../ui/columns-beyond.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { scrollTopFor, useFixedRows } from '../../../ui/fixed-rows.ts';
import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import { count } from '../../../ui/local-format.ts';
import { columnsOver, LOCAL_COLUMNS, type LocalColumn, legAmount, legOwner } from './local-columns.tsx';

export const WINDOW = 100;
const ROW_HEIGHT = 30;
const amountColumn = LOCAL_COLUMNS.find((c) => c.id === 'amount') as LocalColumn;

/** The table's columns: with Party first when the view reads several parties (a portfolio's internal legs marked). */
function useColumns(profileId: string, view: LegsView): readonly LocalColumn[] {
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

function legAt(page: LocalLegsPage | undefined, index: number): LocalLeg | undefined {
  if (!page) return undefined;
  return page.legs[index - page.offset];
}

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
  const first = useLegsWindow(profileId, party, view, { offset: 0, limit: WINDOW, enabled: true });
  // The row count comes from the view's own answer; a previous view's (placeholder) keeps the height meanwhile.
  const total = first.data?.total ?? 0;
  const { rows: items, height } = useFixedRows({ count: total, rowHeight: ROW_HEIGHT, overscan: 6, scrollRef });
  const top = items[0]?.index ?? 0;
  const bottom = items.at(-1)?.index ?? 0;
  const base = Math.floor(top / WINDOW) * WINDOW;
  const here = useLegsWindow(profileId, party, view, { offset: base, limit: WINDOW, enabled: base > 0 });
  const next = useLegsWindow(profileId, party, view, {
    offset: base + WINDOW,
    limit: WINDOW,
    enabled: bottom >= base + WINDOW,
  });
  const pages = [first, here, next].filter((q) => q.data && !q.isPlaceholderData).map((q) => q.data);

  const viewKey = JSON.stringify(view);
  const loaded = pages.flatMap((p) => p?.legs ?? []);
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
  const tableWidth = columns.reduce((sum, c) => sum + widthOf(c), 0);
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

  const counted = first.data && !first.isPlaceholderData;
  const error = first.error ?? here.error ?? next.error;
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
          <thead className="local-legs-head">
            {/* biome-ignore lint/a11y/noRedundantRoles: see the table's role */}
            <tr role="row" aria-rowindex={1}>
              {columns.map((c) => {
                const sorted = c.sort !== null && view.sort.column === c.sort;
                return (
                  <th
                    key={c.id}
                    // biome-ignore lint/a11y/noRedundantRoles: see the table's role
                    role="columnheader"
                    scope="col"
                    className={c.numeric ? 'numeric' : undefined}
                    style={{ width: widthOf(c) }}
                    aria-sort={sorted ? (view.sort.desc ? 'descending' : 'ascending') : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      disabled={c.sort === null}
                      onClick={() => c.sort && onSort(c.sort)}
                      title="Sort every stored leg (click again to reverse)"
                    >
                      {c.header}
                      <span aria-hidden="true">{sorted ? (view.sort.desc ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="local-legs-body" style={{ height }}>
            {items.map((item) => {
              const leg = pages.map((p) => legAt(p, item.index)).find((l) => l !== undefined);
              return (
                <tr
                  key={item.index}
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
            })}
          </tbody>
        </table>
        {counted && total === 0 && <p className="muted empty-note">No stored leg matches.</p>}
      </div>
    </div>
  );
}
