// The keyboard grid's moves (ui/grid-keys.ts): where each key takes the focus in a table read as a
// grid, at its edges too, for a table of any length (the header is row 0).
import { describe, expect, it } from 'vitest';
import { cellAfterKey, rowsPerPage } from '../../../src-renderer/ui/grid-keys.ts';

const shape = { rows: 101, cols: 10, page: 15 };
const move = (row: number, col: number, key: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
  cellAfterKey({ row, col }, { key, ...mods }, shape);

describe('cellAfterKey', () => {
  it('moves one cell with each arrow', () => {
    expect(move(5, 5, 'ArrowUp')).toEqual({ row: 4, col: 5 });
    expect(move(5, 5, 'ArrowDown')).toEqual({ row: 6, col: 5 });
    expect(move(5, 5, 'ArrowLeft')).toEqual({ row: 5, col: 4 });
    expect(move(5, 5, 'ArrowRight')).toEqual({ row: 5, col: 6 });
  });

  it('stays at an edge: the header row, the last row, the first and the last column', () => {
    expect(move(0, 3, 'ArrowUp')).toEqual({ row: 0, col: 3 });
    expect(move(100, 3, 'ArrowDown')).toEqual({ row: 100, col: 3 });
    expect(move(7, 0, 'ArrowLeft')).toEqual({ row: 7, col: 0 });
    expect(move(7, 9, 'ArrowRight')).toEqual({ row: 7, col: 9 });
  });

  it('Home and End stay in the row; with Ctrl (or Cmd) they go to the first and the last cell', () => {
    expect(move(7, 4, 'Home')).toEqual({ row: 7, col: 0 });
    expect(move(7, 4, 'End')).toEqual({ row: 7, col: 9 });
    expect(move(7, 4, 'Home', { ctrlKey: true })).toEqual({ row: 0, col: 0 });
    expect(move(7, 4, 'End', { ctrlKey: true })).toEqual({ row: 100, col: 9 });
    expect(move(7, 4, 'End', { metaKey: true })).toEqual({ row: 100, col: 9 });
  });

  it('PageUp and PageDown move by the page, stopping at the first and the last row', () => {
    expect(move(20, 2, 'PageDown')).toEqual({ row: 35, col: 2 });
    expect(move(20, 2, 'PageUp')).toEqual({ row: 5, col: 2 });
    expect(move(95, 2, 'PageDown')).toEqual({ row: 100, col: 2 });
    expect(move(3, 2, 'PageUp')).toEqual({ row: 0, col: 2 });
  });

  it('reaches the last of ten million rows in one move (rows that are not drawn count)', () => {
    const huge = { rows: 10_000_001, cols: 10, page: 15 };
    expect(cellAfterKey({ row: 1, col: 0 }, { key: 'End', ctrlKey: true }, huge)).toEqual({ row: 10_000_000, col: 9 });
  });

  it('takes no other key, and nothing in an empty table', () => {
    expect(move(5, 5, 'Enter')).toBeNull();
    expect(move(5, 5, 'Tab')).toBeNull();
    expect(move(5, 5, 'a')).toBeNull();
    expect(cellAfterKey({ row: 0, col: 0 }, { key: 'ArrowDown' }, { rows: 0, cols: 0, page: 1 })).toBeNull();
  });

  it('brings a position left over from a longer table back inside it (rows removed by a filter)', () => {
    expect(cellAfterKey({ row: 500, col: 20 }, { key: 'ArrowUp' }, shape)).toEqual({ row: 99, col: 9 });
  });
});

describe('rowsPerPage', () => {
  it('is the rows a view shows, less one kept for context, and at least one', () => {
    expect(rowsPerPage(510, 30)).toBe(16);
    expect(rowsPerPage(20, 30)).toBe(1);
    expect(rowsPerPage(500, 0)).toBe(1);
  });
});
