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
// The parts: how a table's DOM is read as rows and columns (keyboard-grid/grid-cells.ts), the
// roving Tab stop and the focus on a move (keyboard-grid/roving-focus.ts), the keys
// (keyboard-grid/grid-keydown.ts).
import { type RefCallback, useCallback, useRef } from 'react';
import { attachFullTextTip } from './full-text-tip.ts';
import { gridKeyDown } from './keyboard-grid/grid-keydown.ts';
import { RovingFocus } from './keyboard-grid/roving-focus.ts';

export interface KeyboardGridOptions {
  /** A virtualized table: bring row `row` (0 is the header) into the DOM; the focus follows it there. */
  scrollToRow?: (row: number) => void;
}

function attach(table: HTMLTableElement, options: { current: KeyboardGridOptions }): () => void {
  const focus = new RovingFocus(table, (row) => options.current.scrollToRow?.(row));
  const onKeyDown = gridKeyDown(table, focus);
  const observer = new MutationObserver(focus.sync);
  observer.observe(table, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  table.addEventListener('focusin', focus.onFocusIn);
  table.addEventListener('focusout', focus.onFocusOut);
  table.addEventListener('keydown', onKeyDown);
  document.addEventListener('pointerdown', focus.onPointerDown, true);
  table.dataset.keyboardGrid = '';
  // A shortened id's full text on keyboard focus, and whole in a copy.
  const detachTip = attachFullTextTip(table);
  focus.applyStops();
  return () => {
    detachTip();
    observer.disconnect();
    table.removeEventListener('focusin', focus.onFocusIn);
    table.removeEventListener('focusout', focus.onFocusOut);
    table.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('pointerdown', focus.onPointerDown, true);
  };
}

/** The ref for a data table that should be one Tab stop with the arrow keys inside. */
export function useKeyboardGrid(options: KeyboardGridOptions = {}): RefCallback<HTMLTableElement> {
  const current = useRef(options);
  current.current = options;
  return useCallback((table: HTMLTableElement | null) => (table ? attach(table, current) : undefined), []);
}
