// Every data table as one Tab stop with the arrow keys inside (the WAI-ARIA data grid's keyboard,
// docs/accessibility.md, "Each table is one Tab stop"): `<table ref={useKeyboardGrid()}>`.
// - A roving tabindex: one element of the table has tabIndex 0, every cell and every control in a
//   cell -1, so Tab enters the table once and the next Tab leaves it; coming back (Tab or
//   Shift+Tab) lands on the cell last focused.
// - A cell's focus goes to its control when it holds one (a sort button, a copy button, a link):
//   Enter and Space then do what they always did, natively. A cell with several controls steps
//   through them with Left and Right before moving on; a cell with none takes the focus itself.
// - The keys (grid-keys.ts): arrows, Home/End in a row, Ctrl+Home/End the first and last cell,
//   PageUp/PageDown by what the view shows. Keys typed into a text field stay the field's.
// - Rows may come and go under it (paging, filters, sorting, virtualized rows): positions are rows
//   and columns, not elements. A row's number is its aria-rowindex when it has one (the virtualized
//   tables, where the table's aria-rowcount counts every row), and a move to a row that is not
//   drawn asks `scrollToRow` to draw it and focuses it once it is. When the focused cell is
//   replaced (a "Loading…" row filled in), the focus goes to the same row and column again.
// It works on the DOM the table renders (event delegation and a MutationObserver), so a table
// adopts it with a ref and no change to how it draws its cells. It brings the full id behind a
// shortened one on keyboard focus and in a copy with it (full-text-tip.ts).
import { type RefCallback, useCallback, useRef } from 'react';
import { attachFullTextTip } from './full-text-tip.ts';
import { cellAfterKey, GRID_KEYS, type GridCell, rowsPerPage } from './grid-keys.ts';

export interface KeyboardGridOptions {
  /** A virtualized table: bring row `row` (0 is the header) into the DOM; the focus follows it there. */
  scrollToRow?: (row: number) => void;
}

/** What can take the focus inside a cell. */
const CONTROL =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [contenteditable=""], [contenteditable="true"], [tabindex]:not(td):not(th)';
/** Controls that use the arrow keys, Home and End themselves. */
const OWN_KEYS =
  'input:not([type="button"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]):not([type="reset"]), textarea, select, [contenteditable=""], [contenteditable="true"]';

const spanOf = (cell: HTMLTableCellElement) =>
  Math.max(cell.colSpan || 1, Number(cell.getAttribute('aria-colspan')) || 1);

/** A row's number in the whole table: its aria-rowindex (1-based) when it has one, else its place. */
const rowNumber = (tr: HTMLTableRowElement) => {
  const aria = Number(tr.getAttribute('aria-rowindex'));
  return aria > 0 ? aria - 1 : tr.rowIndex;
};

/** The first column a cell covers. */
function colOf(cell: HTMLTableCellElement): number {
  let col = 0;
  for (const other of (cell.parentElement as HTMLTableRowElement).cells) {
    if (other === cell) return col;
    col += spanOf(other);
  }
  return col;
}

/** The cell of `tr` that covers column `col`, or its last cell when the row is shorter. */
function cellAt(tr: HTMLTableRowElement, col: number): HTMLTableCellElement | null {
  let start = 0;
  for (const cell of tr.cells) {
    const span = spanOf(cell);
    if (col < start + span) return cell;
    start += span;
  }
  return tr.cells[tr.cells.length - 1] ?? null;
}

const controlsOf = (cell: HTMLTableCellElement) =>
  [...cell.querySelectorAll<HTMLElement>(CONTROL)].filter(
    (el) => !el.matches(':disabled') && el.closest('td, th') === cell && !el.closest('[hidden], [inert]'),
  );

