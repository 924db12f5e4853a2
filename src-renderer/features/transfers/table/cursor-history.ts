// Where the user is in a paged listing: the `next` value that fetched each page so far. The
// service's cursor only goes forward (spec rule 7), so Back works by remembering how each earlier
// page was reached, not by asking the service.

export interface CursorHistory {
  /** cursors[0] is null (page 1); cursors[k] is the `next` that fetched page k + 1. */
  readonly cursors: readonly (string | null)[];
}

export const firstPage = (): CursorHistory => ({ cursors: [null] });

/** The cursor of the page on screen (null: page 1). */
export const currentCursor = (history: CursorHistory): string | null => history.cursors[history.cursors.length - 1];

/** 1-based page number of the page on screen. */
export const pageNumber = (history: CursorHistory): number => history.cursors.length;

export const canGoBack = (history: CursorHistory): boolean => history.cursors.length > 1;

export const forward = (history: CursorHistory, next: string): CursorHistory => ({
  cursors: [...history.cursors, next],
});

export const back = (history: CursorHistory): CursorHistory =>
  canGoBack(history) ? { cursors: history.cursors.slice(0, -1) } : history;

/** The history that reached page `nexts.length + 1` by these `next` values (a reload shows it again). */
export const historyOf = (nexts: readonly string[]): CursorHistory => ({ cursors: [null, ...nexts] });
