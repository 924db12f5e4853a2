// Which cell a key moves to in a table read as a grid (the WAI-ARIA data grid's keys; the hook that
// applies them to a table is keyboard-grid.ts, the decision is in docs/accessibility.md, "Each
// table is one Tab stop"). Pure, so the moves are tested without a page: rows and columns count
// from 0, the header row is row 0, and `rows` is every row of the table, drawn or not (a
// virtualized table's aria-rowcount).

export interface GridCell {
  row: number;
  col: number;
}

export interface GridShape {
  /** Every row, header included. */
  rows: number;
  /** Columns of the widest row. */
  cols: number;
  /** Rows a PageUp or PageDown moves: what the view shows at once. */
  page: number;
}

export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** The keys the grid answers (a key not listed here is left to the cell's control and the page). */
export const GRID_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

const clamp = (value: number, least: number, most: number) => Math.max(least, Math.min(most, value));

/**
 * The cell `key` moves to from `at`, or null for a key the grid does not take. At an edge the
 * focus stays where it is (the key is still the grid's: it does not scroll the page instead).
 * Ctrl (Cmd on a Mac) with Home or End goes to the first or the last cell of the whole table.
 */
export function cellAfterKey(at: GridCell, { key, ctrlKey, metaKey }: GridKey, shape: GridShape): GridCell | null {
  if (!GRID_KEYS.has(key) || shape.rows < 1 || shape.cols < 1) return null;
  const lastRow = shape.rows - 1;
  const lastCol = shape.cols - 1;
  const row = clamp(at.row, 0, lastRow);
  const col = clamp(at.col, 0, lastCol);
  const page = Math.max(1, Math.floor(shape.page));
  const whole = ctrlKey || metaKey;
  switch (key) {
    case 'ArrowUp':
      return { row: Math.max(0, row - 1), col };
    case 'ArrowDown':
      return { row: Math.min(lastRow, row + 1), col };
    case 'ArrowLeft':
      return { row, col: Math.max(0, col - 1) };
    case 'ArrowRight':
      return { row, col: Math.min(lastCol, col + 1) };
    case 'Home':
      return whole ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return whole ? { row: lastRow, col: lastCol } : { row, col: lastCol };
    case 'PageUp':
      return { row: Math.max(0, row - page), col };
    case 'PageDown':
      return { row: Math.min(lastRow, row + page), col };
    default:
      return null;
  }
}

/** Rows in a view `viewPx` tall of rows `rowPx` tall, less one kept for context (at least one). */
export function rowsPerPage(viewPx: number, rowPx: number): number {
  if (!(rowPx > 0) || !(viewPx > 0)) return 1;
  return Math.max(1, Math.floor(viewPx / rowPx) - 1);
}
