// Column visibility, order and width, all reachable by keyboard (dragging a header edge also
// resizes, but is not the only way).
import type { TableLayout } from '../../../../src-shared/contract/schemas.ts';
import { legColumns } from './leg-columns.tsx';

const labelOf = (id: string) => legColumns.find((c) => c.id === id)?.meta?.label ?? id;
const defaultSize = (id: string) => legColumns.find((c) => c.id === id)?.size ?? 150;

export function ColumnMenu({
  layout,
  update,
}: {
  layout: TableLayout;
  update: (change: (current: TableLayout) => TableLayout) => void;
}) {
  const move = (id: string, by: -1 | 1) =>
    update((current) => {
      const order = [...current.columnOrder];
      const from = order.indexOf(id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= order.length) return current;
      [order[from], order[to]] = [order[to], order[from]];
      return { ...current, columnOrder: order };
    });
  return (
    <details className="column-menu">
      <summary>Columns</summary>
      <ul aria-label="Columns">
        {layout.columnOrder.map((id, index) => {
          const label = labelOf(id);
          return (
            <li key={id}>
              <label>
                <input
                  type="checkbox"
                  aria-label={`Show column ${label}`}
                  checked={layout.columnVisibility[id] !== false}
                  onChange={(e) =>
                    update((current) => ({
                      ...current,
                      columnVisibility: { ...current.columnVisibility, [id]: e.target.checked },
                    }))
                  }
                />{' '}
                {label}
              </label>
              <button
                type="button"
                aria-label={`Move ${label} left`}
                disabled={index === 0}
                onClick={() => move(id, -1)}
              >
                ←
              </button>
              <button
                type="button"
                aria-label={`Move ${label} right`}
                disabled={index === layout.columnOrder.length - 1}
                onClick={() => move(id, 1)}
              >
                →
              </button>
              <input
                type="number"
                min={40}
                max={1200}
                step={10}
                aria-label={`Width of ${label}`}
                value={Math.round(layout.columnSizing[id] ?? defaultSize(id))}
                onChange={(e) => {
                  const size = Number(e.target.value);
                  if (Number.isFinite(size) && size >= 40 && size <= 1200)
                    update((current) => ({ ...current, columnSizing: { ...current.columnSizing, [id]: size } }));
                }}
              />
            </li>
          );
        })}
      </ul>
    </details>
  );
}
