// From the differences to what each column of Side by side marks and where it scrolls: a path
// only one answer has is marked in that one, and the other column shows the container that lacks it.
import type { TreeMark } from '../json-tree.tsx';
import { childPath, pathKeys } from '../json-tree-model.ts';
import type { JsonDifference } from './json-diff.ts';

export type Side = 'left' | 'right';

/** Whether `side`'s answer has the path of a difference of this kind. */
const present = (kind: JsonDifference['kind'], side: Side) =>
  kind === 'changed' || (side === 'left' ? kind === 'removed' : kind === 'added');

/** The marks of one column: each difference its answer has, and every container above a difference. */
export function marksFor(differences: readonly JsonDifference[], side: Side): Map<string, TreeMark> {
  const marks = new Map<string, TreeMark>();
  for (const { path, kind } of differences) {
    let parent = '';
    for (const key of pathKeys(path).slice(0, -1)) {
      if (!marks.has(parent)) marks.set(parent, 'inside');
      parent = childPath(parent, key);
    }
    if (path !== '' && !marks.has(parent)) marks.set(parent, 'inside');
    if (present(kind, side)) marks.set(path, kind);
  }
  return marks;
}

/** The row a column scrolls to for a difference: its path, or the nearest container its answer has. */
export function focusPathFor(difference: JsonDifference, side: Side): string {
  if (present(difference.kind, side)) return difference.path;
  const keys = pathKeys(difference.path);
  return keys.slice(0, -1).reduce((parent, key) => childPath(parent, key), '');
}

/** How a difference reads in the list: "/result/0/data" becomes "result.0.data". */
export function pathLabel(path: string): string {
  return path === '' ? '(the whole answer)' : pathKeys(path).join('.');
}
