// The keyboard grid's roving tabindex (keyboard-grid.ts): which one element of the table is its Tab
// stop, where the focus goes on a move (or, for a row not drawn yet, once it is drawn), and the
// focus brought back when the focused cell is replaced. Positions are rows and columns, not
// elements, so rows may come and go under it. The keys that ask for a move: grid-keydown.ts.
import type { GridCell } from '../grid-keys.ts';
import {
  CONTROL,
  cellAt,
  cellIn,
  drawnRows,
  focusOn,
  inViewVertically,
  nearestRow,
  positionOf,
  setTabIndex,
  targetOf,
} from './grid-cells.ts';

export class RovingFocus {
  /** The cell last focused (or asked for), by position. Before any focus, the first cell. */
  active: GridCell = { row: 0, col: 0 };
  /** The element last focused in the table: the Tab stop while it is there. */
  private lastFocused: HTMLElement | null = null;
  /** A move to a row not drawn yet: focused once it is. */
  private pending: (GridCell & { fromRight: boolean }) | null = null;
  /** Whether the keyboard focus belongs in the table (it may be lost for a moment when its cell is replaced). */
  private holding = false;
  private readonly table: HTMLTableElement;
  /** Brings a row that is not drawn into the DOM (a virtualized table's scrollToRow). */
  private readonly scrollToRow: (row: number) => void;

  constructor(table: HTMLTableElement, scrollToRow: (row: number) => void) {
    this.table = table;
    this.scrollToRow = scrollToRow;
  }

  /** The one Tab stop: what has the focus, else the last focused, else the active cell's target. */
  private tabStop(): HTMLElement | null {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && cellIn(this.table, focused)) return focused;
    if (this.lastFocused?.isConnected && cellIn(this.table, this.lastFocused)) return this.lastFocused;
    const tr = nearestRow(drawnRows(this.table), this.active.row);
    const cell = tr && cellAt(tr, this.active.col);
    return cell ? targetOf(cell) : null;
  }

  applyStops() {
    const stop = this.tabStop();
    for (const cell of this.table.querySelectorAll<HTMLElement>('td, th')) {
      if (cellIn(this.table, cell) === cell) setTabIndex(cell, cell === stop ? 0 : -1);
    }
    for (const control of this.table.querySelectorAll<HTMLElement>(CONTROL)) {
      if (cellIn(this.table, control)) setTabIndex(control, control === stop ? 0 : -1);
    }
  }

  moveTo(next: GridCell, fromRight: boolean) {
    this.active = next;
    const tr = drawnRows(this.table).get(next.row);
    const cell = tr && cellAt(tr, next.col);
    if (cell) {
      this.pending = null;
      focusOn(targetOf(cell, fromRight));
    } else {
      this.pending = { ...next, fromRight };
      this.scrollToRow(next.row);
    }
  }

  /** After the table's rows or cells changed: a pending move lands, a lost focus comes back, the stops are set. */
  readonly sync = () => {
    const rows = drawnRows(this.table);
    const pending = this.pending;
    if (pending && this.holding) {
      const cell = rows.has(pending.row) ? cellAt(rows.get(pending.row) as HTMLTableRowElement, pending.col) : null;
      if (cell) {
        this.pending = null;
        focusOn(targetOf(cell, pending.fromRight));
        return;
      }
    }
    const focused = document.activeElement;
    if (!this.pending && this.holding && (!focused || focused === document.body)) {
      const tr = rows.get(this.active.row);
      const cell = tr && cellAt(tr, this.active.col);
      if (cell) {
        // Back on the cell that was replaced, without scrolling the rows the user may be wheeling
        // through; a cell in view is brought in sideways (a filled-in "Loading…" row's column).
        const target = targetOf(cell);
        focusOn(target, { preventScroll: true });
        if (inViewVertically(this.table, target)) target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        return;
      }
    }
    this.applyStops();
  };

  readonly onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const cell = cellIn(this.table, target);
    if (!cell) return;
    this.active = positionOf(cell, this.active);
    this.lastFocused = target;
    this.holding = true;
    this.applyStops();
  };

  readonly onFocusOut = (event: FocusEvent) => {
    const to = event.relatedTarget;
    if (to instanceof Node && this.table.contains(to)) return;
    if (to) {
      this.letGo();
      return;
    }
    // Focus to nowhere: the user left (the element is still there) or the cell was replaced.
    const from = event.target as HTMLElement;
    queueMicrotask(() => {
      if (from.isConnected && document.activeElement !== from) this.letGo();
    });
  };

  readonly onPointerDown = (event: PointerEvent) => {
    if (!(event.target instanceof Node && this.table.contains(event.target))) this.holding = false;
  };

  /** The focus left the table: nothing is brought back to it, no move lands. */
  private letGo() {
    this.holding = false;
    this.pending = null;
  }
}
