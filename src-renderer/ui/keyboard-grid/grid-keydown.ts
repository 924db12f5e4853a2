// The keyboard grid's keys (keyboard-grid.ts): a grid key pressed in a cell becomes a move
// (cellAfterKey in grid-keys.ts) that the roving focus carries out (roving-focus.ts). Keys typed
// into a text field stay the field's, and a cell with several controls steps through them with
// Left and Right before the focus leaves the cell.
import { cellAfterKey, GRID_KEYS, rowsPerPage } from '../grid-keys.ts';
import { cellIn, columnCount, controlsOf, focusOn, OWN_KEYS, positionOf, viewHeight } from './grid-cells.ts';
import type { RovingFocus } from './roving-focus.ts';

/** The table's keydown listener. */
export function gridKeyDown(table: HTMLTableElement, focus: RovingFocus): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.defaultPrevented || event.altKey || event.shiftKey || !GRID_KEYS.has(event.key)) return;
    const target = event.target as HTMLElement;
    const cell = cellIn(table, target);
    if (!cell || (target !== cell && target.matches(OWN_KEYS))) return;
    if (target !== cell && stepWithinCell(cell, target, event)) return;
    const at = positionOf(cell, focus.active);
    const rowsAtRow = (cell.parentElement as HTMLTableRowElement).getBoundingClientRect().height;
    const next = cellAfterKey(at, event, {
      rows: Number(table.getAttribute('aria-rowcount')) || table.rows.length,
      cols: columnCount(table),
      page: rowsPerPage(viewHeight(table), rowsAtRow),
    });
    if (!next) return;
    event.preventDefault();
    focus.moveTo(next, event.key === 'ArrowLeft');
  };
}

/** Left or Right on one of several controls in a cell: the focus goes to its neighbour there, if it has one. */
function stepWithinCell(cell: HTMLTableCellElement, target: HTMLElement, event: KeyboardEvent): boolean {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const controls = controlsOf(cell);
  const at = controls.indexOf(target);
  const next = controls[at + (event.key === 'ArrowRight' ? 1 : -1)];
  if (at < 0 || !next) return false;
  event.preventDefault();
  focusOn(next);
  return true;
}
