import { describe, expect, it } from 'vitest';
import {
  back,
  canGoBack,
  currentCursor,
  firstPage,
  forward,
  pageNumber,
} from '../../../../../src-renderer/features/transfers/table/cursor-history.ts';

describe('CursorHistory', () => {
  it('starts on page 1 with no cursor and cannot go back', () => {
    const h = firstPage();
    expect(pageNumber(h)).toBe(1);
    expect(currentCursor(h)).toBeNull();
    expect(canGoBack(h)).toBe(false);
    expect(back(h)).toBe(h);
  });

  it('remembers how each page was reached, so Back returns to the exact earlier cursor', () => {
    const p1 = firstPage();
    const p2 = forward(p1, 'https://x/next?cursor=A');
    const p3 = forward(p2, 'https://x/next?cursor=B');
    expect(pageNumber(p3)).toBe(3);
    expect(currentCursor(p3)).toBe('https://x/next?cursor=B');
    const backTo2 = back(p3);
    expect(pageNumber(backTo2)).toBe(2);
    expect(currentCursor(backTo2)).toBe('https://x/next?cursor=A');
    expect(currentCursor(back(backTo2))).toBeNull();
  });

  it('is immutable: an earlier history (kept for a drill-down Back) never changes', () => {
    const p2 = forward(firstPage(), 'A');
    const snapshot = JSON.stringify(p2);
    forward(p2, 'B');
    back(p2);
    expect(JSON.stringify(p2)).toBe(snapshot);
  });
});
