// Where the palette gets recent views and how it opens one. Recent views are H1's (data/views.ts,
// navigation/): until they are in the tree the palette lists none.
import type { RecentView } from '../../src-shared/contract/views.ts';

export function useRecentViewList(): RecentView[] {
  return [];
}

export function openRecentView(_view: RecentView): void {}
