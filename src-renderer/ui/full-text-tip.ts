// The full value behind a shortened one in a table cell (a party or an update id, marked
// `data-full-text`): shown in a tooltip while the cell has the keyboard focus (and given to the
// focused element as its description, so a screen reader says it too), and what a copy takes:
// Ctrl+C on the focused cell, or a selection inside the short text. The short form keeps a column
// narrow; the exact id is one key away (issue 37, item 2). Hover already shows it: the title.
// Every keyboard-grid table has it (keyboard-grid.ts attaches it), so no table wires it itself.

const TIP_ID = 'full-text-tip';
const GAP_PX = 2;

let tip: HTMLElement | null = null;
/** The element the tip describes now, and the description it had before. */
let shownFor: { element: HTMLElement; describedBy: string | null } | null = null;

/** The one tip, in the screen's landmark (`main`) when the table is in one. */
function tipElement(near: Element): HTMLElement {
  const home = near.closest('main') ?? document.body;
  if (!tip || tip.parentElement !== home) {
    tip?.remove();
    tip = document.createElement('div');
    tip.id = TIP_ID;
    tip.className = 'full-text-tip';
    tip.setAttribute('role', 'tooltip');
    tip.hidden = true;
    home.append(tip);
  }
  return tip;
}

/** Under the cell (above it when there is no room below), inside the window. */
function place() {
  if (!shownFor || !tip) return;
  const cell = shownFor.element.closest('td, th') ?? shownFor.element;
  if (!cell.isConnected) return hide();
  const at = cell.getBoundingClientRect();
  const size = tip.getBoundingClientRect();
  const below = at.bottom + GAP_PX + size.height <= window.innerHeight;
  tip.style.top = `${below ? at.bottom + GAP_PX : Math.max(0, at.top - GAP_PX - size.height)}px`;
  tip.style.left = `${Math.max(0, Math.min(at.left, window.innerWidth - size.width - GAP_PX))}px`;
}

function show(element: HTMLElement, text: string) {
  hide();
  const box = tipElement(element);
  box.textContent = text;
  box.hidden = false;
  shownFor = { element, describedBy: element.getAttribute('aria-describedby') };
  element.setAttribute('aria-describedby', [shownFor.describedBy, TIP_ID].filter(Boolean).join(' '));
  place();
  // The cell moves when its table or the page scrolls: the tip follows.
  window.addEventListener('scroll', place, true);
}

function hide() {
  window.removeEventListener('scroll', place, true);
  if (tip) tip.hidden = true;
  if (!shownFor) return;
  const { element, describedBy } = shownFor;
  if (describedBy) element.setAttribute('aria-describedby', describedBy);
  else element.removeAttribute('aria-describedby');
  shownFor = null;
}

/** The full value a cell's shortened text stands for (its first, should it hold several). */
const fullTextOf = (cell: Element | null | undefined) =>
  cell?.querySelector('[data-full-text]')?.getAttribute('data-full-text') ?? null;

/** The focus tip and the whole copy for `table`'s cells; returns what undoes it. */
export function attachFullTextTip(table: HTMLTableElement): () => void {
  const cellOf = (el: EventTarget | null) =>
    el instanceof Element ? el.closest<HTMLTableCellElement>('td, th') : null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    const full = fullTextOf(cellOf(target));
    // Keyboard focus only: a click already has the title, and a tip would cover the next row.
    if (full && target.matches(':focus-visible')) show(target, full);
    else if (shownFor) hide();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (shownFor?.element === event.target) hide();
  };
  const onCopy = (event: ClipboardEvent) => {
    const selection = document.getSelection();
    let full: string | null = null;
    if (!selection || selection.isCollapsed) {
      full = fullTextOf(cellOf(event.target));
    } else {
      const range = selection.getRangeAt(0);
      const start = range.startContainer;
      const holder = (start instanceof Element ? start : start.parentElement)?.closest('[data-full-text]');
      // Only a selection inside one shortened value: a wider one copies what it covers.
      if (holder?.contains(range.endContainer)) full = holder.getAttribute('data-full-text');
    }
    if (!full || !event.clipboardData) return;
    event.clipboardData.setData('text/plain', full);
    event.preventDefault();
  };

  table.addEventListener('focusin', onFocusIn);
  table.addEventListener('focusout', onFocusOut);
  table.addEventListener('copy', onCopy);
  return () => {
    table.removeEventListener('focusin', onFocusIn);
    table.removeEventListener('focusout', onFocusOut);
    table.removeEventListener('copy', onCopy);
    if (shownFor && table.contains(shownFor.element)) hide();
  };
}