/** Where a cell's focus goes: its control (the last of several when entered from the right), else itself. */
function targetOf(cell: HTMLTableCellElement, fromRight = false): HTMLElement {
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
function viewHeight(table: HTMLTableElement): number {
  const head = table.tHead?.getBoundingClientRect().height ?? 0;
  return (scrollBox(table)?.clientHeight ?? window.innerHeight) - head;
}

/** Whether `el` is within the table's view from top to bottom (sideways it may be out of it). */
function inViewVertically(table: HTMLTableElement, el: HTMLElement): boolean {
  const box = scrollBox(table)?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  const rect = el.getBoundingClientRect();
  return rect.bottom > box.top && rect.top < box.bottom;
}

/** Sets a tabindex only when it differs (a write is a DOM mutation and a style recalculation). */
function setTabIndex(el: HTMLElement, value: 0 | -1) {
  if (el.getAttribute('tabindex') !== String(value)) el.setAttribute('tabindex', String(value));
}

/** Focuses a cell or its control; a cell drawn a moment ago may not have its tabindex yet (a td without one takes no focus). */
function focusOn(el: HTMLElement, options?: FocusOptions) {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus(options);
}

function attach(table: HTMLTableElement, options: { current: KeyboardGridOptions }): () => void {
  /** The cell last focused (or asked for), by position. Before any focus, the first cell. */
  let active: GridCell = { row: 0, col: 0 };
  /** The element last focused in the table: the Tab stop while it is there. */
  let lastFocused: HTMLElement | null = null;
  /** A move to a row not drawn yet: focused once it is. */
  let pending: (GridCell & { fromRight: boolean }) | null = null;
  /** Whether the keyboard focus belongs in the table (it may be lost for a moment when its cell is replaced). */
  let holding = false;

  const cellOf = (el: EventTarget | null): HTMLTableCellElement | null => {
    if (!(el instanceof Element)) return null;
    const cell = el.closest<HTMLTableCellElement>('td, th');
    return cell && cell.closest('table') === table ? cell : null;
  };
  const drawnRows = () => {
    const rows = new Map<number, HTMLTableRowElement>();
    for (const tr of table.rows) if (tr.closest('table') === table) rows.set(rowNumber(tr), tr);
    return rows;
  };
  /** The drawn row nearest to `row` (itself when drawn). */
  const nearestRow = (rows: Map<number, HTMLTableRowElement>, row: number) => {
    let best: HTMLTableRowElement | null = null;
    let distance = Number.POSITIVE_INFINITY;
    for (const [n, tr] of rows) {
      if (Math.abs(n - row) < distance) {
        best = tr;
        distance = Math.abs(n - row);
      }
    }
    return best;
  };
  const columnCount = () => {
    const aria = Number(table.getAttribute('aria-colcount'));
    if (aria > 0) return aria;
    let most = 0;
    for (const tr of table.rows)
      most = Math.max(
        most,
        [...tr.cells].reduce((sum, c) => sum + spanOf(c), 0),
      );
    return most;
  };

  /** The one Tab stop: what has the focus, else the last focused, else the active cell's target. */
  const tabStop = (): HTMLElement | null => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && cellOf(focused)) return focused;
    if (lastFocused?.isConnected && cellOf(lastFocused)) return lastFocused;
    const tr = nearestRow(drawnRows(), active.row);
    const cell = tr && cellAt(tr, active.col);
    return cell ? targetOf(cell) : null;
  };
  const applyStops = () => {
    const stop = tabStop();
    for (const cell of table.querySelectorAll<HTMLElement>('td, th')) {
      if (cellOf(cell) === cell) setTabIndex(cell, cell === stop ? 0 : -1);
    }
    for (const control of table.querySelectorAll<HTMLElement>(CONTROL)) {
      if (cellOf(control)) setTabIndex(control, control === stop ? 0 : -1);
    }
  };

  const moveTo = (next: GridCell, fromRight: boolean) => {
    active = next;
    const tr = drawnRows().get(next.row);
    const cell = tr && cellAt(tr, next.col);
    if (cell) {
      pending = null;
      focusOn(targetOf(cell, fromRight));
    } else {
      pending = { ...next, fromRight };
      options.current.scrollToRow?.(next.row);
    }
  };

  /** After the table's rows or cells changed: a pending move lands, a lost focus comes back, the stops are set. */
  const sync = () => {
    const rows = drawnRows();
    if (pending && holding) {
      const cell = rows.has(pending.row) ? cellAt(rows.get(pending.row) as HTMLTableRowElement, pending.col) : null;
      if (cell) {
        const fromRight = pending.fromRight;
        pending = null;
        focusOn(targetOf(cell, fromRight));
        return;
      }
    }
    const focused = document.activeElement;
    if (!pending && holding && (!focused || focused === document.body)) {
      const tr = rows.get(active.row);
      const cell = tr && cellAt(tr, active.col);
      if (cell) {
        // Back on the cell that was replaced, without scrolling the rows the user may be wheeling
        // through; a cell in view is brought in sideways (a filled-in "Loading…" row's column).
        const target = targetOf(cell);
        focusOn(target, { preventScroll: true });
        if (inViewVertically(table, target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        return;
      }
    }
    applyStops();
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const cell = cellOf(target);
    if (!cell) return;
    const row = rowNumber(cell.parentElement as HTMLTableRowElement);
    const start = colOf(cell);
    // A cell spanning columns (a "Loading…" row) keeps the column the move was for.
    const col = row === active.row && active.col >= start && active.col < start + spanOf(cell) ? active.col : start;
    active = { row, col };
    lastFocused = target;
    holding = true;
    applyStops();
  };
  const onFocusOut = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (to instanceof Node && table.contains(to)) return;
    if (to) {
      holding = false;
      pending = null;
      return;
    }
    // Focus to nowhere: the user left (the element is still there) or the cell was replaced.
    const from = event.target as HTMLElement;
    queueMicrotask(() => {
      if (from.isConnected && document.activeElement !== from) {
        holding = false;
        pending = null;
      }
    });
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Node && table.contains(event.target))) holding = false;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.shiftKey || !GRID_KEYS.has(event.key)) return;
    const target = event.target as HTMLElement;
    const cell = cellOf(target);
    if (!cell || (target !== cell && target.matches(OWN_KEYS))) return;
    // Several controls in one cell: Left and Right step through them before leaving the cell.
    if (target !== cell && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      const controls = controlsOf(cell);
      const at = controls.indexOf(target);
      const next = controls[at + (event.key === 'ArrowRight' ? 1 : -1)];
      if (at >= 0 && next) {
        event.preventDefault();
        focusOn(next);
        return;
      }
    }
    const tr = cell.parentElement as HTMLTableRowElement;
    const row = rowNumber(tr);
    const start = colOf(cell);
    const col = row === active.row && active.col >= start && active.col < start + spanOf(cell) ? active.col : start;
    const rowsAtRow = tr.getBoundingClientRect().height;
    const next = cellAfterKey({ row, col }, event, {
      rows: Number(table.getAttribute('aria-rowcount')) || table.rows.length,
      cols: columnCount(),
      page: rowsPerPage(viewHeight(table), rowsAtRow),
    });
    if (!next) return;
    event.preventDefault();
    moveTo(next, event.key === 'ArrowLeft');
  };

  const observer = new MutationObserver(sync);
  observer.observe(table, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  table.addEventListener('focusin', onFocusIn);
  table.addEventListener('focusout', onFocusOut);
  table.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', onPointerDown, true);
  table.dataset.keyboardGrid = '';
  // A shortened id's full text on keyboard focus, and whole in a copy.
  const detachTip = attachFullTextTip(table);
  applyStops();
  return () => {
    detachTip();
    observer.disconnect();
    table.removeEventListener('focusin', onFocusIn);
    table.removeEventListener('focusout', onFocusOut);
    table.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', onPointerDown, true);
  };
}

/** The ref for a data table that should be one Tab stop with the arrow keys inside. */
export function useKeyboardGrid(options: KeyboardGridOptions = {}): RefCallback<HTMLTableElement> {
  const current = useRef(options);
  current.current = options;
  return useCallback((table: HTMLTableElement | null) => (table ? attach(table, current) : undefined), []);
}
