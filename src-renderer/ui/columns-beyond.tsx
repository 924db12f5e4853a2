// Says how a table wider than its box continues (issue 37, item 2): above the box, the columns
// past its right edge by name, as a button that scrolls them in, and the way back once scrolled.
// The box's own sideways scrollbar sits at its bottom, which may be below the window's edge while
// its top is on screen: this line is on screen with the top, so nobody has to find the scrollbar
// to learn that Net, First seen and Last seen exist. Read from the laid-out header cells, so it
// holds for any table in any box (TableScroll, the legs tables' grid) and follows resizing.
import { type RefObject, useEffect, useState } from 'react';
import './columns-beyond.css';

interface Beyond {
  left: string[];
  right: string[];
}

const NONE: Beyond = { left: [], right: [] };
/** A column counts as beyond when more than this many pixels of it are outside the box. */
const SLACK = 2;

/** The header cells' names left and right of what the box shows now. */
function beyondOf(box: HTMLElement): Beyond {
  const row = box.querySelector('thead tr, [role="row"]');
  if (!row || box.scrollWidth <= box.clientWidth) return NONE;
  const { left } = box.getBoundingClientRect();
  const inner = { left: left + box.clientLeft, right: left + box.clientLeft + box.clientWidth };
  const out: Beyond = { left: [], right: [] };
  for (const cell of row.querySelectorAll<HTMLElement>('th, [role="columnheader"]')) {
    const r = cell.getBoundingClientRect();
    // The sort arrows are drawn, not named.
    const name = (cell.textContent ?? '').replace(/[▲▼]/g, '').trim();
    if (!name) continue;
    if (r.right > inner.right + SLACK) out.right.push(name);
    else if (r.left < inner.left - SLACK) out.left.push(name);
  }
  return out;
}

const same = (a: Beyond, b: Beyond) =>
  a.left.join('\n') === b.left.join('\n') && a.right.join('\n') === b.right.join('\n');

export function useColumnsBeyond(box: RefObject<HTMLElement | null>): Beyond {
  const [beyond, setBeyond] = useState<Beyond>(NONE);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = beyondOf(element);
      setBeyond((now) => (same(now, next) ? now : next));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', soon, { passive: true });
    // The box (the window resized) and what it holds (columns sized once their data arrived).
    const resize = new ResizeObserver(soon);
    resize.observe(element);
    for (const child of element.children) resize.observe(child);
    return () => {
      element.removeEventListener('scroll', soon);
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [box]);
  return beyond;
}

/** Up to three names, then how many more. */
function names(list: string[]): string {
  const shown = list.slice(0, 3).join(', ');
  return list.length > 3 ? `${shown} and ${list.length - 3} more` : shown;
}

export function ColumnsBeyond({ box }: { box: RefObject<HTMLElement | null> }) {
  const { left, right } = useColumnsBeyond(box);
  if (left.length === 0 && right.length === 0) return null;
  // By most of a box's width: a column cut at the edge stays partly in view as the next one comes.
  const step = (direction: 1 | -1) => {
    const element = box.current;
    if (element) element.scrollBy({ left: direction * Math.max(80, element.clientWidth * 0.8) });
  };
  return (
    <div className="columns-beyond" data-testid="columns-beyond">
      {left.length > 0 && (
        <button type="button" className="columns-beyond-left" onClick={() => step(-1)}>
          ← {names(left)}
        </button>
      )}
      {right.length > 0 && (
        <button type="button" className="columns-beyond-right" onClick={() => step(1)}>
          {right.length === 1 ? 'One more column' : `${right.length} more columns`}: {names(right)} →
        </button>
      )}
    </div>
  );
}
