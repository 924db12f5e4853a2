// Where in the results the user is: the paging bar, or Load all's progress while every page is
// pulled into one table.
import { LoadAllBar, PagingBar } from './table/paging-bar.tsx';
import type { ShownTransfers } from './use-shown-transfers.ts';

export function ViewPaging({ shown }: { shown: ShownTransfers }) {
  const { all, page } = shown;
  if (shown.loadingAll) {
    return (
      <LoadAllBar
        legs={all.loadedLegs}
        pages={all.pages}
        running={all.running}
        done={all.done}
        failed={all.failed}
        canContinue={all.query.hasNextPage || all.pages === 0}
        onStop={all.stop}
        onContinue={all.resume}
      />
    );
  }
  return (
    <PagingBar
      count={page.isPlaceholderData ? null : (page.data?.count ?? null)}
      next={page.isPlaceholderData ? null : (page.data?.next ?? null)}
      loading={page.isFetching}
      failed={!page.data && page.isError ? { showing: shown.keptShown?.page ?? null } : null}
    />
  );
}
