// How the keyboard grid (keyboard-grid.ts) reads a table's DOM as rows and columns: a cell's row
// and first column (spans counted, aria-rowindex before the row's place), the cell at a position,
// what in a cell can take the focus, and the view the table scrolls in. Read from the DOM every
// time, never cached: rows come and go under the grid (paging, filters, virtualized rows).
import type { GridCell } from '../grid-keys.ts';

/** What can take the focus inside a cell. */
export const CONTROL =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [contenteditable=""], [contenteditable="true"], [tabindex]:not(td):not(th)';
/** Controls that use the arrow keys, Home and End themselves. */
export const OWN_KEYS =
  'input:not([type="button"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]):not([type="reset"]), textarea, select, [contenteditable=""], [contenteditable="true"]';

export const spanOf = (cell: HTMLTableCellElement) =>
  Math.max(cell.colSpan || 1, Number(cell.getAttribute('aria-colspan')) || 1);

/** A row's number in the whole table: its aria-rowindex (1-based) when it has one, else its place. */
export const rowNumber = (tr: HTMLTableRowElement) => {
  const aria = Number(tr.getAttribute('aria-rowindex'));
  return aria > 0 ? aria - 1 : tr.rowIndex;
};

/** The first column a cell covers. */
export function colOf(cell: HTMLTableCellElement): number {
  let col = 0;
  for (const other of (cell.parentElement as HTMLTableRowElement).cells) {
    if (other === cell) return col;
    col += spanOf(other);
  }
  return col;
}

/**
 * A cell's position. A cell spanning columns (a "Loading…" row) keeps the column the move was
 * for: `active`'s, when it is in the same row and among the columns the cell covers.
 */
export function positionOf(cell: HTMLTableCellElement, active: GridCell): GridCell {
  const row = rowNumber(cell.parentElement as HTMLTableRowElement);
  const start = colOf(cell);
  const col = row === active.row && active.col >= start && active.col < start + spanOf(cell) ? active.col : start;
  return { row, col };
}

/** The cell of `tr` that covers column `col`, or its last cell when the row is shorter. */
export function cellAt(tr: HTMLTableRowElement, col: number): HTMLTableCellElement | null {
  let start = 0;
  for (const cell of tr.cells) {
    const span = spanOf(cell);
    if (col < start + span) return cell;
    start += span;
  }
  return tr.cells[tr.cells.length - 1] ?? null;
}

/** The cell of `table` that holds `el` (a cell of a table nested in it is not one). */
export function cellIn(table: HTMLTableElement, el: EventTarget | null): HTMLTableCellElement | null {
  if (!(el instanceof Element)) return null;
  const cell = el.closest<HTMLTableCellElement>('td, th');
  return cell && cell.closest('table') === table ? cell : null;
}

/** The table's drawn rows by their number. */
export function drawnRows(table: HTMLTableElement): Map<number, HTMLTableRowElement> {
  const rows = new Map<number, HTMLTableRowElement>();
  for (const tr of table.rows) if (tr.closest('table') === table) rows.set(rowNumber(tr), tr);
  return rows;
}

/** The drawn row nearest to `row` (itself when drawn). */
export function nearestRow(rows: Map<number, HTMLTableRowElement>, row: number): HTMLTableRowElement | null {
  let best: HTMLTableRowElement | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const [n, tr] of rows) {
    if (Math.abs(n - row) < distance) {
      best = tr;
      distance = Math.abs(n - row);
    }
  }
  return best;
}

/** The table's columns: its aria-colcount, else those of its widest row. */
export function columnCount(table: HTMLTableElement): number {
  const aria = Number(table.getAttribute('aria-colcount'));
  if (aria > 0) return aria;
  let most = 0;
  for (const tr of table.rows)
    most = Math.max(
      most,
      [...tr.cells].reduce((sum, c) => sum + spanOf(c), 0),
    );
  return most;
}

export const controlsOf = (cell: HTMLTableCellElement) =>
  [...cell.querySelectorAll<HTMLElement>(CONTROL)].filter(
    (el) => !el.matches(':disabled') && el.closest('td, th') === cell && !el.closest('[hidden], [inert]'),
  );

/** Where a cell's focus goes: its control (the last of several when entered from the right), else itself. */
export function targetOf(cell: HTMLTableCellElement, fromRight = false): HTMLElement {
  const controls = controlsOf(cell);
  return (fromRight ? controls.at(-1) : controls[0]) ?? cell;
}

/** The box the table scrolls in up and down: its own scrolling box, or null for the window. */
function scrollBox(table: HTMLTableElement): HTMLElement | null {
  for (let el = table.parentElement; el; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

/** The height of the view the table scrolls in, less its header. */
export function viewHeight(table: HTMLTableElement): number {
  const head = table.tHead?.getBoundingClientRect().height ?? 0;
  return (scrollBox(table)?.clientHeight ?? window.innerHeight) - head;
}

/** Whether `el` is within the table's view from top to bottom (sideways it may be out of it). */
export function inViewVertically(table: HTMLTableElement, el: HTMLElement): boolean {
  const box = scrollBox(table)?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  const rect = el.getBoundingClientRect();
  return rect.bottom > box.top && rect.top < box.bottom;
}

/** Sets a tabindex only when it differs (a write is a DOM mutation and a style recalculation). */
export function setTabIndex(el: HTMLElement, value: 0 | -1) {
  if (el.getAttribute('tabindex') !== String(value)) el.setAttribute('tabindex', String(value));
}

/** Focuses a cell or its control; a cell drawn a moment ago may not have its tabindex yet (a td without one takes no focus). */
export function focusOn(el: HTMLElement, options?: FocusOptions) {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus(options);
}
